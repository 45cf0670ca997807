// Document frequencies of words: `searchterms` holds `{_id: '=<stem>', n}`, the number of
// searchable documents (questions, papers, subjects) holding a word with that stem, plus the
// number of searchable documents under DOCUMENTS_KEY. Search reads them to push its rarest term
// and to weigh terms by rarity (docs/decisions/0007-search.md).
// - Only whole-word stems are counted, not prefixes: a document write costs one counter update
//   per distinct stem (about 20 for a question) instead of one per key (about 100), and the
//   engine applies each update as its own read-then-write and commit.
// - Counts change by `$inc`; two processes updating one counter at once may lose an increment
//   (no transactions). They steer ranking and the choice of the pushed term, never which
//   documents match, and replaceTermCounts recounts them from the documents.
import type { mongo } from 'mongoose';
import { mongoose } from '../db.js';
import { isDuplicateKeyError } from '../errors.js';
import { findAll } from '../storage/find-command.js';

/** The key whose count is the number of searchable documents (no word key starts with `#`). */
export const DOCUMENTS_KEY = '#documents';

/** The collection of counts: derived data, so no model (it is not catalog content). */
export const SEARCH_TERMS_COLLECTION = 'searchterms';

/**
 * Counter updates per command. FerretDB 1.24 on PostgreSQL hangs on an update command of more
 * than about 50 statements that match documents (each holds a pooled connection until the
 * command ends, and the pool has 50).
 */
export const TERM_UPDATES_PER_COMMAND = 40;

interface TermDoc {
  _id: string;
  n?: number;
  /** A context generation's value (context-generations.ts), on its rows only. */
  g?: unknown;
}

function termsDb(): mongo.Db {
  const db = mongoose.connection.db;
  if (!db) throw new Error('search term counts need a connected database');
  return db;
}

function termsCollection(): mongo.Collection<TermDoc> {
  return termsDb().collection<TermDoc>(SEARCH_TERMS_COLLECTION);
}

/** Marks a stem among the counts (DOCUMENTS_KEY cannot collide with one). */
const STEM_MARK = '=';

/** The counter of a stem. */
export function stemKey(stem: string): string {
  return STEM_MARK + stem;
}

function countedKeys(stems: readonly string[]): string[] {
  return [...new Set(stems)].map(stemKey);
}

/** Changes of counts: key -> delta. */
export type TermDelta = Map<string, number>;

/** The delta of documents that appeared (+1 per stem) and documents that went (-1 per stem), given their stems. */
export function termDelta(
  added: readonly (readonly string[])[],
  removed: readonly (readonly string[])[] = [],
): TermDelta {
  const delta: TermDelta = new Map();
  const bump = (stems: readonly string[], by: number) => {
    for (const key of countedKeys(stems)) delta.set(key, (delta.get(key) ?? 0) + by);
  };
  for (const keys of added) bump(keys, 1);
  for (const keys of removed) bump(keys, -1);
  delta.set(DOCUMENTS_KEY, (delta.get(DOCUMENTS_KEY) ?? 0) + added.length - removed.length);
  for (const [key, by] of delta) if (by === 0) delta.delete(key);
  return delta;
}

/** The delta of one document whose stems changed from `before` to `after` (its count unchanged). */
export function changeDelta(before: readonly string[], after: readonly string[]): TermDelta {
  const delta = termDelta([after], [before]);
  delta.delete(DOCUMENTS_KEY);
  return delta;
}

type TermUpdate = mongo.AnyBulkWriteOperation<TermDoc>;

async function writeChunk(ops: TermUpdate[]): Promise<void> {
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

/**
 * Commands of counter updates in flight at once, at most. The engine commits each update of a
 * command on its own, one after the other; the commits of commands running at once share their
 * WAL flushes. A question's nine counters took 44 ms as one command and 15 ms as nine at once
 * (decision 13). The updates in flight stay within TERM_UPDATES_PER_COMMAND (the engine's pool).
 */
const TERM_COMMANDS_AT_ONCE = 8;

async function writeDelta(delta: TermDelta): Promise<void> {
  const ops: TermUpdate[] = [...delta]
    .filter(([, by]) => by !== 0)
    .map(([key, by]) => ({
      updateOne: { filter: { _id: key }, update: { $inc: { n: by } }, upsert: true },
    }));
  const size = Math.min(
    TERM_UPDATES_PER_COMMAND,
    Math.max(1, Math.ceil(ops.length / TERM_COMMANDS_AT_ONCE)),
  );
  const chunks: TermUpdate[][] = [];
  for (let i = 0; i < ops.length; i += size) chunks.push(ops.slice(i, i + size));
  // Every command runs even when one fails, so that none is still running once this settles;
  // the first failure is thrown after them.
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
      await writeChunk(chunk).catch((error: unknown) => {
        failure ??= { error };
      });
    }
  };
  const atOnce = Math.min(TERM_COMMANDS_AT_ONCE, Math.floor(TERM_UPDATES_PER_COMMAND / size));
  await Promise.all(Array.from({ length: atOnce }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

// One write of counts at a time per process; deltas arriving meanwhile are merged into the next
// one. Fifty documents created at once cost a few writes per stem, not fifty racing updates.
let waiting: { delta: TermDelta; done: Promise<void> } | null = null;
let previous: Promise<unknown> = Promise.resolve();

/**
 * Applies a delta as upserting `$inc`s, merged with the deltas of concurrent writes. Resolves
 * once the write holding it is done.
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

/** The `migrations` row that says the counts missed a write's delta and need a recount. */
export const STALE_COUNTS_MARKER = { _id: 'search-terms-stale' } as const;

// Set when a delta failed and the marker could not be written either (the database gone): the
// periodic repair of this process writes it, or recounts, once the database answers again.
let isStaleHere = false;

/** Whether this process lost a delta it could not record in the database. */
export function hasUnrecordedStaleCounts(): boolean {
  return isStaleHere;
}

/** Forgets the unrecorded loss (after a recount or once the marker is written). */
export function clearUnrecordedStaleCounts(): void {
  isStaleHere = false;
}

/**
 * Applies the delta of a document write that has already happened. The counts steer ranking and
 * never decide which documents match, so their failure must not fail the write (an error after
 * the document is stored would answer an error for a write that a reader sees): the counts are
 * marked stale instead, and the repair (search/backfill.ts, repairTermCounts) recounts them.
 */
export async function applyTermDeltaAfterWrite(delta: TermDelta): Promise<void> {
  try {
    await applyTermDelta(delta);
  } catch {
    await markTermCountsStale();
  }
}

/**
 * Records that the counts missed a change (a failed delta, a document put back by the driver),
 * so that the repair recounts them. Never throws: when the database is away, this process
 * remembers it instead.
 */
export async function markTermCountsStale(): Promise<void> {
  isStaleHere = true;
  const db = mongoose.connection.db;
  await db
    ?.collection<{ _id: string }>('migrations')
    .updateOne(STALE_COUNTS_MARKER, { $set: { at: new Date() } }, { upsert: true })
    .then(() => clearUnrecordedStaleCounts())
    .catch(() => undefined);
}

/** The counts of the given keys (0 for keys no document holds). One `_id` `$in` read for all keys. */
export async function readTermCounts(keys: readonly string[]): Promise<Map<string, number>> {
  return countsOf(keys, await readTermRows(keys));
}

/** The counts of `keys` among rows read by readTermRows (0 for keys no document holds). */
export function countsOf(
  keys: readonly string[],
  rows: ReadonlyMap<string, { n?: number }>,
): Map<string, number> {
  return new Map(keys.map((key) => [key, Math.max(0, rows.get(key)?.n ?? 0)]));
}

/**
 * The rows of the given keys by key: counts (`n`) and the context's generations (`g`,
 * context-generations.ts), which search reads in the same command. One `_id` `$in` for all keys.
 */
export async function readTermRows(
  keys: readonly string[],
): Promise<Map<string, { n?: number; g?: unknown }>> {
  const distinct = [...new Set(keys)];
  // Our engine answers an `_id` `$in` from the primary key (patch 0002), as MongoDB does: one
  // round trip, where one read per key cost a command each. Every row in the first reply, read
  // as one command (find-command.ts).
  const rows =
    distinct.length === 0
      ? []
      : await findAll<TermDoc>(
          termsDb(),
          SEARCH_TERMS_COLLECTION,
          { _id: { $in: distinct } },
          { n: 1, g: 1 },
          distinct.length + 1,
        );
  return new Map(rows.map((row) => [row._id, row]));
}

/** Whether a `searchterms` key is a count (a stem's or DOCUMENTS_KEY), not a generation's row. */
function isCountKey(key: string): boolean {
  return key === DOCUMENTS_KEY || key.startsWith(STEM_MARK);
}

/** Rows inserted per command (a new catalog's first recount inserts them all). */
const INSERTS_PER_COMMAND = 1_000;

/** Inserts the rows; answers the keys another process inserted first (E11000 on `_id`). */
async function insertCounts(rows: { _id: string; n: number }[]): Promise<string[]> {
  const taken: string[] = [];
  for (let i = 0; i < rows.length; i += INSERTS_PER_COMMAND) {
    const chunk = rows.slice(i, i + INSERTS_PER_COMMAND);
    try {
      await termsCollection().insertMany(chunk, { ordered: false });
    } catch (error) {
      const failed = (error as { writeErrors?: { index: number; code?: number }[] }).writeErrors;
      if (!failed?.length || failed.some((e) => e.code !== 11000)) throw error;
      for (const e of failed) taken.push(chunk[e.index]!._id);
    }
  }
  return taken;
}

/**
 * Replaces every count by one computed from the given stem lists (one list per document), in
 * place: rows that exist are set to their new count, missing ones inserted, and only then the
 * rows of stems no document holds any more removed. A search during the recount reads each
 * count old or new, never missing; recounts running at once (replicas' repairs) each write the
 * counts of the documents they read, and a row another inserted first is set instead.
 * Generation rows (context-generations.ts) are left as they are.
 */
export async function replaceTermCounts(documents: Iterable<readonly string[]>): Promise<number> {
  const counts = new Map<string, number>();
  let total = 0;
  for (const stems of documents) {
    total += 1;
    for (const key of countedKeys(stems)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  counts.set(DOCUMENTS_KEY, total);
  const collection = termsCollection();
  const stored = new Map(
    (await collection.find({}, { projection: { n: 1 } }).toArray())
      .filter((row) => isCountKey(row._id))
      .map((row) => [row._id, row.n]),
  );
  const fresh = [...counts].filter(([key]) => !stored.has(key));
  const taken = await insertCounts(fresh.map(([key, n]) => ({ _id: key, n })));
  const changed = [...counts].filter(([key, n]) => stored.has(key) && stored.get(key) !== n);
  const sets: TermUpdate[] = [...changed.map(([key]) => key), ...taken].map((key) => ({
    updateOne: { filter: { _id: key }, update: { $set: { n: counts.get(key)! } } },
  }));
  for (let i = 0; i < sets.length; i += TERM_UPDATES_PER_COMMAND) {
    await collection.bulkWrite(sets.slice(i, i + TERM_UPDATES_PER_COMMAND), { ordered: false });
  }
  const gone = [...stored.keys()].filter((key) => !counts.has(key));
  for (let i = 0; i < gone.length; i += 500) {
    await collection.deleteMany({ _id: { $in: gone.slice(i, i + 500) } });
  }
  return counts.size;
}

/** Every counted stem with its count (no DOCUMENTS_KEY): the catalog's vocabulary, read whole. */
export async function readAllTermCounts(): Promise<Map<string, number>> {
  const rows = await termsCollection()
    .find({}, { projection: { n: 1 } })
    .toArray();
  const out = new Map<string, number>();
  for (const row of rows) {
    const n = row.n ?? 0;
    if (row._id.startsWith(STEM_MARK) && n > 0) out.set(row._id.slice(STEM_MARK.length), n);
  }
  return out;
}
