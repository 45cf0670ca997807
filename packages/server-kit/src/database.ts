import { join } from 'node:path';
import type { Config } from '@qpc/config';
import {
  connectDatabase,
  disconnectDatabase,
  isDatabaseEmpty,
  mongoose,
  seedSampleCatalog,
} from '@qpc/domain';
import { startFerretDB, type FerretDBServer } from '@qpc/ferretdb';
import type { Logger } from 'pino';
import { markDatabaseRecovered } from './sentry.js';

export interface RunningDatabase {
  /** The URI the service is connected to (credentials included: never log it). */
  uri: string;
  embedded: FerretDBServer | null;
  close(): Promise<void>;
}

export const EMBEDDED_DATABASE_NAME = 'qp_catalog';

/**
 * Connects to MONGODB_URI, or, when it is unset, starts the embedded FerretDB under
 * DATA_DIR/db (on EMBEDDED_ENGINE, PostgreSQL by default) and connects to it. Builds indexes;
 * seeds the sample catalog when asked to (by default: an empty embedded database).
 */
export async function startDatabase(config: Config, logger: Logger): Promise<RunningDatabase> {
  let embedded: FerretDBServer | null = null;
  let uri = config.mongodbUri;
  if (!uri) {
    embedded = await startFerretDB({
      dataDir: join(config.dataDir, 'db'),
      binaryPath: config.ferretdbBin,
      engine: config.embedded.engine,
    });
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
  const connection = mongoose.connection;
  connection.on('disconnected', () => logger.warn('database disconnected'));
  connection.on('reconnected', () => {
    logger.info('database reconnected');
    markDatabaseRecovered();
  });
  try {
    await connectDatabase({
      uri,
      serverSelectionTimeoutMs: config.database.serverSelectionTimeoutMs,
      socketTimeoutMs: config.database.socketTimeoutMs,
    });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const shouldSeed = config.seedSampleData ?? (embedded !== null && (await isDatabaseEmpty()));
  if (shouldSeed && (await isDatabaseEmpty())) {
    const { created } = await seedSampleCatalog();
    logger.info({ created }, 'sample catalog loaded');
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
