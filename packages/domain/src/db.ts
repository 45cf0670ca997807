import mongoose from 'mongoose';
import { ServiceUnavailableError } from './errors.js';

// Commands fail at once when the database is down instead of queueing (and hanging requests).
mongoose.set('bufferCommands', false);
// A filter on an unknown path is dropped rather than sent to the database.
mongoose.set('strictQuery', true);

export interface ConnectOptions {
  uri: string;
  /** How long an operation waits for an unreachable server before failing (503). */
  serverSelectionTimeoutMs?: number;
  /** How long an operation waits on a silent connection. */
  socketTimeoutMs?: number;
  /** Connections kept per process (default 20). */
  maxPoolSize?: number;
}

/**
 * Connects the shared mongoose connection, and nothing more: the indexes and backfills are
 * prepareDatabase()'s (storage/prepare.ts), which each app's boot calls next.
 */
export async function connectDatabase(options: ConnectOptions): Promise<typeof mongoose> {
  await mongoose.connect(options.uri, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 2_000,
    socketTimeoutMS: options.socketTimeoutMs ?? 10_000,
    // A frozen server accepts TCP but never answers the handshake: bound that wait too.
    connectTimeoutMS: options.socketTimeoutMs ?? 10_000,
    // FerretDB runs one SQLite statement at a time: a large pool only queues work inside it.
    maxPoolSize: options.maxPoolSize ?? 20,
    autoIndex: false,
    autoCreate: true,
  });
  return mongoose;
}

/** What to do when the shared connection drops or comes back. */
export interface DatabaseEventHandlers {
  disconnected?: () => void;
  reconnected?: () => void;
}

/** Listens to the shared connection's drops and recoveries; returns a function that stops listening. */
export function onDatabaseEvents(handlers: DatabaseEventHandlers): () => void {
  const connection = mongoose.connection;
  const entries = Object.entries(handlers).filter(
    (entry): entry is [keyof DatabaseEventHandlers, () => void] => entry[1] !== undefined,
  );
  for (const [event, handler] of entries) connection.on(event, handler);
  return () => {
    for (const [event, handler] of entries) connection.off(event, handler);
  };
}

// Writes a module defers past its answer (journal-retirement.ts), registered by that module:
// db.ts imports no domain module.
const settlers = new Set<() => Promise<void>>();

/** Registers work that must finish on the shared connection before disconnectDatabase closes it. */
export function settleBeforeDisconnect(settle: () => Promise<void>): void {
  settlers.add(settle);
}

/** Finishes the deferred writes (one that fails is left to the repair), then closes the connection. */
export async function disconnectDatabase(): Promise<void> {
  await Promise.allSettled([...settlers].map((settle) => settle()));
  await mongoose.disconnect();
}

/** Pings the database; resolves with the round-trip time or throws ServiceUnavailableError. */
export async function pingDatabase(timeoutMs = 1_500): Promise<{ latencyMs: number }> {
  const started = performance.now();
  const db = mongoose.connection.db;
  if (!db || mongoose.connection.readyState !== 1) throw new ServiceUnavailableError();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.admin().command({ ping: 1 }),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new ServiceUnavailableError('Database ping timed out')),
          timeoutMs,
        );
      }),
    ]);
  } catch (error) {
    throw error instanceof ServiceUnavailableError ? error : new ServiceUnavailableError();
  } finally {
    clearTimeout(timer);
  }
  return { latencyMs: Math.round((performance.now() - started) * 100) / 100 };
}

export { mongoose };
