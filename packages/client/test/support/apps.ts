// Both apps, started in this process on free loopback ports against a fresh database of the test
// server (the global setup's FerretDB), as their own test suites start them.
import type {} from '@qpc/ferretdb/vitest-global-setup';
import { setUserRole } from '@qpc/domain';
import type { Role } from '@qpc/domain';
import { createGateway } from '@qpc/graphql-gateway/dist/app.js';
import { createApp } from '@qpc/rest-api/dist/app.js';
import { createActorResolver, createLogger, createRateLimiter } from '@qpc/server-kit';
import { connectTestDatabase, listen, testConfig, tokenFor } from '@qpc/server-kit/testing';
import { inject } from 'vitest';

export interface RunningApps {
  /** Origin of the REST API (paths start with /api/v1). */
  restUrl: string;
  /** The gateway's endpoint, ending in /graphql. */
  graphqlUrl: string;
  /** A signed token for `sub`, whose user is given `role` first. */
  tokenAs: (sub: string, role: Role) => Promise<string>;
  close: () => Promise<void>;
}

/** Starts the REST API and the GraphQL gateway; `env` overrides settings of both (e.g. RATE_LIMIT_MAX). */
export async function startApps(env: Record<string, string> = {}): Promise<RunningApps> {
  const database = await connectTestDatabase(inject('mongoUri'));
  const config = testConfig(database.uri, env);
  const logger = createLogger({ logLevel: 'silent' }, { name: 'client-test' });
  const restLimiter = createRateLimiter(config, { keyPrefix: 'rest' });
  const graphqlLimiter = createRateLimiter(config, { keyPrefix: 'graphql' });
  const resolveActor = createActorResolver(config);
  const rest = await listen(
    createApp({ config, logger, rateLimiter: restLimiter, resolveActor, version: 'test' }),
  );
  const { app, apollo } = await createGateway({
    config,
    logger,
    rateLimiter: graphqlLimiter,
    resolveActor,
    version: 'test',
  });
  const gateway = await listen(app);
  return {
    restUrl: rest.url,
    graphqlUrl: `${gateway.url}/graphql`,
    async tokenAs(sub, role) {
      await setUserRole({ externalId: sub, role });
      return tokenFor(sub);
    },
    async close() {
      await rest.close();
      await gateway.close();
      await apollo.stop();
      await restLimiter.close();
      await graphqlLimiter.close();
      await database.drop();
    },
  };
}
