import type {} from '@qpc/ferretdb/vitest-global-setup';
import type { Config } from '@qpc/config';
import { createActorResolver, createLogger, createRateLimiter } from '@qpc/server-kit';
import { captureLogs, connectTestDatabase, listen, testConfig } from '@qpc/server-kit/testing';
import { inject } from 'vitest';
import { createGateway } from '../../src/app.js';

export interface RunningGateway {
  url: string;
  config: Config;
  logs: () => Record<string, unknown>[];
  /** POSTs a GraphQL operation; returns status and parsed body. */
  gql: (
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; body: any; headers: Headers }>;
  close: () => Promise<void>;
}

/** Starts the real gateway on a free port against a fresh database of the test server. */
export async function startGateway(env: Record<string, string> = {}): Promise<RunningGateway> {
  const database = await connectTestDatabase(inject('mongoUri'));
  const config = testConfig(database.uri, env);
  const capture = captureLogs();
  const logger = createLogger({ logLevel: 'info' }, { name: 'graphql-gateway', destination: capture.destination });
  const rateLimiter = createRateLimiter(config, { keyPrefix: 'graphql' });
  const { app, apollo } = await createGateway({
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
    async gql(query, variables, headers = {}) {
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
      });
      return { status: res.status, body: await res.json(), headers: res.headers };
    },
    async close() {
      await server.close();
      await apollo.stop();
      await rateLimiter.close();
      await database.drop();
    },
  };
}
