import mongoose from 'mongoose';
import type { z } from 'zod';

/** Error codes of the contract's error envelope. */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAPER_EMPTY'
  | 'SITTING_NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RANGE_NOT_SATISFIABLE'
  | 'RATE_LIMITED'
  | 'IDEMPOTENCY_KEY_REUSED'
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

/** Approving a paper without questions, unasked: 409 PAPER_EMPTY (the body's `force` approves it). */
export class PaperEmptyError extends DomainError {
  constructor(message = 'The paper has no questions; send force: true to approve it anyway') {
    super(message, 409, 'PAPER_EMPTY');
  }
}

/**
 * A paper made from its PDF whose exam year or type is neither given nor printed on the first
 * page: 422 SITTING_NOT_FOUND, the details naming each missing field.
 */
export class SittingNotFoundError extends DomainError {
  constructor(fields: readonly string[]) {
    super(
      `The first page does not say the ${fields.join(' or the ')}: give ${fields.length === 1 ? 'it' : 'them'} in the query`,
      422,
      'SITTING_NOT_FOUND',
      fields.map((path) => ({ path, message: `${path} was not found on the first page` })),
    );
  }
}

export class FileTooLargeError extends DomainError {
  constructor(message = 'Request body is too large') {
    super(message, 413, 'PAYLOAD_TOO_LARGE');
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string) {
    super(message, 415, 'UNSUPPORTED_MEDIA_TYPE');
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

/** A list in plain words: `a`, `a or b`, `a, b or c`, and `one of a, b, c, d` beyond three. */
function allowedValues(values: readonly unknown[]): string {
  const words = values.map(String);
  if (words.length > 3) return `one of ${words.join(', ')}`;
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** The values a union of literals and booleans accepts, read from its options' issues. */
function unionValues(errors: readonly (readonly z.core.$ZodIssue[])[]): unknown[] | null {
  const values: unknown[] = [];
  for (const issue of errors.flat()) {
    if (issue.code === 'invalid_value') values.push(...issue.values);
    else if (issue.code === 'invalid_type' && issue.expected === 'boolean')
      values.push(true, false);
    else return null;
  }
  return values.length ? values : null;
}

function boundMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'too_small' && issue.code !== 'too_big') return undefined;
  const isMin = issue.code === 'too_small';
  const bound = Number(isMin ? issue.minimum : issue.maximum);
  const exact = issue.inclusive !== false;
  if (issue.origin === 'string') {
    if (isMin && bound === 1) return 'must not be empty';
    return `must be ${isMin ? 'at least' : 'at most'} ${bound} characters`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    return `must hold ${isMin ? 'at least' : 'at most'} ${bound} ${bound === 1 ? 'item' : 'items'}`;
  }
  if (exact) return `must be ${isMin ? 'at least' : 'at most'} ${bound}`;
  return `must be ${isMin ? 'greater' : 'less'} than ${bound}`;
}

/**
 * Zod's error map for every parse of the domain: what is wrong in plain words, as a predicate
 * (`must be one of mcq, short, ...`) that the issue formatter puts after the field's name.
 * Messages a schema states itself take precedence (zod asks this map only for the rest).
 */
export const validationErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      if (issue.expected === 'int' && typeof issue.input === 'number')
        return 'must be a whole number';
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}, not ${typeOf(issue.input)}`;
    case 'invalid_value':
      if (issue.input === undefined) return 'is required';
      return `must be ${allowedValues(issue.values)}`;
    case 'invalid_union': {
      // A union on one field (`type`) that matched no form: the issue sits on that field.
      const tag = issue as { discriminator?: string; options?: unknown[] };
      if (tag.discriminator !== undefined) {
        const input = issue.input as Record<string, unknown> | undefined;
        if (input?.[tag.discriminator] === undefined) return 'is required';
        return `must be ${allowedValues(tag.options ?? [])}`;
      }
      const values = unionValues(issue.errors);
      return values ? `must be ${allowedValues(values)}` : 'does not match any allowed form';
    }
    case 'too_small':
    case 'too_big':
      return boundMessage(issue);
    case 'invalid_format':
      if (issue.format === 'regex') return 'has the wrong format';
      return `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys': {
      const shape = (issue.inst as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def
        ?.shape;
      const known = shape ? Object.keys(shape) : [];
      return known.length ? `is not allowed (allowed: ${known.join(', ')})` : 'is not allowed';
    }
    default:
      return undefined;
  }
};

/** Messages written as a predicate (`must ...`, `is ...`) get the field's name in front. */
function withField(field: string, message: string): string {
  if (!/^(must|is|are|has|does) /.test(message)) return message;
  return `${field || 'the value'} ${message}`;
}

/**
 * Turns zod issues into the contract's `details`, each naming its field in plain words: a missing
 * field `is required` (whatever message its schema states for a wrong value), an unknown field
 * gets a detail of its own. The error's message lists them all.
 */
export function fromZodError(error: z.ZodError, prefix?: string): ValidationError {
  const details = error.issues.flatMap((issue): ErrorDetail[] => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      const predicate = issue.message.startsWith('is not allowed')
        ? issue.message
        : 'is not allowed';
      return issue.keys.map((key) => {
        const field = path ? `${path}.${key}` : key;
        return { path: field, message: `${field} ${predicate}` };
      });
    }
    const isMissing =
      (issue.code === 'invalid_type' ||
        issue.code === 'invalid_value' ||
        issue.code === 'invalid_union') &&
      'input' in issue &&
      issue.input === undefined;
    const message = isMissing ? 'is required' : issue.message;
    return [{ path, message: withField(path, message) }];
  });
  const summary = details.map((d) => d.message).join('; ') || 'Invalid input';
  return new ValidationError(summary, details);
}

// Half of a surrogate pair, with no other half beside it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

// How deep `wellFormed` looks: no input schema nests this deep, so what lies below is refused by
// the schema anyway, and a hostile body of 40,000 nested arrays must not overflow the stack.
const WELL_FORMED_DEPTH = 32;

/**
 * The input with every lone surrogate of its strings replaced by U+FFFD, as the database stores
 * it (UTF-8 cannot hold one): the answer to a write is then what a later read returns.
 */
export function wellFormed(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\ufffd');
  if (value === null || typeof value !== 'object' || depth >= WELL_FORMED_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => wellFormed(item, depth + 1));
  // Plain objects only (JSON bodies, and null-prototype ones): never a Date or an ObjectId.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wellFormed(v, depth + 1)]));
  }
  return value;
}

/** Parses `value` (made well-formed) with `schema` or throws a ValidationError with details. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix?: string,
): z.output<S> {
  const result = schema.safeParse(wellFormed(value), {
    error: validationErrorMap,
    reportInput: true,
  });
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
    // FerretDB on PostgreSQL may not name the index: then the message says so without a field.
    const message = fields.length
      ? `A resource with the same ${fields.join(', ')} already exists`
      : 'A resource with the same unique value already exists';
    return new ConflictError(
      message,
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
