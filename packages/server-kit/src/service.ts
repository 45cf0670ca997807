import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from '@qpc/config';
import type { Config } from '@qpc/config';
import type { Express } from 'express';
import { startIdempotencyKeySweeper, startRepairSweeper } from '@qpc/domain';
import type { Logger } from 'pino';
import { createActorResolver } from './auth.js';
import { startCachePurger } from './cache-purge.js';
import type { EngineRestarts } from './health.js';
import type { ActorResolver } from './auth.js';
import { startDatabase } from './database.js';
import { createLogger } from './logger.js';
import { createRateLimiter } from './rate-limit.js';
import type { RateLimiter } from './rate-limit.js';
import { initSentry } from './sentry.js';
import { installShutdown } from './shutdown.js';

export interface ServiceDeps {
  config: Config;
  logger: Logger;
  rateLimiter: RateLimiter;
  resolveActor: ActorResolver;
  version: string;
  /** The PostgreSQL server under the embedded FerretDB this process started, if any. */
  postgresUrl?: string | undefined;
  /** The restarts of the embedded engine this process supervises, if any (detailed health). */
  engineSupervision?: (() => EngineRestarts | null) | undefined;
}

export interface ServiceDefinition {
  name: string;
  version: string;
  port: (config: Config) => number;
  /** Where the service answers, for the start-up line. */
  path: string;
  build: (deps: ServiceDeps) => Promise<{ app: Express; close?: () => Promise<void> }>;
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Starts one deployable: settings, logger, Sentry, database (embedded when MONGODB_URI is
 * unset), rate limiter, auth, the app, listen, and the shutdown sequence.
 */
export async function runService(definition: ServiceDefinition): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config, { name: definition.name });
  await initSentry(config, { release: `${definition.name}@${definition.version}` });
  try {
    const database = await startDatabase(config, logger, {
      onEngineGaveUp: (error) => {
        logger.fatal({ err: error }, error.message);
        logger.flush();
        process.exit(1);
      },
    });
    const rateLimiter = createRateLimiter(config, { keyPrefix: definition.name });
    // FerretDB has no TTL index: every instance deletes expired idempotency keys now and then.
    const keySweeper = startIdempotencyKeySweeper({
      onError: (error) => logger.warn({ err: error }, 'idempotency key sweep failed'),
    });
    // Writes a failure or a stop left half done are completed from what is stored
    // (docs/decisions/0009-whole-writes.md).
    const repairSweeper = startRepairSweeper({
      onRepaired: (report) => {
        const { nameKeys, copies, creates, termCounts } = report;
        if (nameKeys || copies || creates || termCounts)
          logger.warn({ repaired: report }, 'writes left half done were repaired');
      },
      onError: (error) => logger.warn({ err: error }, 'repair of half-done writes failed'),
    });
    // Every write of this process tells the shared cache what to drop (CACHE_PURGE_URL).
    const purger = startCachePurger({ purgeUrl: config.httpCache.purgeUrl, logger });
    const { app, close } = await definition.build({
      config,
      logger,
      rateLimiter,
      resolveActor: createActorResolver(config),
      version: definition.version,
      postgresUrl: database.embedded?.postgres?.url,
      engineSupervision: database.embedded ? () => database.embedded!.supervision() : undefined,
    });
    const server = app.listen(definition.port(config), config.host);
    server.on('listening', () => {
      const { port } = server.address() as AddressInfo;
      logger.info(
        { port },
        `${definition.name} listening on http://127.0.0.1:${port}${definition.path}`,
      );
    });
    server.on('error', (error) => {
      logger.fatal({ err: error }, `${definition.name} could not listen`);
      logger.flush();
      process.exit(1);
    });
    installShutdown({
      servers: [server],
      logger,
      graceMs: config.shutdownGraceMs,
      onDrained: async () => {
        await close?.();
        await purger.stop();
        keySweeper.stop();
        repairSweeper.stop();
        await rateLimiter.close();
        await database.close();
      },
    });
  } catch (error) {
    logger.fatal({ err: error }, (error as Error).message);
    logger.flush();
    process.exit(1);
  }
}
