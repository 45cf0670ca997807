import { randomUUID } from 'node:crypto';
import type { Config } from '@qpc/config';
import { connectDatabase, disconnectDatabase, prepareDatabase } from '@qpc/domain';
import { mongoose, settleEntryJournal } from '@qpc/domain/testing';
import { createActorResolver, createLogger, createRateLimiter } from '@qpc/server-kit';
import { captureLogs, listen, testConfig } from '@qpc/server-kit/testing';
import { inject } from 'vitest';
import { createGateway } from '../../src/app.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URI of the test database server (set by @qpc/ferretdb's global setup), ending in `/`. */
    mongoUri: string;
  }
}

export interface GqlResult {
  status: number;
  body: any;
  headers: Headers;
}

export interface RunningGateway {
  url: string;
  config: Config;
  logs: () => Record<string, unknown>[];
  /** POSTs a GraphQL operation; returns status and parsed body. */
  gql: (
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ) => Promise<GqlResult>;
  /** Runs `action` and returns the names of the database commands it sent (driver command monitoring). */
  countCommands: <T>(action: () => Promise<T>) => Promise<{ result: T; commands: string[] }>;
  close: () => Promise<void>;
}

/**
 * Starts the real gateway on a free port against a fresh database of the test server. The
 * connection monitors commands, so tests can count database round trips.
 */
export async function startGateway(env: Record<string, string> = {}): Promise<RunningGateway> {
  const uri = `${inject('mongoUri')}t_${randomUUID().slice(0, 8)}?monitorCommands=true`;
  // FerretDB scans: the large trees of the round-trip test take seconds per query.
  await connectDatabase({ uri, socketTimeoutMs: 60_000 });
  await prepareDatabase();
  const config = testConfig(uri, env);
  const capture = captureLogs();
  const logger = createLogger(
    { logLevel: 'info' },
    { name: 'graphql-gateway', destination: capture.destination },
  );
  const rateLimiter = createRateLimiter(config, { keyPrefix: 'graphql' });
  const { app, apollo } = await createGateway({
    config,
    logger,
    rateLimiter,
    resolveActor: createActorResolver(config),
    version: 'test',
  });
  const server = await listen(app);

  let recording: string[] | null = null;
  mongoose.connection.getClient().on('commandStarted', (event) => {
    recording?.push(event.commandName);
  });

  return {
    url: server.url,
    config,
    logs: capture.lines,
    async gql(query, variables, headers = {}) {
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
      });
      return { status: res.status, body: await res.json(), headers: res.headers };
    },
    async countCommands(action) {
      // Earlier writes remove their journal rows a moment after answering: not this action's.
      await settleEntryJournal();
      const commands: string[] = [];
      recording = commands;
      try {
        const result = await action();
        return { result, commands };
      } finally {
        recording = null;
      }
    },
    async close() {
      await server.close();
      await apollo.stop();
      await rateLimiter.close();
      await mongoose.connection.db?.dropDatabase().catch(() => undefined);
      await disconnectDatabase();
    },
  };
}

interface RefusalError {
  extensions: { code: string; details?: { path: string }[] };
}

/**
 * The field paths of every refused value in a response's errors, sorted; each error must be a
 * BAD_USER_INPUT (the types refuse each value in an error of its own, the domain lists all of
 * an input's problems in one).
 */
export function pathsOfRefusals(errors: RefusalError[]): string[] {
  return errors
    .flatMap((error) => {
      if (error.extensions.code !== 'BAD_USER_INPUT')
        throw new Error(`expected BAD_USER_INPUT, got ${JSON.stringify(error)}`);
      return (error.extensions.details ?? []).map((detail) => detail.path);
    })
    .sort();
}
