import type {} from '@qpc/ferretdb/vitest-global-setup';
import type { Config } from '@qpc/config';
import { makeCallers } from '@qpc/domain/testing';
import type { SignedInKind, TestCallers, TestUser } from '@qpc/domain/testing';
import { createActorResolver, createLogger, createRateLimiter } from '@qpc/server-kit';
import { captureLogs, connectTestDatabase, listen, testConfig } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApp } from '../../src/app.js';
import { client } from './api.js';
import type { Call } from './api.js';

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

/**
 * What `useApp` gives a test file. The objects are filled in place before the file's first test
 * (and `call` works from then on), so a file may destructure them at its top.
 */
export interface AppSession {
  app: RunningApp;
  /** Calls the app (paths under /api/v1 unless they start with /api). */
  call: Call;
  /** One caller of each kind; `admin`, `editor` and `normal` are the same users. */
  callers: TestCallers;
  admin: TestUser;
  editor: TestUser;
  normal: TestUser;
}

/**
 * For a test file (or a describe block): the real app started with `env`, and one caller of each
 * kind, ready before its tests and closed after them.
 */
export function useApp(env: Record<string, string> = {}, options: StartOptions = {}): AppSession {
  const users = { normal: {}, editor: {}, admin: {}, deactivated: {} } as Record<
    SignedInKind,
    TestUser
  >;
  const callers = { ...users } as TestCallers;
  let bound: Call | undefined;
  const session: AppSession = {
    app: {} as RunningApp,
    call: (method, path, callOptions) => {
      if (!bound) throw new Error('useApp: call the app from a test or a hook, once it started');
      return bound(method, path, callOptions);
    },
    callers,
    admin: users.admin,
    editor: users.editor,
    normal: users.normal,
  };
  beforeAll(async () => {
    Object.assign(session.app, await startApp(env, options));
    bound = client(session.app.url);
    const made = await makeCallers();
    for (const kind of Object.keys(users) as SignedInKind[]) Object.assign(users[kind], made[kind]);
    callers.headers = made.headers;
    callers.sub = made.sub;
  });
  afterAll(async () => session.app.close?.());
  return session;
}
