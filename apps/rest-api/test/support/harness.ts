import type {} from '@qpc/ferretdb/vitest-global-setup';
import type { Config } from '@qpc/config';
import { createActorResolver, createLogger, createRateLimiter } from '@qpc/server-kit';
import { captureLogs, connectTestDatabase, listen, testConfig } from '@qpc/server-kit/testing';
import { inject } from 'vitest';
import { createApp } from '../../src/app.js';

export interface RunningApp {
  url: string;
  config: Config;
  logs: () => Record<string, unknown>[];
  /** The log as written (bytes count). */
  logText: () => string;
  close: () => Promise<void>;
}

export interface StartOptions {
  /**
   * Serve from the database of an app already started in this process (mongoose has one shared
   * connection): for a second app with other settings in the same test file. Closing it leaves
   * the database alone.
   */
  shareDatabaseWith?: RunningApp;
}

/** Starts the real REST app on a free port against a fresh database of the test server. */
export async function startApp(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningApp> {
  const shared = options.shareDatabaseWith?.config.mongodbUri;
  const database = shared
    ? { uri: shared, drop: async () => undefined }
    : await connectTestDatabase(inject('mongoUri'));
  const config = testConfig(database.uri, env);
  const capture = captureLogs();
  const logger = createLogger(
    { logLevel: env.LOG_LEVEL ? config.logLevel : 'info' },
    {
      name: 'rest-api',
      destination: capture.destination,
    },
  );
  const rateLimiter = createRateLimiter(config, { keyPrefix: 'rest' });
  const app = createApp({
    config,
    logger,
    rateLimiter,
    resolveActor: createActorResolver(config),
    version: 'test',
  });
  const server = await listen(app);
  return {
    url: server.url,
    config,
    logs: capture.lines,
    logText: capture.text,
    async close() {
      await server.close();
      await rateLimiter.close();
      await database.drop();
    },
  };
}
