// Brings the search entries (entries.ts) and the questions' group keys (group-key.ts) up to date
// with the documents: once per database for data written before entries existed
// (backfillSearchEntries, recorded in `migrations`), on demand (reindexSearch), and as the repair
// of a journalled entry write left half done (repairSearchEntries, storage/repairs.ts).
import type { Model, Types } from 'mongoose';
import { mongoose } from '../db.js';
// Entries are rebuilt from the models' documents by the driver: this module imports the models
// directly (import-graph.test.ts allows it under search/).
import { PaperModel } from '../paper/model.js';
import { QuestionModel } from '../question/model.js';
import { BACKFILL_MARKERS } from '../storage/backfill-markers.js';
import { SubjectModel } from '../subject/model.js';
import { TopicModel } from '../syllabus/model.js';
import { ENTRY_SOURCE_PROJECTION, entryOf, SEARCH_ENTRIES_COLLECTION } from './entries.js';
import type { EntryDoc, EntrySource } from './entries.js';
import { parseEntryTarget, putEntries, rewriteEntries } from './entry-writes.js';
import { GROUP_FIELD, groupKeysInBulk } from './group-key.js';
import { BAND_PROJECTION } from '../similar/plugin.js';
import type { SearchType } from './schema.js';

const MODELS: Record<SearchType, Model<unknown>> = {
  question: QuestionModel as unknown as Model<unknown>,
  paper: PaperModel as unknown as Model<unknown>,
  subject: SubjectModel as unknown as Model<unknown>,
  topic: TopicModel as unknown as Model<unknown>,
};
// Group key writes per command: FerretDB 1.24 hangs on larger update commands (terms.ts).
const BATCH = 40;

function connectedDb() {
  const db = mongoose.connection.db;
  if (!db) throw new Error('search entries need a connected database');
  return db;
}

/** Rebuilds the entries a journal row names (the repair of kind `search-entries`). */
export async function repairSearchEntries(target: string): Promise<void> {
  const { type, ids } = parseEntryTarget(target);
  await rewriteEntries(MODELS[type], type, ids);
}

/** Gives every question the group key the write path would give it, oldest first; returns how many changed. */
export async function regroupQuestions(): Promise<number> {
  const questions = await QuestionModel.collection
    .find(
      {},
      {
        projection: { paperId: 1, text: 1, createdAt: 1, [GROUP_FIELD]: 1, ...BAND_PROJECTION },
      },
    )
    .toArray();
  const groups = groupKeysInBulk(
    questions as (Record<string, unknown> & { _id: Types.ObjectId })[],
  );
  const writes = questions.flatMap((q) => {
    const g = groups.get(String(q._id));
    if (!g || q[GROUP_FIELD] === g) return [];
    return [{ updateOne: { filter: { _id: q._id }, update: { $set: { [GROUP_FIELD]: g } } } }];
  });
  for (let i = 0; i < writes.length; i += BATCH) {
    await QuestionModel.collection.bulkWrite(writes.slice(i, i + BATCH), { ordered: false });
  }
  return writes.length;
}

/** Rewrites every entry from the documents and removes the entries of documents gone; returns how many were written. */
export async function rebuildSearchEntries(): Promise<number> {
  const entries = connectedDb().collection<EntryDoc>(SEARCH_ENTRIES_COLLECTION);
  const stored = await entries.find({}, { projection: { _id: 1 } }).toArray();
  const present = new Set(stored.map((entry) => String(entry._id)));
  const kept = new Set<string>();
  let written = 0;
  for (const [type, model] of Object.entries(MODELS) as [SearchType, Model<unknown>][]) {
    const docs = await model.collection
      .find({}, { projection: ENTRY_SOURCE_PROJECTION[type] })
      .toArray();
    const built: EntryDoc[] = docs.map((doc) => entryOf(type, doc as EntrySource));
    // New entries by insertMany (the first backfill's case), the others replaced one by one.
    const fresh = built.filter((entry) => !present.has(String(entry._id)));
    for (let i = 0; i < fresh.length; i += 1_000) {
      await entries.insertMany(fresh.slice(i, i + 1_000), { ordered: false });
    }
    await putEntries(built.filter((entry) => present.has(String(entry._id))));
    for (const entry of built) kept.add(String(entry._id));
    written += built.length;
  }
  const gone = stored.filter((entry) => !kept.has(String(entry._id))).map((entry) => entry._id);
  for (let i = 0; i < gone.length; i += 500) {
    await entries.deleteMany({ _id: { $in: gone.slice(i, i + 500) } });
  }
  return written;
}

/** Group keys and entries of documents written before entries existed (once per database). */
export async function backfillSearchEntries(): Promise<{ updated: number }> {
  const migrations = connectedDb().collection<{ _id: string }>('migrations');
  const marker = BACKFILL_MARKERS.searchEntries;
  if (await migrations.findOne(marker)) return { updated: 0 };
  const updated = (await regroupQuestions()) + (await rebuildSearchEntries());
  await migrations.updateOne(marker, { $set: { at: new Date() } }, { upsert: true });
  return { updated };
}
