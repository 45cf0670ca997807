import mongoose from 'mongoose';
import type { z } from 'zod';

/** Error codes of the contract's error envelope. */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  | 'SERVICE_UNAVAILABLE';

export interface ErrorDetail {
  path: string;
  message: string;
}

/** Base of every error the domain raises on purpose: it carries the contract's status and code. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, details?: ErrorDetail[]) {
    super(message, 400, 'VALIDATION_ERROR', details);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Authentication required') {
    super(message, 401, 'UNAUTHENTICATED');
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You are not allowed to do this') {
    super(message, 403, 'FORBIDDEN');
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Resource not found') {
    super(message, 404, 'NOT_FOUND');
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, details?: ErrorDetail[]) {
    super(message, 409, 'CONFLICT', details);
  }
}

export class ServiceUnavailableError extends DomainError {
  constructor(message = 'The database is unavailable') {
    super(message, 503, 'SERVICE_UNAVAILABLE');
  }
}

/** A reference field naming something missing or inconsistent: 400 with the field in details. */
export function invalidReference(path: string, message: string): ValidationError {
  return new ValidationError(`Invalid ${path}: ${message}`, [{ path, message }]);
}

/** Turns zod issues into the contract's `details`. */
export function fromZodError(error: z.ZodError, prefix?: string): ValidationError {
  const details = error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') message = `Unknown field(s): ${issue.keys.join(', ')}`;
    return { path: path || (prefix ?? ''), message };
  });
  const first = details[0];
  const summary = first
    ? `${first.path ? `${first.path}: ` : ''}${first.message}`
    : 'Invalid input';
  return new ValidationError(`Validation failed: ${summary}`, details);
}

/** Parses `value` with `schema` or throws a ValidationError with details. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix?: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw fromZodError(result.error, prefix);
  return result.data;
}

interface MongoLikeError {
  name?: string;
  code?: number;
  keyPattern?: Record<string, unknown>;
  keyValue?: Record<string, unknown>;
  message?: string;
  errorLabels?: string[];
  errorLabelSet?: Set<string>;
}

const UNAVAILABLE_NAMES = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongooseServerSelectionError',
  'MongoPoolClearedError',
]);

const driver = mongoose.mongo;
// Network errors include timeouts and the pool-cleared errors raised when a server drops.
const UNAVAILABLE_CLASSES = [
  driver.MongoNetworkError,
  driver.MongoServerSelectionError,
  driver.MongoNotConnectedError,
  driver.MongoTopologyClosedError,
  driver.MongoServerClosedError,
  driver.MongoClientClosedError,
  driver.MongoOperationTimeoutError,
  mongoose.Error.MongooseServerSelectionError,
].filter((cls): cls is NonNullable<typeof cls> => typeof cls === 'function');

/** The database cannot be reached (or stopped answering): a 503, not a 500. */
export function isUnavailableError(error: unknown): boolean {
  if (UNAVAILABLE_CLASSES.some((cls) => error instanceof cls)) return true;
  const name = (error as MongoLikeError | undefined)?.name;
  return Boolean(name && (UNAVAILABLE_NAMES.has(name) || name === 'PoolClearedOnNetworkError'));
}

/** Field names of a duplicate-key error, from keyPattern or (FerretDB) the message. */
export function duplicateKeyFields(error: unknown): string[] {
  const e = error as MongoLikeError;
  if (e.keyPattern) return Object.keys(e.keyPattern);
  if (e.keyValue) return Object.keys(e.keyValue);
  const match = /index:\s*([\w.]+)/.exec(e.message ?? '');
  if (match?.[1]) {
    // Index names look like `slug_1` or `branchId_1_number_1`.
    return match[1].split(/_-?1(?:_|$)/).filter(Boolean);
  }
  return [];
}

/**
 * A unique-index violation. MongoDB (and FerretDB on inserts) report code 11000; FerretDB on
 * updates reports an InternalError whose message carries the backend's own error: SQLite's
 * "UNIQUE constraint failed", PostgreSQL's unique_violation "(SQLSTATE 23505)".
 */
export function isDuplicateKeyError(error: unknown): boolean {
  const e = error as MongoLikeError | undefined;
  if (e?.code === 11000) return true;
  return (
    typeof e?.message === 'string' && /UNIQUE constraint failed|\(SQLSTATE 23505\)/.test(e.message)
  );
}

/**
 * Translates driver errors into domain errors: duplicate keys become 409 naming the field,
 * an unreachable database 503. Anything else is returned unchanged (a 500 at the edge).
 */
export function mapDatabaseError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const e = error as MongoLikeError;
  if (isDuplicateKeyError(error)) {
    const fields = duplicateKeyFields(error);
    const label = fields.length ? fields.join(', ') : 'a unique field';
    return new ConflictError(
      `A resource with the same ${label} already exists`,
      fields.map((path) => ({ path, message: 'must be unique' })),
    );
  }
  if (isUnavailableError(error)) return new ServiceUnavailableError();
  if (
    e?.name === 'MongooseError' &&
    /buffering timed out|not connected|Client must be connected|initial connection/i.test(
      e.message ?? '',
    )
  ) {
    return new ServiceUnavailableError();
  }
  if (e?.name === 'MongoServerError' && e.code === 50) {
    // maxTimeMS expired: the database is too slow to answer in time.
    return new ServiceUnavailableError('The database did not answer in time');
  }
  if (e?.name === 'CastError') return new ValidationError(`Invalid value: ${e.message ?? ''}`);
  // Whatever the driver throws while the connection is not open (the classes raised while a
  // server drops vary with timing), the database cannot be reached: 503, not 500.
  if (/^Mongo/.test(e?.name ?? '') && mongoose.connection.readyState !== 1) {
    return new ServiceUnavailableError();
  }
  return error;
}
