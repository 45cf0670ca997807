// The benchmark's database: a throwaway embedded FerretDB (PostgreSQL backend by default, SQLite
// with --sqlite) in a temp dir, the domain's mongoose connected to it. `close()` stops it all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importBuilt, importFrom } from './lib.mjs';

export const BENCH_DATABASE_NAME = 'qpc_bench';

/** Starts the engine, connects the domain and creates the collections (indexes: `finishLoad`). */
export async function openBenchDatabase({ engine = 'postgresql' } = {}) {
  // The domain's services plus its models and mongoose (`@qpc/domain/testing`).
  const domain = { ...(await importBuilt('packages/domain/dist/index.js')) };
  Object.assign(domain, await importBuilt('packages/domain/dist/testing.js'));
  const ferretdb = await importBuilt('packages/ferretdb/dist/index.js');
  const tempDir = mkdtempSync(join(tmpdir(), 'qpc-bench-'));
  const embedded = await ferretdb.startFerretDB({
    dataDir: join(tempDir, 'db'),
    binaryPath: process.env.FERRETDB_BIN,
    engine,
  });
  const uri = `${embedded.uri}${BENCH_DATABASE_NAME}`;
  await domain.connectDatabase({ uri, socketTimeoutMs: 300_000 });
  // Indexes after the bulk load: one build over the loaded rows beats maintaining them per insert.
  for (const model of Object.values(domain.mongoose.models))
    await model.createCollection().catch(() => undefined);
  const info = await domain.mongoose.connection.db.admin().command({ buildInfo: 1 });
  return {
    uri,
    engine,
    engineDescription: `FerretDB ${info.ferretdbVersion ?? ferretdb.FERRETDB_VERSION} (${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backend, embedded)`,
    domain,
    postgresUrl: embedded.postgres?.url ?? null,
    pids: [embedded.process.pid, embedded.postgres?.pid].filter(Boolean),
    /** After the bulk load: every model's indexes, then PostgreSQL's statistics. */
    async finishLoad() {
      await domain.buildIndexes();
      // VACUUM as well: it sets the visibility map that index-only counts need, which autovacuum
      // sets in a running database some time after a bulk load.
      const pg = embedded.postgres;
      if (pg) await ferretdb.analyzeDatabase(pg.url, BENCH_DATABASE_NAME, { vacuum: true });
    },
    /** The database's size on disk in MiB (null on SQLite). */
    async diskMiB() {
      if (!embedded.postgres) return null;
      const pg = await importFrom('packages/ferretdb', 'pg');
      const client = new pg.Client({ connectionString: embedded.postgres.url });
      await client.connect();
      const { rows } = await client.query('SELECT pg_database_size(current_database()) AS n');
      await client.end();
      return Math.round(Number(rows[0].n) / 2 ** 20);
    },
    async close() {
      await domain.disconnectDatabase().catch(() => undefined);
      await embedded.stop();
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
