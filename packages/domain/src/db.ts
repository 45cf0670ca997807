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
  /** Build every model's indexes and backfill fields older documents lack (default true). */
  buildIndexes?: boolean;
}

/** Connects the shared mongoose connection and builds every model's indexes. */
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
  if (options.buildIndexes ?? true) await prepareDatabase();
  return mongoose;
}

/**
 * The start-up work on a connected database: every model's indexes, then the backfills of fields
 * older documents lack (each once per database); content rewrites a stop interrupted resume in
 * the background (visibility excludes or shows that content meanwhile). Returns how many
 * documents the backfills wrote.
 */
export async function prepareDatabase(): Promise<number> {
  await buildIndexes();
  const { backfillAncestorKeys, backfillVisible } = await import('./storage/migrations.js');
  let updated = (await backfillAncestorKeys()).updated + (await backfillVisible()).updated;
  const { resumeContentSweeps } = await import('./university/content-sweep.js');
  void resumeContentSweeps().catch(() => undefined);
  const { backfillSearch } = await import('./search/backfill.js');
  updated += (await backfillSearch()).updated;
  const { backfillSimilar } = await import('./similar/backfill.js');
  updated += (await backfillSimilar()).updated;
  return updated;
}

/** Creates the indexes declared on every registered model (never drops any). */
export async function buildIndexes(): Promise<void> {
  for (const model of Object.values(mongoose.models)) {
    await model.createCollection().catch(() => undefined);
    await model.createIndexes();
  }
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

/** Closes the shared connection. */
export async function disconnectDatabase(): Promise<void> {
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

/** True when no document exists in any catalog collection (used to decide on seeding). */
export async function isDatabaseEmpty(): Promise<boolean> {
  for (const model of Object.values(mongoose.models)) {
    if (await model.exists({})) return false;
  }
  return true;
}

/**
 * Cursor batch size of the batch loads behind the GraphQL loaders: the first reply carries every
 * matching document (up to the 16 MB message limit), so a load is one round trip whatever the
 * number of documents, instead of one more getMore per ~100 documents.
 */
export const LOAD_BATCH_SIZE = 100_000;

export { mongoose };
