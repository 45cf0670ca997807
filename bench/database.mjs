// The benchmark's database: a throwaway embedded FerretDB in a temp dir, or (MONGODB_URI set) a
// dedicated database on that server, dropped first so every run starts fresh.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importBuilt, importDomain } from './lib.mjs';

export const BENCH_DATABASE_NAME = 'qpc_bench';

/** The same server URI with the database name replaced (hosts, credentials and options kept). */
export function withDatabaseName(uri, name) {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?(\?.*)?$/.exec(uri);
  if (!match) throw new Error('MONGODB_URI is not a mongodb:// or mongodb+srv:// URI');
  return `${match[1]}/${name}${match[2] ?? ''}`;
}

/** The embedded backends the bench knows, as `startFerretDB`'s `engine` option names them. */
export const EMBEDDED_ENGINES = ['postgresql', 'sqlite'];
const BACKEND_NAMES = { postgresql: 'PostgreSQL', sqlite: 'SQLite' };

async function describeEngine(mongoose, embedded, engine) {
  const info = await mongoose.connection.db
    .admin()
    .command({ buildInfo: 1 })
    .catch(() => ({}));
  if (embedded) {
    const { FERRETDB_VERSION } = await importBuilt('packages/ferretdb/dist/index.js');
    // A @qpc/ferretdb without the engine option ignores it and runs SQLite.
    const backend = BACKEND_NAMES[embedded.engine ?? 'sqlite'];
    const mismatch = (embedded.engine ?? 'sqlite') === engine ? '' : ` (asked for ${engine})`;
    return `FerretDB ${info.ferretdbVersion ?? FERRETDB_VERSION} (${backend} backend${mismatch}, embedded; reports MongoDB ${info.version ?? '?'})`;
  }
  return info.ferretdbVersion
    ? `FerretDB ${info.ferretdbVersion} at MONGODB_URI`
    : `MongoDB ${info.version ?? '?'} at MONGODB_URI`;
}

/**
 * Starts (or reaches) the database, drops the bench database on a given server, connects the
 * domain's mongoose and creates the collections (the indexes come with `finishLoad()`). `engine` selects the embedded FerretDB's backend
 * (`startFerretDB`'s option; ignored with MONGODB_URI). `close()` disconnects and stops what it
 * started.
 */
export async function openBenchDatabase({ keepData = false, engine = 'postgresql' } = {}) {
  const domain = await importDomain();
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
      engine,
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
  // Collections now, indexes after the bulk load (`finishLoad`): building an index once over the
  // loaded rows is much faster than maintaining it through every insert.
  for (const model of Object.values(domain.mongoose.models)) {
    await model.createCollection().catch(() => undefined);
  }
  const description = await describeEngine(domain.mongoose, embedded, engine);
  return {
    uri,
    engine: description,
    backend: embedded ? (embedded.engine ?? 'sqlite') : 'external',
    domain,
    embedded,
    tempDir,
    /** After the bulk load: builds every model's indexes, then refreshes the statistics. */
    async finishLoad() {
      await domain.buildIndexes();
      return this.analyze();
    },
    /**
     * Refreshes PostgreSQL's statistics of the bench database (embedded PostgreSQL backend
     * only), so the planner uses the indexes from the first request.
     */
    async analyze() {
      if (!embedded?.postgres) return false;
      const ferretdb = await importBuilt('packages/ferretdb/dist/index.js');
      if (typeof ferretdb.analyzeDatabase !== 'function') return false;
      await ferretdb.analyzeDatabase(embedded.postgres.url, BENCH_DATABASE_NAME);
      return true;
    },
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
