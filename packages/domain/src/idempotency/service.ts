// Safe retries of creates (`Idempotency-Key`, the contract's "Retries that never duplicate"): the
// first request with a key reserves it together with the id its create will give the new
// resource; a retry with the same key, caller and input answers that resource again instead of
// making a second one. Both transports call this.
// - The answer of a create that completed is kept for 24 hours and replayed.
// - A create that ended in a 5xx, a timeout or a dropped connection may or may not have written:
//   its claim keeps the reserved id, and the retry answers the resource when it exists, or runs the
//   create afresh with that same id (so a late write of the first attempt and the rerun can never
//   both make a resource: the second insert of one `_id` fails).
// - A create refused with a 4xx wrote nothing: its claim is forgotten, the retry runs afresh.
// - Before any replay, the caller's current record is read again: a deactivated user, or one
//   whose role may no longer perform the create, gets 403 instead of the earlier answer.
// - FerretDB has no TTL index: an expired record is overwritten by the next request with its key,
//   and `sweepIdempotencyKeys` deletes the expired ones.
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { z } from 'zod';
import { assertCan } from '../access.js';
import type { Action, MaybeActor } from '../access.js';
import {
  ConflictError,
  DomainError,
  NotFoundError,
  parseInput,
  ValidationError,
} from '../errors.js';
import { readUsersByIds } from '../user/reads.js';
import { toActor } from '../user/service.js';
import {
  endRun,
  forget,
  insertClaim,
  isAbandoned,
  keepLease,
  keyRecords,
  recordDone,
  releaseOpen,
  startRun,
  takeOver,
} from './records.js';
import type { KeyRecord } from './records.js';

export {
  IDEMPOTENCY_COLLECTION,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_MS,
  sweepIdempotencyKeys,
} from './records.js';
import { sweepIdempotencyKeys } from './records.js';

/** Seconds a client should wait before retrying a key whose first request is still running. */
export const IDEMPOTENCY_RETRY_AFTER_SECONDS = 1;

/** The header's value: 1 to 255 printable ASCII characters. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x20-\x7e]{1,255}$/, 'must be 1 to 255 printable ASCII characters');

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
  /** What the create requires of its caller: checked again on the caller's record before a replay. */
  action: Action;
  /** What the transport calls the key, named by a refusal's details (the REST header's name unless told). */
  keyName?: string;
}

export interface IdempotentCreate<T> {
  /** Runs the create, giving the new resource this id (reserved with the key). */
  create: (id: string) => Promise<T>;
  /** The resource made with this id, as the create answers it (a NotFoundError or null when none was). */
  find: (id: string) => Promise<T | null>;
}

/** The resource made with this id, or null: a reader's 404 means it was never written. */
async function findMade<T>(steps: IdempotentCreate<T>, id: string): Promise<T | null> {
  try {
    return await steps.find(id);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

export interface IdempotentResult<T> {
  value: T;
  isReplayed: boolean;
}

/** 403 unless the caller's current record (read now, not the request's copy) may still do `action`. */
async function assertStanding(actorId: string, action: Action): Promise<void> {
  const user = (await readUsersByIds([actorId])).get(actorId);
  assertCan(user ? toActor(user) : { ...NO_ONE, id: actorId }, action);
}

/** A caller whose record is gone: refused like a deactivated one. */
const NO_ONE = { externalId: '', role: 'normal', isActive: false } as const;

/** Driver errors of a database that did not answer in time (or could not be found). */
const TIMEOUT_NAMES = new Set([
  'MongoNetworkTimeoutError',
  'MongoOperationTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
]);

/** True when the error, or one of its causes, is a database that did not answer in time. */
function isTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    if (TIMEOUT_NAMES.has(String((current as { name?: unknown }).name))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A 4xx the domain raised on purpose: the create was refused before it wrote anything. */
function isRefusal(error: unknown): boolean {
  return error instanceof DomainError && error.status < 500;
}

/**
 * Runs a create under a claim `run` holds: the answer is kept for replays. A failure looks for
 * the resource first (a timeout or a cut connection can hide a write that happened): found, it is
 * the answer; else a refusal forgets the claim and anything else leaves it open for a rerun.
 */
async function runClaimed<T>(
  record: KeyRecord,
  run: string,
  steps: IdempotentCreate<T>,
): Promise<IdempotentResult<T>> {
  const stopLease = keepLease(record._id, run);
  let value: T;
  try {
    try {
      value = await steps.create(record.resourceId);
    } catch (error) {
      // A database that stopped answering would only time the look and the release out too
      // (each another driver timeout): the claim stays running, abandoned once this run ends
      // (other instances wait for its lease), and the retry looks for the resource instead.
      if (isTimeout(error)) throw error;
      const written = await findMade(steps, record.resourceId).catch(() => null);
      if (written === null) {
        const letGo = isRefusal(error) ? forget : releaseOpen;
        await letGo(record._id, run).catch(() => undefined);
        throw error;
      }
      value = written;
    }
    // The resource exists: its answer is 201 even when the database cannot keep it now (the
    // claim is then abandoned, and a retry finds the resource by its id).
    await recordDone(record._id, run, value).catch(() => undefined);
    return { value, isReplayed: false };
  } finally {
    stopLease();
    endRun(run);
  }
}

/**
 * A claim this request took over from a request that ended without an answer: the resource when
 * it was written (a replay, after the standing check), else the create run afresh with its id.
 */
async function resume<T>(
  record: KeyRecord,
  run: string,
  call: IdempotentCall & { actor: { id: string } },
  steps: IdempotentCreate<T>,
): Promise<IdempotentResult<T>> {
  let written: T | null;
  try {
    written = await findMade(steps, record.resourceId);
    if (written !== null) await assertStanding(call.actor.id, call.action);
  } catch (error) {
    await releaseOpen(record._id, run).catch(() => undefined);
    endRun(run);
    throw error;
  }
  if (written === null) return runClaimed(record, run, steps);
  await recordDone(record._id, run, written).catch(() => undefined);
  endRun(run);
  return { value: written, isReplayed: true };
}

/**
 * Runs `steps.create` at most once per caller and key within IDEMPOTENCY_TTL_MS (see the head of
 * this file). Without a key it just runs (with a fresh id). With one: a later request with the
 * same input replays the first result (`isReplayed`, after checking the caller's standing:
 * 403); another input is 422 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409
 * CONFLICT (retry after IDEMPOTENCY_RETRY_AFTER_SECONDS). A key from an anonymous caller is 400
 * (a key is scoped to its caller), decided before the create runs, so before the create's own
 * 401; a malformed key is 400 too. A replayed result is the first one as JSON (dates as ISO text).
 */
export async function withIdempotency<T>(
  call: IdempotentCall,
  steps: IdempotentCreate<T>,
): Promise<IdempotentResult<T>> {
  if (call.key === undefined)
    return { value: await steps.create(newResourceId()), isReplayed: false };
  const keyName = call.keyName ?? 'Idempotency-Key';
  const key = parseInput(idempotencyKeySchema, call.key, keyName);
  const actor = call.actor;
  if (!actor) {
    throw new ValidationError(`${keyName} needs a signed-in caller`, [
      { path: keyName, message: 'anonymous requests cannot use one' },
    ]);
  }
  const id = `${actor.id}:${key}`;
  const fingerprint = fingerprintOf(call.operation, call.input);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const now = new Date();
    const run = startRun();
    let claimed: KeyRecord | null;
    try {
      claimed = await insertClaim(id, fingerprint, run, now);
    } catch (error) {
      endRun(run);
      throw error;
    }
    if (claimed) return runClaimed(claimed, run, steps);
    endRun(run);
    const found = await keyRecords().findOne({ _id: id });
    // Its first request was refused and let go of it meanwhile: claim it again.
    if (!found) continue;
    if (found.expiresAt < now) {
      // Only this record: a request that took it over meanwhile keeps its own.
      await keyRecords().deleteOne({ _id: id, createdAt: found.createdAt });
      continue;
    }
    if (found.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
    if (found.state === 'done') {
      await assertStanding(actor.id, call.action);
      return { value: JSON.parse(found.result ?? 'null') as T, isReplayed: true };
    }
    if (!isAbandoned(found, now)) throw new IdempotencyInFlightError();
    const taker = startRun();
    let isTaken: boolean;
    try {
      isTaken = await takeOver(found, taker, now);
    } catch (error) {
      endRun(taker);
      throw error;
    }
    if (isTaken) {
      return resume({ ...found, owner: taker }, taker, { ...call, actor }, steps);
    }
    endRun(taker);
  }
  throw new IdempotencyInFlightError();
}

/** A new resource id, as a create without a key uses. */
function newResourceId(): string {
  return new Types.ObjectId().toHexString();
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
