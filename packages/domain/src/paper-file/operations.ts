// Consistency without transactions. Every change that may leave a stored file behind (an upload,
// a replacement, a file or paper deletion) first records a pending operation naming the files it
// touches; once it is over, `settle` deletes each of those files that its paper no longer
// references, then the record. A crash, a killed database or a refused upload at any step leaves
// the record behind, and a sweep settles it later: nothing orphaned, nothing half-attached.
import { randomUUID } from 'node:crypto';
import mongoose, { Types } from 'mongoose';
import { ServiceUnavailableError } from '../errors.js';
import { attachedFileIds, readPaperFileHolder } from '../paper/file-record.js';
import { deleteStoredFile, fileDocs, PAPER_FILE_BUCKET } from './storage.js';
import { discardPaperDrafts, resumePendingDrafts } from '../drafts/compute.js';
import { withPaperLease } from './lease.js';

interface OperationDoc {
  _id: Types.ObjectId;
  paperId: Types.ObjectId;
  fileIds: Types.ObjectId[];
  /** The process that runs it (random per process start). */
  owner: string;
  startedAt: Date;
  /** Refreshed while it runs; a record whose owner stopped refreshing it is abandoned. */
  heartbeatAt: Date;
}

/** This process, as the owner of the operations it runs. */
const OWNER = randomUUID();
const HEARTBEAT_MS = 15_000;
/** An operation of another process is abandoned once its heartbeat is older than this. */
export const ABANDONED_AFTER_MS = 2 * 60_000;

const running = new Set<string>();

function operations() {
  const db = mongoose.connection.db;
  if (!db || mongoose.connection.readyState !== 1) throw new ServiceUnavailableError();
  return db.collection<OperationDoc>(`${PAPER_FILE_BUCKET}.pending`);
}

export interface FileOperation {
  readonly id: Types.ObjectId;
  /** Settles the operation: deletes the files its paper does not reference, then the record. */
  finish(extraFileIds?: (Types.ObjectId | null | undefined)[]): Promise<void>;
}

/**
 * Under the paper's lease: a file the paper does not reference at that moment is one no writer
 * of the paper is about to attach again (a duplicate's restore runs under the lease too).
 */
async function settle(op: OperationDoc): Promise<void> {
  await withPaperLease(op.paperId, async () => {
    const paper = await readPaperFileHolder(op.paperId);
    const kept = paper?.file?.fileId?.toHexString();
    const seen = new Set<string>();
    for (const fileId of op.fileIds) {
      const key = fileId.toHexString();
      if (key === kept || seen.has(key)) continue;
      seen.add(key);
      await deleteStoredFile(fileId);
    }
  });
  await operations().deleteOne({ _id: op._id });
}

/** Records a pending operation on a paper's files before any of them is written or detached. */
export async function beginFileOperation(
  paperId: Types.ObjectId | string,
  fileIds: Types.ObjectId[],
): Promise<FileOperation> {
  const now = new Date();
  const doc: OperationDoc = {
    _id: new Types.ObjectId(),
    paperId: new Types.ObjectId(paperId),
    fileIds,
    owner: OWNER,
    startedAt: now,
    heartbeatAt: now,
  };
  // Running before its record exists: a sweep of a concurrent upload in this process that reads
  // the record must not take it for one of ours that is over (and delete the file being written).
  const key = doc._id.toHexString();
  running.add(key);
  try {
    await operations().insertOne(doc);
  } catch (error) {
    running.delete(key);
    throw error;
  }
  const heartbeat = setInterval(() => {
    operations()
      .updateOne({ _id: doc._id }, { $set: { heartbeatAt: new Date() } })
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    id: doc._id,
    async finish(extraFileIds = []) {
      clearInterval(heartbeat);
      running.delete(key);
      const extra = extraFileIds.filter((id): id is Types.ObjectId => Boolean(id));
      // Best effort: when the database is gone, the record stays and a sweep settles it.
      await settle({ ...doc, fileIds: [...doc.fileIds, ...extra] }).catch(() => undefined);
    },
  };
}

/** True when nobody is running the operation any more: ours and over, or another's gone quiet. */
function isAbandoned(op: OperationDoc, now: number, abandonedAfterMs: number): boolean {
  if (op.owner === OWNER) return !running.has(op._id.toHexString());
  return op.heartbeatAt.getTime() < now - abandonedAfterMs;
}

/** Settles the pending operations nobody is running any more; returns how many it settled. */
export async function settleAbandonedOperations(
  abandonedAfterMs = ABANDONED_AFTER_MS,
): Promise<number> {
  const now = Date.now();
  const pending = await operations().find({}).toArray();
  let settled = 0;
  for (const op of pending) {
    if (!isAbandoned(op, now, abandonedAfterMs)) continue;
    await settle(op);
    settled += 1;
  }
  return settled;
}

/**
 * Deletes stored files that no paper references and no pending operation names, once older
 * than `abandonedAfterMs` (a safety net: operations should leave none). Returns how many.
 */
export async function deleteUnreferencedFiles(
  abandonedAfterMs = ABANDONED_AFTER_MS,
): Promise<number> {
  const cutoff = new Date(Date.now() - abandonedAfterMs);
  const candidates = await fileDocs()
    .find({ uploadDate: { $lt: cutoff } }, { projection: { _id: 1 } })
    .toArray();
  if (candidates.length === 0) return 0;
  const pending = await operations()
    .find({}, { projection: { fileIds: 1 } })
    .toArray();
  const named = new Set(pending.flatMap((op) => op.fileIds.map((id) => id.toHexString())));
  const referenced = await attachedFileIds();
  let deleted = 0;
  for (const { _id } of candidates) {
    const key = _id.toHexString();
    if (named.has(key) || referenced.has(key)) continue;
    await deleteStoredFile(_id);
    deleted += 1;
  }
  return deleted;
}

/** Counts of one sweep. */
export interface SweepResult {
  operations: number;
  files: number;
  /** Drafts left pending (a restart, an outage) whose reading started again. */
  drafts: number;
}

/**
 * Settles abandoned operations, deletes unreferenced stored files (see both), then starts reading
 * again the drafts left pending (drafts/compute.ts).
 */
export async function sweepPaperFiles(
  options: { abandonedAfterMs?: number } = {},
): Promise<SweepResult> {
  const operationsSettled = await settleAbandonedOperations(options.abandonedAfterMs);
  const files = await deleteUnreferencedFiles(options.abandonedAfterMs);
  const drafts = await resumePendingDrafts();
  return { operations: operationsSettled, files, drafts };
}

/**
 * Sweeps now and then every `intervalMs` until stopped (the REST API runs one). Failures (a
 * database that is down) are reported to `onError` and retried at the next tick.
 */
export function startPaperFileSweeper(options: {
  intervalMs?: number;
  onError?: (error: unknown) => void;
  onSwept?: (result: SweepResult) => void;
}): { stop: () => void } {
  const run = () => {
    sweepPaperFiles().then(
      (result) => options.onSwept?.(result),
      (error: unknown) => options.onError?.(error),
    );
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? 5 * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Runs a paper's deletion, then deletes the file it had; the file stays when the deletion is
 * refused (the paper still references it).
 */
export async function withPaperFileRemoval(
  paperId: string,
  remove: () => Promise<void>,
): Promise<void> {
  const paper = await readPaperFileHolder(paperId);
  // Under the lease even without a file: an upload attaching one meanwhile would be left behind.
  if (!paper?.file) return withPaperLease(paperId, remove);
  const op = await beginFileOperation(paperId, [paper.file.fileId]);
  try {
    await withPaperLease(paperId, async () => {
      await remove();
      await discardPaperDrafts(paperId);
    });
  } finally {
    await op.finish();
  }
}
