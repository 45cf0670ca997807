// One writer at a time for a paper's file and drafts, across every process and instance sharing
// the database. FerretDB's updates and deletes read a document and write it back in separate
// steps, so a compare-and-set is not atomic there; a unique `_id` insert is. A lease is therefore
// a chain of documents `<paperId>:<epoch>`: whoever inserts the next epoch holds the paper, and
// only the holder ever writes to its own document (heartbeat, release). Nobody takes over a live
// lease; one whose holder stopped its heartbeat (a crash) is followed by the next epoch.
import { randomUUID } from 'node:crypto';
import mongoose, { Types } from 'mongoose';
import { ConflictError, isDuplicateKeyError, ServiceUnavailableError } from '../errors.js';
import { PAPER_FILE_BUCKET } from './storage.js';

interface LeaseDoc {
  /** `<paperId>:<epoch>` */
  _id: string;
  paperId: Types.ObjectId;
  epoch: number;
  holder: string;
  heartbeatAt: Date;
  releasedAt: Date | null;
}

const HEARTBEAT_MS = 2_000;
/** A lease whose heartbeat is older than this is abandoned (its holder died). */
export const LEASE_EXPIRES_MS = 15_000;
/** How long a writer waits for a paper before giving up with a 409. */
const DEFAULT_WAIT_MS = 30_000;

type Db = NonNullable<typeof mongoose.connection.db>;
const indexed = new WeakMap<Db, Promise<unknown>>();

function leases() {
  const db = mongoose.connection.db;
  if (!db || mongoose.connection.readyState !== 1) throw new ServiceUnavailableError();
  if (!indexed.has(db)) {
    const done = db.collection<LeaseDoc>(`${PAPER_FILE_BUCKET}.leases`).createIndex({ paperId: 1 });
    done.catch(() => indexed.delete(db));
    indexed.set(db, done);
  }
  return {
    collection: db.collection<LeaseDoc>(`${PAPER_FILE_BUCKET}.leases`),
    ready: indexed.get(db)!,
  };
}

/** Writers of this process waiting for or holding each paper: they queue here before the database. */
const local = new Map<string, Promise<void>>();

function busy(): ConflictError {
  return new ConflictError(
    "Another change to this paper's file is still being saved; try again in a moment",
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `promise`, or throws the 409 once `ms` have passed. */
async function untilOrBusy(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(busy()), ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The paper's latest lease document (the highest epoch), or null when it never had one. */
async function latestLease(paperId: Types.ObjectId): Promise<LeaseDoc | null> {
  const { collection, ready } = leases();
  await ready;
  const docs = await collection.find({ paperId }).toArray();
  return docs.reduce<LeaseDoc | null>((a, b) => (a && a.epoch > b.epoch ? a : b), null);
}

function isFree(lease: LeaseDoc | null, now: number): boolean {
  if (!lease || lease.releasedAt) return true;
  return lease.heartbeatAt.getTime() < now - LEASE_EXPIRES_MS;
}

async function acquire(paperId: Types.ObjectId, waitMs: number): Promise<LeaseDoc> {
  const deadline = Date.now() + waitMs;
  let delay = 10;
  for (;;) {
    const latest = await latestLease(paperId);
    if (isFree(latest, Date.now())) {
      const epoch = (latest?.epoch ?? 0) + 1;
      const now = new Date();
      const doc: LeaseDoc = {
        _id: `${paperId.toHexString()}:${epoch}`,
        paperId,
        epoch,
        holder: randomUUID(),
        heartbeatAt: now,
        releasedAt: null,
      };
      try {
        await leases().collection.insertOne(doc);
        // Earlier epochs are over (released or abandoned) and nobody reads them again.
        await leases()
          .collection.deleteMany({ paperId, epoch: { $lt: epoch } })
          .catch(() => undefined);
        return doc;
      } catch (error) {
        // Another writer took this epoch first: look again.
        if (!isDuplicateKeyError(error)) throw error;
        continue;
      }
    }
    if (Date.now() + delay > deadline) throw busy();
    await pause(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 200);
  }
}

/**
 * Runs `work` while holding the paper's lease, after every earlier holder in any process.
 * Waiting longer than `waitMs` is a 409 in plain words. The lease is released even when `work`
 * fails; a process that dies holding it leaves it to expire after LEASE_EXPIRES_MS.
 */
export async function withPaperLease<T>(
  paperId: Types.ObjectId | string,
  work: () => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  const id = new Types.ObjectId(paperId);
  const key = id.toHexString();
  const before = local.get(key) ?? Promise.resolve();
  let done: () => void = () => undefined;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const queued = before.then(() => mine);
  local.set(key, queued);
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const deadline = Date.now() + waitMs;
  try {
    await untilOrBusy(before, waitMs);
    const lease = await acquire(id, Math.max(0, deadline - Date.now()));
    // Heartbeats run one at a time, and the last one is awaited before the release: a heartbeat
    // written after the release (FerretDB writes the whole document) would bring the lease back.
    let beat: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      beat = beat.then(() =>
        leases()
          .collection.updateOne({ _id: lease._id }, { $set: { heartbeatAt: new Date() } })
          .catch(() => undefined),
      );
    }, HEARTBEAT_MS);
    timer.unref();
    try {
      return await work();
    } finally {
      clearInterval(timer);
      await beat;
      await leases()
        .collection.updateOne({ _id: lease._id }, { $set: { releasedAt: new Date() } })
        .catch(() => undefined);
    }
  } finally {
    done();
    if (local.get(key) === queued) local.delete(key);
  }
}
