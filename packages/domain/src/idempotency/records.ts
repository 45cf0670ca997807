// The stored side of idempotency keys: one record per caller and key, holding the id its create
// gives the new resource, who is running it and, once done, the first answer.
// - The claim is an insert of `_id` = caller and key: a unique index is the only atomic step
//   FerretDB offers, so of racing first requests exactly one inserts.
// - A running claim has an owner (this process's token and a run number) and a lease its owner
//   renews while the create runs. A claim whose owner died (its lease ran out) or, in this
//   process, is no longer running (its request ended while the database could not record it) is
//   taken over by the next request with the key. FerretDB updates are not atomic, so two takeovers
//   racing may both run: they share the reserved id, so at most one resource is ever made.
import { randomUUID } from 'node:crypto';
import type { mongo } from 'mongoose';
import { Types } from 'mongoose';
import { mongoose } from '../db.js';
import { isDuplicateKeyError } from '../errors.js';

/** The collection of keys: request bookkeeping, not catalog content, so no model. */
export const IDEMPOTENCY_COLLECTION = 'idempotencykeys';

/** How long a key's first response is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A running claim not renewed for this long is taken over: its owner died. The owner renews it
 * every third of this while its create runs.
 */
export const IDEMPOTENCY_LEASE_MS = 15_000;

export type KeyState = 'running' | 'open' | 'done';

export interface KeyRecord {
  _id: string;
  fingerprint: string;
  /** The id the create gives its new resource, chosen before it runs: a rerun reuses it. */
  resourceId: string;
  /**
   * `running` while a request serves it; `open` when that request ended without an answer to
   * keep (a 5xx: the create may or may not have written); `done` with the answer kept.
   */
  state: KeyState;
  /** The run serving it (`<process token>:<run number>`). */
  owner: string;
  /** The create's result as JSON (`done` only). */
  result?: string;
  createdAt: Date;
  leaseUntil: Date;
  expiresAt: Date;
}

/** This process among all instances sharing the keys. */
const PROCESS_TOKEN = randomUUID();
let runs = 0;
/** The runs of this process still serving their request. */
const liveRuns = new Set<string>();

export function keyRecords(): mongo.Collection<KeyRecord> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('idempotency keys need a connected database');
  return db.collection<KeyRecord>(IDEMPOTENCY_COLLECTION);
}

/** A new run of this process, live until `endRun`. */
export function startRun(): string {
  runs += 1;
  const run = `${PROCESS_TOKEN}:${runs}`;
  liveRuns.add(run);
  return run;
}

export function endRun(run: string): void {
  liveRuns.delete(run);
}

/** True when no request serves this claim any more, so the next request may take it over. */
export function isAbandoned(found: KeyRecord, now: Date): boolean {
  if (found.state === 'open') return true;
  if (found.state !== 'running') return false;
  if (found.leaseUntil < now) return true;
  // A run of this process that ended (its request answered) left it running: nobody serves it.
  return found.owner.startsWith(`${PROCESS_TOKEN}:`) && !liveRuns.has(found.owner);
}

const leaseFrom = (now: Date) => new Date(now.getTime() + IDEMPOTENCY_LEASE_MS);

/** Claims the key for `run` with a fresh resource id: the record, or null when it exists. */
export async function insertClaim(
  id: string,
  fingerprint: string,
  run: string,
  now: Date,
): Promise<KeyRecord | null> {
  const record: KeyRecord = {
    _id: id,
    fingerprint,
    resourceId: new Types.ObjectId().toHexString(),
    state: 'running',
    owner: run,
    createdAt: now,
    leaseUntil: leaseFrom(now),
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
  };
  try {
    await keyRecords().insertOne(record);
    return record;
  } catch (error) {
    if (isDuplicateKeyError(error)) return null;
    throw error;
  }
}

/** Takes an abandoned claim over for `run`, keeping its resource id; false when another did. */
export async function takeOver(found: KeyRecord, run: string, now: Date): Promise<boolean> {
  const result = await keyRecords().updateOne(
    { _id: found._id, owner: found.owner, state: found.state },
    { $set: { state: 'running', owner: run, leaseUntil: leaseFrom(now) } },
  );
  return result.modifiedCount === 1;
}

/** Renews `run`'s lease every third of it until the returned function is called. */
export function keepLease(id: string, run: string): () => void {
  const timer = setInterval(() => {
    keyRecords()
      .updateOne({ _id: id, owner: run }, { $set: { leaseUntil: leaseFrom(new Date()) } })
      .catch(() => undefined);
  }, IDEMPOTENCY_LEASE_MS / 3);
  timer.unref();
  return () => clearInterval(timer);
}

/** Keeps the answer of `run`'s create: later requests with the key replay it. */
export async function recordDone(id: string, run: string, value: unknown): Promise<void> {
  await keyRecords().updateOne(
    { _id: id, owner: run },
    { $set: { state: 'done', result: JSON.stringify(value ?? null) } },
  );
}

/** Lets go of `run`'s claim without an answer: the next request reruns with the same id. */
export async function releaseOpen(id: string, run: string): Promise<void> {
  await keyRecords().updateOne({ _id: id, owner: run }, { $set: { state: 'open' } });
}

/** Forgets `run`'s claim: its create was refused (a 4xx) and wrote nothing. */
export async function forget(id: string, run: string): Promise<void> {
  await keyRecords().deleteOne({ _id: id, owner: run });
}

/** Deletes the keys past their 24 hours; answers how many. */
export async function sweepIdempotencyKeys(now = new Date()): Promise<number> {
  const result = await keyRecords().deleteMany({ expiresAt: { $lt: now } });
  return result.deletedCount;
}
