// Safe retries of creates (`Idempotency-Key`, the contract's "Third release"): the first request
// with a key creates and its result is kept for 24 hours; a retry with the same key, caller and
// input gets that result again instead of a second resource. Both transports call this.
// - Keys live in the database (`idempotencykeys`), so every instance shares them. The claim is an
//   insert of `_id` = caller and key: a unique index is the only atomic step FerretDB offers, so
//   of four racing retries exactly one inserts and creates; the others see its record.
// - FerretDB has no TTL index: an expired record (or a claim whose request died) is overwritten
//   by the next request with its key, and `sweepIdempotencyKeys` deletes the expired ones.
// - A create that fails (4xx or 5xx) keeps nothing: its claim is removed, the retry runs afresh.
import { createHash } from 'node:crypto';
import type { mongo } from 'mongoose';
import { z } from 'zod';
import type { MaybeActor } from '../access.js';
import { mongoose } from '../db.js';
import {
  ConflictError,
  DomainError,
  isDuplicateKeyError,
  parseInput,
  ValidationError,
} from '../errors.js';

/** The collection of keys: request bookkeeping, not catalog content, so no model. */
export const IDEMPOTENCY_COLLECTION = 'idempotencykeys';

/** How long a key's first response is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A claim older than this whose request never finished (its process died) may be taken over. */
export const IDEMPOTENCY_LEASE_MS = 2 * 60 * 1000;

/** Seconds a client should wait before retrying a key whose first request is still running. */
export const IDEMPOTENCY_RETRY_AFTER_SECONDS = 1;

/** The header's value: 1 to 255 printable ASCII characters. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x20-\x7e]{1,255}$/, 'must be 1 to 255 printable ASCII characters');

interface KeyRecord {
  _id: string;
  fingerprint: string;
  state: 'running' | 'done';
  /** The create's result as JSON (`done` only). */
  result?: string;
  createdAt: Date;
  leaseUntil: Date;
  expiresAt: Date;
}

/** 422: the key was used by this caller for another request. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super(
      'This Idempotency-Key was already used for a different request: send a new key for a new request',
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  }
}

/** 409: the first request with this key is still being served; retry after a second. */
export class IdempotencyInFlightError extends ConflictError {
  readonly retryAfterSeconds = IDEMPOTENCY_RETRY_AFTER_SECONDS;
  constructor() {
    super('A request with this Idempotency-Key is still being served: retry shortly');
  }
}

function keys(): mongo.Collection<KeyRecord> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('idempotency keys need a connected database');
  return db.collection<KeyRecord>(IDEMPOTENCY_COLLECTION);
}

/** JSON with object keys sorted: two inputs equal after parsing give the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function fingerprintOf(operation: string, input: unknown): string {
  return createHash('sha256')
    .update(`${operation}\n${canonical(input)}`)
    .digest('hex');
}

export interface IdempotentCall {
  actor: MaybeActor;
  /** The key as sent; undefined when none was (the create then simply runs). */
  key: string | undefined;
  /** What is being done (`rest POST /papers`, `graphql createPaper`): part of the comparison. */
  operation: string;
  /** The request's input, compared after parsing (key order does not matter). */
  input: unknown;
  /** What the transport calls the key, named by a refusal's details (the REST header's name unless told). */
  keyName?: string;
}

/** Claims the key: true when this request inserted it (and so must create). */
async function claim(id: string, fingerprint: string, now: Date): Promise<boolean> {
  try {
    await keys().insertOne({
      _id: id,
      fingerprint,
      state: 'running',
      createdAt: now,
      leaseUntil: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS),
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** Runs the create for a claimed key: its result is kept; a failure removes the claim. */
async function createClaimed<T>(id: string, create: () => Promise<T>): Promise<T> {
  let value: T;
  try {
    value = await create();
  } catch (error) {
    // Nothing is kept for a failure: the retry is served afresh (a claim left by a database
    // outage is taken over once its lease ends).
    await keys()
      .deleteOne({ _id: id, state: 'running' })
      .catch(() => undefined);
    throw error;
  }
  await keys().updateOne(
    { _id: id },
    { $set: { state: 'done', result: JSON.stringify(value ?? null) } },
  );
  return value;
}

/**
 * Runs `create` at most once per caller and key within IDEMPOTENCY_TTL_MS. Without a key it just
 * runs. With one: the first request creates; a later one with the same input replays the first
 * result (`isReplayed`); another input is 422 IDEMPOTENCY_KEY_REUSED; while the first is still
 * running, 409 CONFLICT (retry after IDEMPOTENCY_RETRY_AFTER_SECONDS). A key from an anonymous
 * caller is 400 (a key is scoped to its caller), decided before the create runs, so before the
 * create's own 401; a malformed key is 400 too. A replayed result is the first one as JSON (dates
 * as ISO text).
 */
export async function withIdempotency<T>(
  call: IdempotentCall,
  create: () => Promise<T>,
): Promise<{ value: T; isReplayed: boolean }> {
  if (call.key === undefined) return { value: await create(), isReplayed: false };
  const keyName = call.keyName ?? 'Idempotency-Key';
  const key = parseInput(idempotencyKeySchema, call.key, keyName);
  if (!call.actor) {
    throw new ValidationError(`${keyName} needs a signed-in caller`, [
      { path: keyName, message: 'anonymous requests cannot use one' },
    ]);
  }
  const id = `${call.actor.id}:${key}`;
  const fingerprint = fingerprintOf(call.operation, call.input);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const now = new Date();
    if (await claim(id, fingerprint, now)) {
      return { value: await createClaimed(id, create), isReplayed: false };
    }
    const found = await keys().findOne({ _id: id });
    // Its first request failed and let go of it meanwhile: claim it again.
    if (!found) continue;
    const isStale = found.expiresAt < now || (found.state === 'running' && found.leaseUntil < now);
    if (isStale) {
      // Only this record: a request that took it over meanwhile keeps its own.
      await keys().deleteOne({ _id: id, createdAt: found.createdAt });
      continue;
    }
    if (found.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
    if (found.state === 'running') throw new IdempotencyInFlightError();
    return { value: JSON.parse(found.result ?? 'null') as T, isReplayed: true };
  }
  throw new IdempotencyInFlightError();
}

/** Deletes the keys past their 24 hours; answers how many. */
export async function sweepIdempotencyKeys(now = new Date()): Promise<number> {
  const result = await keys().deleteMany({ expiresAt: { $lt: now } });
  return result.deletedCount;
}

/** Sweeps expired keys now and every `intervalMs` (10 minutes); `stop` ends it. */
export function startIdempotencyKeySweeper(options: {
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): { stop: () => void } {
  const run = () => {
    sweepIdempotencyKeys().catch((error: unknown) => options.onError?.(error));
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? 10 * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
