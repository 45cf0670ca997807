// The benchmark's database: a throwaway embedded FerretDB in a temp dir, or (MONGODB_URI set) a
// dedicated database on that server, dropped first so every run starts fresh.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importBuilt } from './lib.mjs';

export const BENCH_DATABASE_NAME = 'qpc_bench';

/** The same server URI with the database name replaced (hosts, credentials and options kept). */
export function withDatabaseName(uri, name) {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?(\?.*)?$/.exec(uri);
  if (!match) throw new Error('MONGODB_URI is not a mongodb:// or mongodb+srv:// URI');
  return `${match[1]}/${name}${match[2] ?? ''}`;
}

async function describeEngine(mongoose, embedded) {
  const info = await mongoose.connection.db
    .admin()
    .command({ buildInfo: 1 })
    .catch(() => ({}));
  if (embedded) {
    const { FERRETDB_VERSION } = await importBuilt('packages/ferretdb/dist/index.js');
    return `FerretDB ${info.ferretdbVersion ?? FERRETDB_VERSION} (SQLite backend, embedded; reports MongoDB ${info.version ?? '?'})`;
  }
  return info.ferretdbVersion
    ? `FerretDB ${info.ferretdbVersion} at MONGODB_URI`
    : `MongoDB ${info.version ?? '?'} at MONGODB_URI`;
}

/**
 * Starts (or reaches) the database, drops the bench database on a given server, connects the
 * domain's mongoose and builds the indexes. `close()` disconnects and stops what it started.
 */
export async function openBenchDatabase({ keepData = false } = {}) {
  const domain = await importBuilt('packages/domain/dist/index.js');
  let embedded = null;
  let tempDir = null;
  let uri;
  if (process.env.MONGODB_URI) {
    uri = withDatabaseName(
      process.env.MONGODB_URI,
      process.env.BENCH_DB_NAME ?? BENCH_DATABASE_NAME,
    );
  } else {
    const { startFerretDB } = await importBuilt('packages/ferretdb/dist/index.js');
    tempDir = mkdtempSync(join(tmpdir(), 'qpc-bench-'));
    embedded = await startFerretDB({
      dataDir: join(tempDir, 'db'),
      binaryPath: process.env.FERRETDB_BIN,
    });
    uri = `${embedded.uri}${BENCH_DATABASE_NAME}`;
  }
  await domain.connectDatabase({
    uri,
    buildIndexes: false,
    serverSelectionTimeoutMs: 10_000,
    socketTimeoutMs: 120_000,
  });
  if (process.env.MONGODB_URI) await domain.mongoose.connection.db.dropDatabase();
  await domain.buildIndexes();
  const engine = await describeEngine(domain.mongoose, embedded);
  return {
    uri,
    engine,
    domain,
    embedded,
    tempDir,
    /** Disconnects this process (the database keeps running for the apps). */
    async disconnect() {
      await domain.disconnectDatabase().catch(() => undefined);
    },
    async close() {
      await domain.disconnectDatabase().catch(() => undefined);
      await embedded?.stop();
      if (tempDir && !keepData) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
