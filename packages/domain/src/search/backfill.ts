// Brings documents written before search existed (or by raw driver writes) up to date: the exam
// year questions copy from their paper, the search keys of questions, papers and subjects, and
// the document frequencies, recounted from the documents. backfillSearch runs once per database
// (recorded in `migrations`); reindexSearch redoes everything on demand.
import type { mongo } from 'mongoose';
import { mongoose } from '../db.js';
// The search index rewrites the keys of the models it indexes by the driver, so it imports them
// directly (import-graph.test.ts allows it).
import { PaperModel } from '../paper/model.js';
import { QuestionModel } from '../question/model.js';
import type { AnyModel } from '../storage/model-helpers.js';
import { SubjectModel } from '../subject/model.js';
import { TopicModel } from '../syllabus/model.js';
import { bumpGeneration, KEPT_FIELDS } from './context-generations.js';
import type { KeptModel } from './context-generations.js';
import { rebuildSearchEntries, regroupQuestions } from './entry-backfill.js';
import { indexOf, searchableFieldsOf } from './indexing.js';
import type { SearchableFields } from './indexing.js';
import { SEARCH_KEY_FIELDS } from './tokens.js';
import {
  clearUnrecordedStaleCounts,
  hasUnrecordedStaleCounts,
  replaceTermCounts,
  STALE_COUNTS_MARKER,
  TERM_UPDATES_PER_COMMAND,
} from './terms.js';
import { BACKFILL_MARKERS } from '../storage/backfill-markers.js';

// search-1 stored every key in one array (`searchKeys`, `searchTitleKeys`); search-2 spreads
// fewer keys over `searchKeys0..7` and leaves the old fields out (removed here); search-3 adds
// the keys of syllabus topics (found by title since the fourth release).
const MARKER = BACKFILL_MARKERS.search;
const LEGACY_KEY_FIELDS = { searchKeys: '', searchTitleKeys: '' } as const;
const SEARCHABLE: readonly AnyModel[] = [QuestionModel, PaperModel, SubjectModel, TopicModel];
// Updates per command: FerretDB 1.24 on PostgreSQL hangs on larger update commands (terms.ts).
const BATCH = TERM_UPDATES_PER_COMMAND;

type Db = NonNullable<typeof mongoose.connection.db>;

function collectionOf(db: Db, model: AnyModel): mongo.Collection<mongo.Document> {
  return db.collection(model.collection.collectionName);
}

async function writeInBatches(
  collection: mongo.Collection<mongo.Document>,
  writes: mongo.AnyBulkWriteOperation<mongo.Document>[],
): Promise<void> {
  for (let i = 0; i < writes.length; i += BATCH) {
    await collection.bulkWrite(writes.slice(i, i + BATCH), { ordered: false });
  }
}

/** Copies each paper's exam year onto its questions that lack it (all of them when `all`). */
async function copyExamYears(db: Db, all: boolean): Promise<number> {
  const questions = collectionOf(db, QuestionModel);
  const filter = all ? {} : { $or: [{ examYear: { $exists: false } }, { examYear: null }] };
  const stale = await questions.find(filter, { projection: { paperId: 1, examYear: 1 } }).toArray();
  if (stale.length === 0) return 0;
  const papers = await collectionOf(db, PaperModel)
    .find({}, { projection: { examYear: 1 } })
    .toArray();
  const yearOf = new Map(papers.map((p) => [String(p._id), p.examYear as number]));
  const writes = stale.flatMap((q) => {
    const year = yearOf.get(String(q.paperId));
    if (year === undefined || year === q.examYear) return [];
    return [{ updateOne: { filter: { _id: q._id }, update: { $set: { examYear: year } } } }];
  });
  await writeInBatches(questions, writes);
  return writes.length;
}

function fieldsOf(model: AnyModel): SearchableFields {
  const fields = searchableFieldsOf(model.schema);
  if (!fields) throw new Error(`${model.modelName} is not searchable`);
  return fields;
}

function sourceProjection(fields: SearchableFields): Record<string, 1> {
  return Object.fromEntries([...fields.title, ...fields.body].map((f) => [f, 1]));
}

/** Computes the keys of the documents of one model that lack them (all of them when `all`); drops search-1's fields. */
async function writeKeys(db: Db, model: AnyModel, all: boolean): Promise<number> {
  const fields = fieldsOf(model);
  const collection = collectionOf(db, model);
  const filter = all ? {} : { [SEARCH_KEY_FIELDS[0]!]: { $exists: false } };
  const docs = await collection.find(filter, { projection: sourceProjection(fields) }).toArray();
  const writes = docs.map((doc) => ({
    updateOne: {
      filter: { _id: doc._id },
      update: { $set: indexOf(fields, (path) => doc[path]).fields, $unset: LEGACY_KEY_FIELDS },
    },
  }));
  await writeInBatches(collection, writes);
  return writes.length;
}

async function recount(db: Db): Promise<number> {
  const lists: string[][] = [];
  for (const model of SEARCHABLE) {
    const fields = fieldsOf(model);
    const docs = await collectionOf(db, model)
      .find({}, { projection: sourceProjection(fields) })
      .toArray();
    for (const doc of docs) lists.push(indexOf(fields, (path) => doc[path]).stems);
  }
  return replaceTermCounts(lists);
}

function connectedDb(): Db {
  const db = mongoose.connection.db;
  if (!db) throw new Error('search backfill needs a connected database');
  return db;
}

/**
 * Recomputes what search relies on: questions' exam years, every searchable document's keys
 * (only the missing ones unless `all`), every document frequency, every question's group key
 * and every search entry.
 */
export async function reindexSearch(
  options: { all?: boolean } = {},
): Promise<{ updated: number; terms: number; entries: number }> {
  const db = connectedDb();
  const all = options.all ?? true;
  let updated = await copyExamYears(db, all);
  for (const model of SEARCHABLE) updated += await writeKeys(db, model, all);
  const terms = await recount(db);
  // It repairs raw driver writes, which may have changed fields a search's context keeps too.
  for (const name of Object.keys(KEPT_FIELDS) as KeptModel[]) await bumpGeneration(name);
  // Group keys, then the entries, from the documents as they are now.
  updated += await regroupQuestions();
  const entries = await rebuildSearchEntries();
  return { updated, terms, entries };
}

/** Fills search keys, exam years and term counts of documents written before search existed (once). */
export async function backfillSearch(): Promise<{ updated: number }> {
  const db = connectedDb();
  const migrations = db.collection<{ _id: string }>('migrations');
  if (await migrations.findOne(MARKER)) return { updated: 0 };
  const { updated } = await reindexSearch({ all: false });
  await migrations.updateOne(MARKER, { $set: { at: new Date() } }, { upsert: true });
  return { updated };
}

/**
 * Recounts every document frequency when a write could not apply its delta (terms.ts marks it):
 * the repair of a write whose counts were left behind. Answers whether it recounted.
 */
export async function repairTermCounts(): Promise<boolean> {
  const db = connectedDb();
  const migrations = db.collection<{ _id: string; at?: Date }>('migrations');
  const marker = await migrations.findOne(STALE_COUNTS_MARKER);
  if (!marker && !hasUnrecordedStaleCounts()) return false;
  await recount(db);
  clearUnrecordedStaleCounts();
  // A delta lost during the recount marked it again with a newer time: that one stays.
  if (marker) await migrations.deleteOne({ ...STALE_COUNTS_MARKER, at: marker.at });
  return true;
}
