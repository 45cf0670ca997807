// Document frequencies of search keys: `searchterms` holds `{_id: key, n}`, the number of
// searchable documents (questions, papers, subjects) whose keys contain `key`, plus the total
// number of searchable documents under DOCUMENTS_KEY. Search reads them to push its rarest term
// and to weigh terms by rarity. They are kept by `$inc` on every write of a searchable document
// (see docs/decisions/0007-search.md: the engine applies `$inc` as read-then-write, so concurrent
// writes may lose an increment; the counts steer ranking and the choice of the pushed term, never
// which documents match, and rebuildTermCounts recounts them from the documents).
import { model, Schema } from 'mongoose';
import { isDuplicateKeyError } from '../errors.js';

/** The key whose count is the number of searchable documents (no word key starts with `#`). */
export const DOCUMENTS_KEY = '#documents';

const searchTermSchema = new Schema(
  {
    _id: { type: String, required: true },
    n: { type: Number, required: true, default: 0 },
  },
  { versionKey: false, strict: 'throw' },
);

export const SearchTermModel = model('SearchTerm', searchTermSchema, 'searchterms');

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

/**
 * Applies a delta in one bulk write of upserting `$inc`s. Two first upserts of one key at once
 * collide on `_id`: the losers are retried once (the key exists by then).
 */
export async function applyTermDelta(delta: TermDelta): Promise<void> {
  if (delta.size === 0) return;
  const ops = [...delta].map(([key, by]) => ({
    updateOne: { filter: { _id: key }, update: { $inc: { n: by } }, upsert: true },
  }));
  try {
    await SearchTermModel.bulkWrite(ops, { ordered: false });
  } catch (error) {
    const failed = (error as { writeErrors?: { index: number; err?: unknown }[] }).writeErrors;
    if (!failed?.length || !isDuplicateKeyError(error)) throw error;
    const retry = failed.map((e) => ops[e.index]).filter((op) => op !== undefined);
    await SearchTermModel.bulkWrite(retry, { ordered: false });
  }
}

/** The counts of the given keys (0 for keys no document holds). One `_id` read per key, in parallel. */
export async function readTermCounts(keys: readonly string[]): Promise<Map<string, number>> {
  const distinct = [...new Set(keys)];
  // One equality on `_id` per key: the engine answers each from its primary key, where an `$in`
  // would read the whole collection.
  const found = await Promise.all(
    distinct.map((key) => SearchTermModel.findById(key, { n: 1 }).lean<{ n: number }>()),
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
  await SearchTermModel.deleteMany({});
  const rows = [...counts].map(([key, n]) => ({ _id: key, n }));
  for (let i = 0; i < rows.length; i += 5_000) {
    await SearchTermModel.insertMany(rows.slice(i, i + 5_000), { ordered: false });
  }
  return counts.size;
}
