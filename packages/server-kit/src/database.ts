import { join } from 'node:path';
import type { Config } from '@qpc/config';
import {
  connectDatabase,
  disconnectDatabase,
  isDatabaseEmpty,
  prepareDatabase,
  onDatabaseEvents,
  withStartupLease,
} from '@qpc/domain';
import { seedSampleCatalog } from '@qpc/domain/seed';
import type * as FerretDB from '@qpc/ferretdb';
import type { EngineGaveUpError, FerretDBServer } from '@qpc/ferretdb';
import type { Logger } from 'pino';
import { markDatabaseRecovered } from './sentry.js';

export interface RunningDatabase {
  /** The URI the service is connected to (credentials included: never log it). */
  uri: string;
  embedded: FerretDBServer | null;
  close(): Promise<void>;
}

export const EMBEDDED_DATABASE_NAME = 'qp_catalog';

export interface StartDatabaseOptions {
  /**
   * The embedded engine could not be restarted (see `@qpc/ferretdb`'s supervision): the owner
   * stops, non-zero, rather than answer 503 for ever.
   */
  onEngineGaveUp: (error: EngineGaveUpError) => void;
}

/**
 * The embedded database is a development convenience: `@qpc/ferretdb` is a dev dependency, so a
 * packaged app (`npm run package`, the container images) does not carry it and needs MONGODB_URI.
 */
export async function loadEmbeddedDatabase(): Promise<typeof FerretDB> {
  try {
    return await import('@qpc/ferretdb');
  } catch (error) {
    const isMissing =
      (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' &&
      String((error as Error).message).includes('@qpc/ferretdb');
    if (!isMissing) throw error;
    throw new Error(
      'MONGODB_URI is not set and this build has no embedded database: set MONGODB_URI to a MongoDB or FerretDB server (e.g. mongodb://db:27017/qp_catalog)',
      { cause: error },
    );
  }
}

/**
 * Connects to MONGODB_URI, or, when it is unset, starts the embedded FerretDB under
 * DATA_DIR/db (on EMBEDDED_ENGINE, PostgreSQL by default), supervised (a process that dies is
 * restarted), and connects to it. Builds indexes;
 * seeds the sample catalog when asked to (by default: an empty embedded database).
 */
export async function startDatabase(
  config: Config,
  logger: Logger,
  options: StartDatabaseOptions,
): Promise<RunningDatabase> {
  let embedded: FerretDBServer | null = null;
  let uri = config.mongodbUri;
  if (!uri) {
    const { restartMessage, startFerretDB } = await loadEmbeddedDatabase();
    embedded = await startFerretDB({
      dataDir: join(config.dataDir, 'db'),
      binaryPath: config.ferretdbBin,
      engine: config.embedded.engine,
      supervise: {
        // One line per restart attempt, with why the process ended.
        onRestart: (event) =>
          logger[event.outcome === 'restarted' ? 'warn' : 'error'](event, restartMessage(event)),
        onGiveUp: options.onEngineGaveUp,
      },
    });
    // A terminal's Ctrl-C signals the engine's processes with this one: their exit is no crash.
    const running = embedded;
    const onSignal = (signal: NodeJS.Signals) => {
      void running.stopSupervising();
      // Alone (a signal during start-up, before the shutdown sequence listens): exit as usual.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, onSignal);
    uri = `${embedded.uri}${EMBEDDED_DATABASE_NAME}`;
    logger.info(
      {
        port: embedded.port,
        dataDir: embedded.dataDir,
        engine: embedded.engine,
        postgresPort: embedded.postgres?.port,
      },
      `embedded FerretDB started on ${embedded.engine}`,
    );
  }
  onDatabaseEvents({
    disconnected: () => logger.warn('database disconnected'),
    reconnected: () => {
      logger.info('database reconnected');
      markDatabaseRecovered();
    },
  });
  try {
    await connectDatabase({
      uri,
      serverSelectionTimeoutMs: config.database.serverSelectionTimeoutMs,
      socketTimeoutMs: config.database.socketTimeoutMs,
    });
    // Under the database's start-up lease: replicas starting together take turns, so one seeds
    // an empty database and the others find it seeded.
    await withStartupLease(async () => {
      // One warning line per index the engine refuses (FerretDB as released: partial ones).
      await prepareDatabase({
        warn: (message, details) => logger.warn({ index: details }, message),
      });
      const shouldSeed = config.seedSampleData ?? (embedded !== null && (await isDatabaseEmpty()));
      if (shouldSeed && (await isDatabaseEmpty())) {
        const { created } = await seedSampleCatalog();
        logger.info({ created }, 'sample catalog loaded');
      }
    });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  return {
    uri,
    embedded,
    async close() {
      await disconnectDatabase().catch((error: unknown) =>
        logger.warn({ err: error }, 'disconnect failed'),
      );
      await embedded?.stop();
      logger.info('database closed');
    },
  };
}
