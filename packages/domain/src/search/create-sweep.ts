// Question creates are not journalled (decision 9): the journal row was one more commit on every
// create's path (decision 13). A create's entry is written after its question, so a crash between
// the two, or a refused entry write whose undo failed too, leaves a question without its entry
// and without a journal row. The periodic repair finds those by their `createdAt`: each pass reads
// the questions created since the last pass's bound, newest first, from the questions' own
// {createdAt: -1, _id: -1} index (the engine sends an unfiltered find's sort and limit to
// PostgreSQL: patch 0001), and rewrites the entries of those that have none. The bound is kept in
// `migrations`; a database gets it at its first start by this version (prepareDatabase), before
// which every create was journalled.
import type { Model, mongo } from 'mongoose';
import { mongoose } from '../db.js';
// The sweep reads questions directly (import-graph.test.ts allows it under search/).
import { QuestionModel } from '../question/model.js';
import { SEARCH_ENTRIES_COLLECTION } from './entries.js';
import { rewriteEntries } from './entry-writes.js';

const SWEPT_MARKER = { _id: 'search-entries-creates-swept' } as const;
/** Ids per `$in`: FerretDB 1.24 hangs on large commands (terms.ts). */
const IDS_PER_COMMAND = 500;
/** The first read's size; a pass reading more reads again, four times as many. */
const FIRST_READ = 256;

interface SweptMarker {
  _id: string;
  /** Every question created at or before this instant has its entry (or a journal row). */
  until: Date;
}

interface Created {
  _id: mongo.ObjectId;
  createdAt?: unknown;
}

function connectedDb() {
  const db = mongoose.connection.db;
  if (!db) throw new Error('the sweep of creates needs a connected database');
  return db;
}
const migrations = () => connectedDb().collection<SweptMarker>('migrations');

/** Starts the sweep's bound at now on a database that has none (its creates were journalled). */
export async function startCreateSweeps(): Promise<void> {
  await migrations().updateOne(
    SWEPT_MARKER,
    { $setOnInsert: { until: new Date() } },
    { upsert: true },
  );
}

/** How the sweep reads the newest questions: no filter, so that the engine sends the sort and limit. */
export const NEWEST_CREATES = {
  filter: {},
  projection: { _id: 1, createdAt: 1 },
  sort: { createdAt: -1, _id: -1 },
} as const;

/** The questions created at or after `from`, newest first: one read, larger until it reaches `from`. */
async function createdSince(model: Model<unknown>, from: Date): Promise<Created[]> {
  const { filter, projection, sort } = NEWEST_CREATES;
  for (let limit = FIRST_READ; ; limit *= 4) {
    const read = await model.collection
      .find<Created>(filter, { projection })
      .sort(sort)
      .limit(limit)
      .toArray();
    const oldest = read.at(-1)?.createdAt;
    // One read, not pages: a page boundary would move under concurrent deletes and skip one.
    if (read.length < limit || !(oldest instanceof Date) || oldest < from)
      return read.filter((doc) => doc.createdAt instanceof Date && doc.createdAt >= from);
  }
}

/**
 * Writes the entry of every question created since the last pass and more than `graceMs` ago
 * (younger creates may still be under way) that has none; returns how many it wrote.
 */
export async function sweepCreates(graceMs: number): Promise<number> {
  const upTo = new Date(Date.now() - graceMs);
  // No bound (it was removed): every question is checked once.
  const from = (await migrations().findOne(SWEPT_MARKER))?.until ?? new Date(0);
  if (from > upTo) return 0;
  const due = (await createdSince(QuestionModel as unknown as Model<unknown>, from))
    .filter((doc) => (doc.createdAt as Date) <= upTo)
    .map((doc) => doc._id);
  const entries = connectedDb().collection(SEARCH_ENTRIES_COLLECTION);
  const missing: mongo.ObjectId[] = [];
  for (let i = 0; i < due.length; i += IDS_PER_COMMAND) {
    const part = due.slice(i, i + IDS_PER_COMMAND);
    const found = await entries.find({ _id: { $in: part } }, { projection: { _id: 1 } }).toArray();
    const present = new Set(found.map((entry) => String(entry._id)));
    missing.push(...part.filter((id) => !present.has(String(id))));
  }
  await rewriteEntries(QuestionModel as unknown as Model<unknown>, 'question', missing);
  // Only after the entries are written: a pass that fails leaves the bound for the next one.
  await migrations().updateOne(SWEPT_MARKER, { $max: { until: upTo } }, { upsert: true });
  return missing.length;
}
