// Both apps, started as their packages' users start them (each package's start file, in a child
// process) on free loopback ports, against a fresh database of the test server (the global
// setup's FerretDB), which they reach through a relay a test can cut. The test process connects
// to the same database directly, only to give users roles.
import type {} from '@qpc/ferretdb/vitest-global-setup';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { setUserRole } from '@qpc/domain';
import type { Role } from '@qpc/domain';
import {
  appProcessEnv,
  connectTestDatabase,
  startAppProcess,
  startDatabaseRelay,
  tokenFor,
} from '@qpc/server-kit/testing';
import type { AppProcess } from '@qpc/server-kit/testing';
import { inject } from 'vitest';

export interface RunningApps {
  /** Origin of the REST API (paths start with /api/v1). */
  restUrl: string;
  /** The gateway's endpoint, ending in /graphql. */
  graphqlUrl: string;
  /** A signed token for `sub`, whose user is given `role` first. */
  tokenAs: (sub: string, role: Role) => Promise<string>;
  /** Takes the database away from both apps (their connections drop, new ones are refused). */
  cutDatabase: () => Promise<void>;
  close: () => Promise<void>;
}

/** Starts the REST API and the GraphQL gateway; `env` overrides settings of both (e.g. RATE_LIMIT_MAX). */
export async function startApps(env: Record<string, string> = {}): Promise<RunningApps> {
  const database = await connectTestDatabase(inject('mongoUri'));
  const relay = await startDatabaseRelay(database.uri);
  const processEnv = appProcessEnv({
    MONGODB_URI: relay.uri,
    DATA_DIR: mkdtempSync(join(inject('tempRoot'), 'client-data-')),
    ...env,
  });
  const started: AppProcess[] = [];
  const close = async () => {
    await Promise.all(started.map((app) => app.stop()));
    await relay.cut();
    await database.drop();
  };
  try {
    // One after the other: each runs the database's start-up preparation on its own.
    for (const name of ['@qpc/rest-api', '@qpc/graphql-gateway'] as const)
      started.push(await startAppProcess(name, { from: import.meta.url, env: processEnv }));
    const [rest, gateway] = started as [AppProcess, AppProcess];
    return {
      restUrl: rest.url,
      graphqlUrl: `${gateway.url}/graphql`,
      async tokenAs(sub, role) {
        await setUserRole({ externalId: sub, role });
        return tokenFor(sub);
      },
      cutDatabase: relay.cut,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
