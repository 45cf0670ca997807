// A journal of writes of more than one step. Without transactions, a parent's update and the
// copies its children keep of it (a paper's year on its questions, a branch's university on its
// semesters, a paper's status and visibility down to its solutions) are separate writes; a
// failure or a stop between them would leave the copies stale for ever. Such a write records its
// intent in `pendingwrites` before its first step and removes it after its last. A failed write
// runs its repair at once (every repair recomputes the derived state from the parent as stored
// now, so it may run any number of times); when that fails too, the row stays and the periodic
// repair (storage/repairs.ts) runs it later. See docs/decisions/0009-whole-writes.md.
import { Types } from 'mongoose';
import type { mongo } from 'mongoose';
import { mongoose } from '../db.js';

/** The kinds of journalled writes; storage/repairs.ts holds the repair of each. */
export type PendingWriteKind =
  'paper-copies' | 'branch-copies' | 'paper-from-pdf' | 'search-entries';

/** One journalled write not yet known to be whole. */
export interface PendingWrite {
  _id: Types.ObjectId;
  kind: PendingWriteKind;
  targetId: string;
  at: Date;
}

/** Derived bookkeeping, not catalog content: no model. */
export const PENDING_WRITES_COLLECTION = 'pendingwrites';

function journal(): mongo.Collection<PendingWrite> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('the write journal needs a connected database');
  return db.collection<PendingWrite>(PENDING_WRITES_COLLECTION);
}

/**
 * Runs `write` (whose first step changes `targetId`) under a journal row. On failure `repair` runs
 * at once and the error is rethrown; the row stays unless the repair completed.
 */
export async function journaled<T>(
  entry: { kind: PendingWriteKind; targetId: string },
  write: () => Promise<T>,
  repair: () => Promise<void>,
): Promise<T> {
  const row: PendingWrite = { _id: new Types.ObjectId(), ...entry, at: new Date() };
  await journal().insertOne(row);
  let result: T;
  try {
    result = await write();
  } catch (error) {
    const isRepaired = await repair().then(
      () => true,
      () => false,
    );
    if (isRepaired)
      await journal()
        .deleteOne({ _id: row._id })
        .catch(() => undefined);
    throw error;
  }
  // The write is whole; a row that cannot be removed only costs one idle repair later.
  await journal()
    .deleteOne({ _id: row._id })
    .catch(() => undefined);
  return result;
}

/** The journal rows written more than `olderThanMs` ago, oldest first. */
export async function pendingWrites(olderThanMs: number): Promise<PendingWrite[]> {
  const rows = await journal().find({}).toArray();
  const before = Date.now() - olderThanMs;
  return rows
    .filter((row) => row.at.getTime() <= before)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Removes a journal row once its repair has run. */
export async function clearPendingWrite(id: Types.ObjectId): Promise<void> {
  await journal().deleteOne({ _id: id });
}
