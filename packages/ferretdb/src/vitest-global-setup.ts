import type {} from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFerretDB } from './server.js';

interface ProvideContext {
  provide(key: 'mongoUri' | 'postgresUrl', value: string): void;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URI of the test database server, ending in `/`; append a database name. */
    mongoUri: string;
    /** The PostgreSQL server under the test FerretDB; empty on SQLite or MongoDB. */
    postgresUrl: string;
  }
}

/**
 * Vitest global setup shared by every package: starts a FerretDB in a fresh temporary
 * directory for this test run, on EMBEDDED_ENGINE (PostgreSQL unless `sqlite`), or uses
 * MONGODB_URI when set, to run the suite against MongoDB. Provides `inject('mongoUri')` and
 * `inject('postgresUrl')`.
 */
export default async function setup(project: ProvideContext): Promise<() => Promise<void>> {
  const external = process.env.MONGODB_URI;
  if (external) {
    const base = external.replace(/\/[^/?]*(\?.*)?$/, '/');
    project.provide('mongoUri', base);
    project.provide('postgresUrl', '');
    return async () => undefined;
  }
  const engine = process.env.EMBEDDED_ENGINE === 'sqlite' ? 'sqlite' : 'postgresql';
  const dataDir = mkdtempSync(join(tmpdir(), 'qpc-test-db-'));
  const server = await startFerretDB({ dataDir, engine, binaryPath: process.env.FERRETDB_BIN });
  project.provide('mongoUri', server.uri);
  project.provide('postgresUrl', server.postgres?.url ?? '');
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
