import type {} from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFerretDB } from './server.js';

interface ProvideContext {
  provide(key: 'mongoUri' | 'postgresUrl' | 'tempRoot', value: string): void;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URI of the test database server, ending in `/`; append a database name. */
    mongoUri: string;
    /** The PostgreSQL server under the test FerretDB; empty on SQLite or MongoDB. */
    postgresUrl: string;
    /**
     * A directory of this test run, removed when the run ends: tests make their temporary
     * directories in it (`mkdtempSync(join(inject('tempRoot'), 'name-'))`).
     */
    tempRoot: string;
  }
}

/**
 * Vitest global setup shared by every package: starts a FerretDB in a fresh temporary
 * directory for this test run, on EMBEDDED_ENGINE (PostgreSQL unless `sqlite`), or uses
 * MONGODB_URI when set, to run the suite against MongoDB. Provides `inject('mongoUri')`,
 * `inject('postgresUrl')` and `inject('tempRoot')`; the run's directory (the database's data
 * included) is removed when the run ends.
 */
export default async function setup(project: ProvideContext): Promise<() => Promise<void>> {
  const tempRoot = mkdtempSync(join(tmpdir(), 'qpc-test-run-'));
  project.provide('tempRoot', tempRoot);
  const removeTempRoot = () => {
    try {
      rmSync(tempRoot, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      // A leftover directory is not a failed test run.
      console.warn(`could not remove ${tempRoot}: ${String(error)}`);
    }
  };
  const external = process.env.MONGODB_URI;
  if (external) {
    const base = external.replace(/\/[^/?]*(\?.*)?$/, '/');
    project.provide('mongoUri', base);
    project.provide('postgresUrl', '');
    return async () => removeTempRoot();
  }
  const engine = process.env.EMBEDDED_ENGINE === 'sqlite' ? 'sqlite' : 'postgresql';
  const dataDir = join(tempRoot, 'db');
  mkdirSync(dataDir);
  const server = await startFerretDB({ dataDir, engine, binaryPath: process.env.FERRETDB_BIN });
  project.provide('mongoUri', server.uri);
  project.provide('postgresUrl', server.postgres?.url ?? '');
  return async () => {
    await server.stop();
    removeTempRoot();
  };
}
