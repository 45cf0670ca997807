// Backfills of fields that documents written by earlier versions lack: the ancestor keys and
// copied paper status that visibility.ts and the loaders filter on. Each step copies fields from
// the parent onto the children that miss them; steps run parents first, so a child's parent is
// complete before the child copies from it. Safe to run again: only documents missing the field
// are read, and a finished run is recorded so later starts skip the scans.
import type { mongo } from 'mongoose';
import { mongoose } from '../db.js';
import type { ModelName } from '../writing/references.js';
import '../models.js';
import { PUBLIC_PAPER_STATUS } from '../visibility.js';
import { BACKFILL_MARKERS } from './backfill-markers.js';

function collectionOf(name: ModelName): string {
  return mongoose.model(name).collection.collectionName;
}

interface BackfillStep {
  /** Model of the children, e.g. `Question`. */
  child: ModelName;
  /** A field the children miss when they need the step. */
  missing: string;
  /** The child's field holding its parent's id, and the parent's model. */
  via: string;
  parent: ModelName;
  /** child field <- parent field. */
  copy: Record<string, string>;
}

const STEPS: readonly BackfillStep[] = [
  {
    child: 'Semester',
    missing: 'universityId',
    via: 'branchId',
    parent: 'Branch',
    copy: { universityId: 'universityId' },
  },
  {
    child: 'Syllabus',
    missing: 'universityId',
    via: 'subjectOfferingId',
    parent: 'SubjectOffering',
    copy: { universityId: 'universityId' },
  },
  {
    child: 'Module',
    missing: 'universityId',
    via: 'syllabusId',
    parent: 'Syllabus',
    copy: { universityId: 'universityId' },
  },
  {
    child: 'Topic',
    missing: 'universityId',
    via: 'moduleId',
    parent: 'Module',
    copy: { syllabusId: 'syllabusId', universityId: 'universityId' },
  },
  {
    child: 'Paper',
    missing: 'universityId',
    via: 'subjectOfferingId',
    parent: 'SubjectOffering',
    copy: {
      universityId: 'universityId',
      branchId: 'branchId',
      semesterId: 'semesterId',
      subjectId: 'subjectId',
    },
  },
  {
    child: 'Question',
    missing: 'examYear',
    via: 'paperId',
    parent: 'Paper',
    copy: { universityId: 'universityId', paperStatus: 'status', examYear: 'examYear' },
  },
  {
    child: 'Solution',
    missing: 'paperStatus',
    via: 'questionId',
    parent: 'Question',
    copy: {
      paperId: 'paperId',
      subjectOfferingId: 'subjectOfferingId',
      universityId: 'universityId',
      paperStatus: 'paperStatus',
    },
  },
  {
    child: 'Vote',
    missing: 'subjectOfferingId',
    via: 'solutionId',
    parent: 'Solution',
    copy: { questionId: 'questionId', subjectOfferingId: 'subjectOfferingId' },
  },
];

const MARKER = BACKFILL_MARKERS.ancestorKeys;

/** Statements per update command (see runStep). */
const BATCH = 40;

async function runStep(
  db: NonNullable<typeof mongoose.connection.db>,
  step: BackfillStep,
): Promise<number> {
  const children: mongo.Collection<mongo.Document> = db.collection(collectionOf(step.child));
  const stale = await children
    .find({ [step.missing]: { $exists: false } }, { projection: { [step.via]: 1 } })
    .toArray();
  if (stale.length === 0) return 0;
  const parentIds = [...new Map(stale.map((c) => [String(c[step.via]), c[step.via]])).values()];
  const parents = await db
    .collection(collectionOf(step.parent))
    .find({ _id: { $in: parentIds as mongo.ObjectId[] } })
    .toArray();
  const byId = new Map(parents.map((p) => [String(p._id), p]));
  const writes = stale.flatMap((c) => {
    const parent = byId.get(String(c[step.via]));
    if (!parent) return [];
    const $set = Object.fromEntries(
      Object.entries(step.copy).map(([to, from]) => [to, parent[from]]),
    );
    return [{ updateOne: { filter: { _id: c._id }, update: { $set } } }];
  });
  // FerretDB on PostgreSQL never answers an update command of more than about 50 statements
  // that match documents (its connection pool runs dry): write in small commands.
  for (let i = 0; i < writes.length; i += BATCH) {
    await children.bulkWrite(writes.slice(i, i + BATCH), { ordered: false });
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
    .collection(collectionOf('University'))
    .find({ isActive: false }, { projection: { _id: 1 } })
    .toArray();
  const hidden = inactive.map((u) => u._id);
  let updated = 0;
  for (const [name, status] of [
    ['Paper', 'status'],
    ['Question', 'paperStatus'],
    ['Solution', 'paperStatus'],
  ] as const) {
    const collection = db.collection(collectionOf(name));
    const missing = { visible: { $exists: false } };
    const shown = await collection.updateMany(
      { ...missing, [status]: PUBLIC_PAPER_STATUS, universityId: { $nin: hidden } },
      { $set: { visible: true } },
    );
    const rest = await collection.updateMany(missing, { $set: { visible: false } });
    updated += shown.modifiedCount + rest.modifiedCount;
  }
  await migrations.updateOne(VISIBLE_MARKER, { $set: { at: new Date() } }, { upsert: true });
  return { updated };
}
