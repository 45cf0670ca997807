// Reads sent as one `find` command instead of through a driver cursor. The driver's cursor
// (FindCursor, its session and cleanup, one deserialisation per document) costs about 0.1 ms of
// CPU more per read than the command it sends, and a search request makes several small reads
// (decision 13, "The app's own CPU per request"). The wire command and its rows are the same.
import type { mongo } from 'mongoose';
import { mongoose } from '../db.js';
import { ServiceUnavailableError } from '../errors.js';
import type { AnyModel } from './model-helpers.js';

const { Long } = mongoose.mongo;

/** The `find` reply's cursor: its first or next batch, and 0 once nothing is left. */
interface CursorReply<T> {
  cursor: { id: unknown; firstBatch?: T[]; nextBatch?: T[] };
}

/** A cursor id as the engine wants it back: an int64 (the driver turns small ones into numbers). */
function asLong(id: unknown): mongo.Long {
  return typeof id === 'number' ? Long.fromNumber(id) : (id as mongo.Long);
}

function isExhausted(id: unknown): boolean {
  return id === 0 || (id instanceof Long && id.isZero());
}

/**
 * Every document of `filter` in `collection`, with `projection`, in the engine's order: what
 * `collection.find(filter, { projection, batchSize }).toArray()` returns. One `find` command when
 * the rows fit in `batchSize` (give the expected count plus one, so the engine closes the cursor
 * in its first reply); `getMore` commands for the rest otherwise.
 */
export async function findAll<T>(
  db: mongo.Db,
  collection: string,
  filter: Record<string, unknown>,
  projection: Record<string, 0 | 1>,
  batchSize?: number,
): Promise<T[]> {
  const sized = batchSize === undefined ? {} : { batchSize };
  const first = (await db.command({
    find: collection,
    filter,
    projection,
    ...sized,
  })) as unknown as CursorReply<T>;
  let rows = first.cursor.firstBatch ?? [];
  let id = first.cursor.id;
  while (!isExhausted(id)) {
    const next = (await db.command({
      getMore: asLong(id),
      collection,
      ...sized,
    })) as unknown as CursorReply<T>;
    rows = rows.concat(next.cursor.nextBatch ?? []);
    id = next.cursor.id;
  }
  return rows;
}

/** `findAll` on a model's collection (its connection's database); 503 when it is not connected. */
export function findAllOf<T>(
  model: AnyModel,
  filter: Record<string, unknown>,
  projection: Record<string, 0 | 1>,
  batchSize?: number,
): Promise<T[]> {
  const db = model.db.db;
  if (!db) throw new ServiceUnavailableError();
  return findAll<T>(db, model.collection.collectionName, filter, projection, batchSize);
}
