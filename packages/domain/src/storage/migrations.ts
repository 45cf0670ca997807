// Backfills of fields that documents written by earlier versions lack: the copies each child keeps
// of its parent's fields (writing/reference-table.ts: ancestor keys, paper status, exam year) that
// visibility.ts and the lists filter on, and the `visible` flag. Each step is one reference of the
// table with copies: it copies them from the parent onto the children that miss one; the table
// lists parents first, so a child's parent is complete before the child copies from it. Safe to
// run again: only documents missing a field are read, and a finished run is recorded so later
// starts skip the scans.
import type { mongo } from 'mongoose';
import { mongoose } from '../db.js';
import { PaperModel, QuestionModel, SolutionModel, UniversityModel } from '../models.js';
import { publicWhere } from '../visibility.js';
import { REFERENCES } from '../writing/reference-table.js';
import type { Copy, Reference } from '../writing/reference-table.js';
import type { AnyModel } from './model-helpers.js';
import { BACKFILL_MARKERS } from './backfill-markers.js';
import {
  bumpGeneration,
  isKeptModel,
  KEPT_FIELDS,
  updateTouches,
} from '../search/context-generations.js';

function collectionOf(model: AnyModel): string {
  return model.collection.collectionName;
}

/**
 * The copies a step fills: the fields copied as they are. A flag (`visible`) is left to
 * backfillVisible, which computes it from the status rule: a parent written before the flag
 * existed has none to copy.
 */
function backfilledCopies(reference: Reference): [string, string][] {
  return Object.entries(reference.copies).flatMap(([to, copy]: [string, Copy]) =>
    typeof copy === 'string' ? [[to, copy] as [string, string]] : [],
  );
}

const STEPS: readonly Reference[] = REFERENCES.filter((r) => backfilledCopies(r).length > 0);

const MARKER = BACKFILL_MARKERS.ancestorKeys;

/** Statements per update command (see runStep). */
const BATCH = 40;

async function runStep(
  db: NonNullable<typeof mongoose.connection.db>,
  step: Reference,
): Promise<number> {
  const copies = backfilledCopies(step);
  const children: mongo.Collection<mongo.Document> = db.collection(collectionOf(step.child));
  const stale = await children
    .find(
      { $or: copies.map(([to]) => ({ [to]: { $exists: false } })) },
      { projection: { [step.field]: 1 } },
    )
    .toArray();
  if (stale.length === 0) return 0;
  const parentIds = [...new Map(stale.map((c) => [String(c[step.field]), c[step.field]])).values()];
  const parents = await db
    .collection(collectionOf(step.parent))
    .find({ _id: { $in: parentIds as mongo.ObjectId[] } })
    .toArray();
  const byId = new Map(parents.map((p) => [String(p._id), p]));
  const writes = stale.flatMap((c) => {
    const parent = byId.get(String(c[step.field]));
    if (!parent) return [];
    const $set = Object.fromEntries(
      copies
        .filter(([, from]) => parent[from] !== undefined)
        .map(([to, from]) => [to, parent[from]]),
    );
    return [{ updateOne: { filter: { _id: c._id }, update: { $set } } }];
  });
  // FerretDB on PostgreSQL never answers an update command of more than about 50 statements
  // that match documents (its connection pool runs dry): write in small commands.
  for (let i = 0; i < writes.length; i += BATCH) {
    await children.bulkWrite(writes.slice(i, i + BATCH), { ordered: false });
  }
  // A raw write, outside the schema hooks: a copy the search context keeps (a paper's subjectId)
  // drops the rows every process keeps of the collection.
  const name = step.child.modelName;
  if (isKeptModel(name) && copies.some(([to]) => updateTouches({ [to]: 1 }, KEPT_FIELDS[name]))) {
    await bumpGeneration(name);
  }
  return writes.length;
}

/** Fills the ancestor keys and copied paper status of documents written before they existed. */
export async function backfillAncestorKeys(): Promise<{ updated: number }> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('backfillAncestorKeys needs a connected database');
  const migrations = db.collection<{ _id: string }>('migrations');
  if (await migrations.findOne(MARKER)) return { updated: 0 };
  let updated = 0;
  for (const step of STEPS) updated += await runStep(db, step);
  await migrations.updateOne(MARKER, { $set: { at: new Date() } }, { upsert: true });
  return { updated };
}

const VISIBLE_MARKER = BACKFILL_MARKERS.visible;

/**
 * Fills `visible` on papers, questions and solutions written before it existed: true for approved
 * content of active universities (visibility.ts's isPublic), false for the rest. Runs after the
 * ancestor keys, which it reads.
 */
export async function backfillVisible(): Promise<{ updated: number }> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('backfillVisible needs a connected database');
  const migrations = db.collection<{ _id: string }>('migrations');
  if (await migrations.findOne(VISIBLE_MARKER)) return { updated: 0 };
  const inactive = await db
    .collection(collectionOf(UniversityModel))
    .find({ isActive: false }, { projection: { _id: 1 } })
    .toArray();
  const hidden = inactive.map((u) => u._id);
  let updated = 0;
  for (const [model, kind] of [
    [PaperModel, 'paper'],
    [QuestionModel, 'question'],
    [SolutionModel, 'solution'],
  ] as const) {
    const collection = db.collection(collectionOf(model));
    const missing = { visible: { $exists: false } };
    const shown = await collection.updateMany(
      { ...missing, ...publicWhere(kind, hidden) },
      { $set: { visible: true } },
    );
    const rest = await collection.updateMany(missing, { $set: { visible: false } });
    updated += shown.modifiedCount + rest.modifiedCount;
  }
  await migrations.updateOne(VISIBLE_MARKER, { $set: { at: new Date() } }, { upsert: true });
  return { updated };
}
