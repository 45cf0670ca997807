// Document frequencies of search keys: `searchterms` holds `{_id: key, n}`, the number of
// searchable documents (questions, papers, subjects) whose keys contain `key`, plus the total
// number of searchable documents under DOCUMENTS_KEY. Search reads them to push its rarest term
// and to weigh terms by rarity. They are kept by `$inc` on every write of a searchable document
// (see docs/decisions/0007-search.md: the engine applies `$inc` as read-then-write, so concurrent
// writes may lose an increment; the counts steer ranking and the choice of the pushed term, never
// which documents match, and rebuildTermCounts recounts them from the documents).
import type { mongo } from 'mongoose';
import { mongoose } from '../db.js';
import { isDuplicateKeyError } from '../errors.js';

/** The key whose count is the number of searchable documents (no word key starts with `#`). */
export const DOCUMENTS_KEY = '#documents';

/** The collection of counts: derived data, so no model (it is not catalog content). */
export const SEARCH_TERMS_COLLECTION = 'searchterms';

interface TermDoc {
  _id: string;
  n: number;
}

function termsCollection(): mongo.Collection<TermDoc> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('search term counts need a connected database');
  return db.collection<TermDoc>(SEARCH_TERMS_COLLECTION);
}

/** Changes of counts: key -> delta. */
export type TermDelta = Map<string, number>;

/** Adds the keys of documents that appeared (+1 each) and of documents that went (-1 each). */
export function termDelta(
  added: readonly (readonly string[])[],
  removed: readonly (readonly string[])[] = [],
): TermDelta {
  const delta: TermDelta = new Map();
  const bump = (keys: readonly string[], by: number) => {
    for (const key of new Set(keys)) delta.set(key, (delta.get(key) ?? 0) + by);
  };
  for (const keys of added) bump(keys, 1);
  for (const keys of removed) bump(keys, -1);
  delta.set(DOCUMENTS_KEY, (delta.get(DOCUMENTS_KEY) ?? 0) + added.length - removed.length);
  for (const [key, by] of delta) if (by === 0) delta.delete(key);
  return delta;
}

/** The delta of one document whose keys changed from `before` to `after` (its count unchanged). */
export function changeDelta(before: readonly string[], after: readonly string[]): TermDelta {
  const delta = termDelta([after], [before]);
  delta.delete(DOCUMENTS_KEY);
  return delta;
}

async function writeDelta(delta: TermDelta): Promise<void> {
  const changes = [...delta].filter(([, by]) => by !== 0);
  if (changes.length === 0) return;
  const ops = changes.map(([key, by]) => ({
    updateOne: { filter: { _id: key }, update: { $inc: { n: by } }, upsert: true },
  }));
  try {
    await termsCollection().bulkWrite(ops, { ordered: false });
  } catch (error) {
    // Two first upserts of one key (from two processes) collide on `_id`: retry the losers once.
    const failed = (error as { writeErrors?: { index: number }[] }).writeErrors;
    if (!failed?.length || !isDuplicateKeyError(error)) throw error;
    const retry = failed.map((e) => ops[e.index]).filter((op) => op !== undefined);
    await termsCollection().bulkWrite(retry, { ordered: false });
  }
}

// One write of counts at a time per process; deltas arriving meanwhile are merged into the next
// one. Fifty documents created at once cost a few bulk writes, not fifty writes racing for the
// same keys (which the engine applies one by one, read-then-write).
let waiting: { delta: TermDelta; done: Promise<void> } | null = null;
let previous: Promise<unknown> = Promise.resolve();

/**
 * Applies a delta as upserting `$inc`s, merged with the deltas of concurrent writes into one
 * bulk write. Resolves once the write holding it is done.
 */
export function applyTermDelta(delta: TermDelta): Promise<void> {
  if (delta.size === 0) return Promise.resolve();
  if (!waiting) {
    const batch: TermDelta = new Map();
    const done = previous.then(() => {
      if (waiting?.delta === batch) waiting = null;
      return writeDelta(batch);
    });
    waiting = { delta: batch, done };
    previous = done.catch(() => undefined);
  }
  for (const [key, by] of delta) waiting.delta.set(key, (waiting.delta.get(key) ?? 0) + by);
  return waiting.done;
}

/** The counts of the given keys (0 for keys no document holds). One `_id` read per key, in parallel. */
export async function readTermCounts(keys: readonly string[]): Promise<Map<string, number>> {
  const distinct = [...new Set(keys)];
  // One equality on `_id` per key: the engine answers each from its primary key, where an `$in`
  // would read the whole collection.
  const found = await Promise.all(
    distinct.map((key) => termsCollection().findOne({ _id: key }, { projection: { n: 1 } })),
  );
  return new Map(distinct.map((key, i) => [key, Math.max(0, found[i]?.n ?? 0)]));
}

/** Replaces every count by one computed from the given key lists (one list per document). */
export async function replaceTermCounts(documents: Iterable<readonly string[]>): Promise<number> {
  const counts = new Map<string, number>();
  let total = 0;
  for (const keys of documents) {
    total += 1;
    for (const key of new Set(keys)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  counts.set(DOCUMENTS_KEY, total);
  const collection = termsCollection();
  await collection.deleteMany({});
  const rows = [...counts].map(([key, n]) => ({ _id: key, n }));
  for (let i = 0; i < rows.length; i += 5_000) {
    await collection.insertMany(rows.slice(i, i + 5_000), { ordered: false });
  }
  return counts.size;
}
