// Which thrown values mean "the database cannot be reached": each is a 503, never a 500. The
// domain maps the driver's own classes (mapDatabaseError); what reaches the edge besides them is
// found here, by class name, error label, server code and system error code, through `cause`.
import { DomainError, mapDatabaseError, ServiceUnavailableError } from '@qpc/domain';

/** Driver (and mongoose) classes raised when a server cannot be reached or a connection dropped. */
const CONNECTION_CLASSES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoPoolClearedError',
  'PoolClearedOnNetworkError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoServerClosedError',
  'MongoClientClosedError',
]);

/** Labels the driver attaches to errors a retry on another connection could cure. */
const CONNECTION_LABELS = new Set([
  'RetryableWriteError',
  'TransientTransactionError',
  'ResetPool',
]);

/**
 * Server codes of a server going away or stepping down: HostUnreachable, HostNotFound,
 * NetworkTimeout, ShutdownInProgress, PrimarySteppedDown, SocketException, NotWritablePrimary,
 * InterruptedAtShutdown, InterruptedDueToReplStateChange, NotPrimaryNoSecondaryOk,
 * NotPrimaryOrSecondary.
 */
const CONNECTION_SERVER_CODES = new Set([
  6, 7, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436,
]);

/**
 * Socket errors. The driver does not wrap every one: a write to a socket the killed server
 * already closed throws Node's own `Error: This socket has been ended by the other party`
 * (EPIPE) straight out of `Connection.writeCommand`.
 */
const CONNECTION_SYSTEM_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTCONN',
  'ERR_SOCKET_CLOSED',
]);

/**
 * FerretDB's answer while the PostgreSQL server under it is gone (killed, restarting): an
 * internal error carrying PostgreSQL's connection-class SQLSTATE (08xxx; 57P01 to 57P03, the
 * server terminating or not yet accepting connections) or pgx's `failed to connect to`.
 */
const ENGINE_BACKEND_GONE = /\(SQLSTATE (?:08[0-9A-Z]{3}|57P0[1-3])\)|failed to connect to `/;

/**
 * The driver's own network messages, and a socket's (`read ECONNRESET`, `write EPIPE`). A bulk
 * write (`insertMany`) rewraps the network error it met as a MongoBulkWriteError, keeping its
 * message but neither its class, its labels nor the socket error's code.
 */
const DRIVER_CONNECTION_GONE = new RegExp(
  `^(?:connection \\d+ to \\S+ (?:closed|timed out)|(?:read|write|connect) (?:${[...CONNECTION_SYSTEM_CODES].join('|')})\\b)`,
);

interface ErrorShape {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  errorLabels?: unknown;
  errorLabelSet?: unknown;
  cause?: unknown;
}

function labelsOf(error: ErrorShape): string[] {
  const labels: string[] = [];
  if (Array.isArray(error.errorLabels)) labels.push(...error.errorLabels.map(String));
  if (error.errorLabelSet instanceof Set) labels.push(...[...error.errorLabelSet].map(String));
  return labels;
}

function isConnectionClass(error: ErrorShape): boolean {
  if (typeof error.name === 'string' && CONNECTION_CLASSES.has(error.name)) return true;
  if (labelsOf(error).some((label) => CONNECTION_LABELS.has(label))) return true;
  if (
    typeof error.name === 'string' &&
    error.name.startsWith('Mongo') &&
    typeof error.message === 'string' &&
    (ENGINE_BACKEND_GONE.test(error.message) || DRIVER_CONNECTION_GONE.test(error.message))
  )
    return true;
  if (typeof error.code === 'number') return CONNECTION_SERVER_CODES.has(error.code);
  return typeof error.code === 'string' && CONNECTION_SYSTEM_CODES.has(error.code);
}

/** True when the error, or one of its causes, says the database cannot be reached. */
export function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    if (current instanceof DomainError) return current instanceof ServiceUnavailableError;
    if (isConnectionClass(current as ErrorShape)) return true;
    current = (current as ErrorShape).cause;
  }
  return false;
}

/**
 * A thrown value as the transports should see it: domain errors as they are, any
 * connection-class error a ServiceUnavailableError (503), the domain's own driver mapping
 * (duplicate keys, casts, ...) for the rest; anything else unchanged (a 500).
 */
export function mapServiceError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  if (isConnectionError(error)) return new ServiceUnavailableError();
  return mapDatabaseError(error);
}
