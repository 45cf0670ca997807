import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import type { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { pingPostgres, withPostgres } from './pg-client.js';
import { FERRETDB_GOGC, findRunningFerretDB, startFerretDB } from './server.js';
import type { FerretDBServer } from './server.js';
import { childrenOf, isRunning, listeningAddresses } from './test-support/proc.js';

const hasProc = existsSync('/proc/self/net/tcp');

async function keepAndRead(uri: string, write: boolean): Promise<unknown> {
  const client = new MongoClient(`${uri}keep`);
  await client.connect();
  try {
    const things = client.db().collection('things');
    if (write) await things.insertOne({ name: 'kept' });
    return await things.findOne({}, { projection: { _id: 0 } });
  } finally {
    await client.close();
  }
}

const dataDirs: string[] = [];

/** A fresh data folder, removed after each test (a PostgreSQL cluster is about 40 MB). */
function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'qpc-ferret-'));
  dataDirs.push(dir);
  return dir;
}

describe('embedded FerretDB', () => {
  const started: FerretDBServer[] = [];
  async function start(options: Parameters<typeof startFerretDB>[0]): Promise<FerretDBServer> {
    const server = await startFerretDB(options);
    started.push(server);
    return server;
  }
  afterEach(async () => {
    for (const server of started.splice(0)) await server.stop();
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('when started without an engine, then FerretDB runs on PostgreSQL with its cluster under dataDir/pg', async () => {
    const dataDir = freshDataDir();
    const server = await start({ dataDir });
    expect(server.engine).toBe('postgresql');
    expect(server.postgres?.dataDir).toBe(join(dataDir, 'pg'));
    expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(server.postgres?.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/ferretdb$/);
    expect(await pingPostgres(server.postgres!.url)).toEqual({ latencyMs: expect.any(Number) });
    if (process.getuid?.() === 0) {
      // PostgreSQL refuses root: the cluster belongs to an unprivileged user.
      expect(statSync(join(dataDir, 'pg')).uid).not.toBe(0);
    }
  });

  it('when documents are stored, then one that fits a page is kept whole and a larger one is compressed with lz4 where the server offers it', async () => {
    const server = await start({ dataDir: freshDataDir() });
    // Repetitive text, which PostgreSQL's default storage would compress from about 2 kB.
    const words = (count: number) =>
      Array.from({ length: count }, (_, i) => `word${i % 40}`).join(' ');
    const client = new MongoClient(`${server.uri}stored`);
    try {
      await client
        .db()
        .collection('docs')
        .insertMany([
          { _id: 1, text: words(600) },
          { _id: 2, text: words(3_000) },
        ] as never);
    } finally {
      await client.close();
    }
    const stored = await withPostgres(server.postgres!.url, async (pg) => {
      const offered = await pg.query<{ lz4: boolean }>(
        `SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
      );
      const table = await pg.query<{ name: string }>(
        `SELECT _jsonb->>'table' AS name FROM stored._ferretdb_database_metadata WHERE _jsonb->>'_id' = 'docs'`,
      );
      const rows = await pg.query<{ id: number; bytes: number; method: string | null }>(
        `SELECT (_jsonb->'_id')::int AS id, octet_length(_jsonb::text) AS bytes,
                pg_column_compression(_jsonb) AS method
           FROM stored.${pg.escapeIdentifier(table.rows[0]!.name)} ORDER BY 1`,
      );
      return { lz4: offered.rows[0]!.lz4, rows: rows.rows };
    });
    expect(stored.rows[0]!.bytes).toBeGreaterThan(4_000);
    expect(stored.rows[1]!.bytes).toBeGreaterThan(8_160);
    expect(stored.rows.map((row) => row.method)).toEqual([null, stored.lz4 ? 'lz4' : 'pglz']);
  });

  it('when a table was made before the storage trigger, then the next start stores its documents whole', async () => {
    const dataDir = freshDataDir();
    const first = await startFerretDB({ dataDir });
    expect(await keepAndRead(first.uri, true)).toEqual({ name: 'kept' });
    const options = (pg: Client) =>
      pg.query<{ options: string[] | null }>(
        `SELECT c.reloptions AS options FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'keep' AND c.relname = (
            SELECT _jsonb->>'table' FROM keep._ferretdb_database_metadata WHERE _jsonb->>'_id' = 'things')`,
      );
    await withPostgres(first.postgres!.url, async (pg) => {
      expect((await options(pg)).rows[0]!.options).toEqual(['toast_tuple_target=8160']);
      await pg.query('DROP EVENT TRIGGER qpc_store_documents_whole_on_create');
      const table = await pg.query<{ name: string }>(
        `SELECT _jsonb->>'table' AS name FROM keep._ferretdb_database_metadata WHERE _jsonb->>'_id' = 'things'`,
      );
      await pg.query(
        `ALTER TABLE keep.${pg.escapeIdentifier(table.rows[0]!.name)} RESET (toast_tuple_target)`,
      );
      expect((await options(pg)).rows[0]!.options).toBeNull();
    });
    await first.stop();

    const second = await start({ dataDir });
    await withPostgres(second.postgres!.url, async (pg) => {
      expect((await options(pg)).rows[0]!.options).toEqual(['toast_tuple_target=8160']);
    });
    expect(await keepAndRead(second.uri, false)).toEqual({ name: 'kept' });
  });

  it.each(['postgresql', 'sqlite'] as const)(
    'when the %s engine restarts on the same directory, then it answers on loopback and the data is kept',
    async (engine) => {
      const dataDir = freshDataDir();
      const first = await startFerretDB({ dataDir, engine });
      expect(first.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
      expect(await findRunningFerretDB(dataDir)).toBe(first.uri);
      expect(await keepAndRead(first.uri, true)).toEqual({ name: 'kept' });
      await first.stop();
      expect(existsSync(join(dataDir, 'endpoint.json'))).toBe(false);
      expect(await findRunningFerretDB(dataDir)).toBeNull();

      const second = await start({ dataDir, engine });
      expect(await keepAndRead(second.uri, false)).toEqual({ name: 'kept' });
    },
  );

  it('when the sqlite engine counts, sorts, skips and limits, then the patched binary answers as before', async () => {
    const server = await start({ dataDir: freshDataDir(), engine: 'sqlite' });
    const client = new MongoClient(`${server.uri}sqlite_check`);
    try {
      const docs = client.db().collection<{ _id: number; v: boolean; n: number }>('docs');
      await docs.insertMany(
        Array.from({ length: 10 }, (_, i) => ({ _id: i, v: i % 2 === 0, n: i % 3 })),
      );
      expect(await docs.countDocuments({ v: true })).toBe(5);
      expect((await client.db().command({ count: 'docs', query: { v: true }, skip: 1 })).n).toBe(4);
      const page = await docs.find({ v: true }).sort({ n: -1, _id: 1 }).skip(1).limit(3).toArray();
      expect(page.map((doc) => doc._id)).toEqual([8, 4, 0]);
    } finally {
      await client.close();
    }
  });

  it('when FerretDB alone is killed, then the database is down until a start on the same directory reuses the running PostgreSQL', async () => {
    const dataDir = freshDataDir();
    const first = await start({ dataDir });
    await keepAndRead(first.uri, true);
    const exited = new Promise((r) => first.process.once('exit', r));
    first.process.kill('SIGKILL');
    await exited;
    expect(await findRunningFerretDB(dataDir)).toBeNull();
    expect(isRunning(first.postgres!.pid)).toBe(true);

    const second = await start({ dataDir, port: first.port });
    expect(second.uri).toBe(first.uri);
    expect(second.postgres?.pid).toBe(first.postgres?.pid);
    expect(await keepAndRead(second.uri, false)).toEqual({ name: 'kept' });
  });

  it.runIf(hasProc)(
    'when running, then FerretDB and PostgreSQL listen on 127.0.0.1 only, and stop() leaves none of their processes',
    async () => {
      const server = await startFerretDB({ dataDir: freshDataDir() });
      const ferretPid = server.process.pid!;
      const postgresPid = server.postgres!.pid;
      const postgresPort = server.postgres!.port;
      try {
        expect(listeningAddresses(ferretPid)).toEqual([`127.0.0.1:${server.port}`]);
        expect(listeningAddresses(postgresPid)).toEqual([`127.0.0.1:${postgresPort}`]);
      } finally {
        const postgresChildren = childrenOf(postgresPid);
        expect(postgresChildren.length).toBeGreaterThan(0);
        await server.stop();
        for (const pid of [ferretPid, postgresPid, ...postgresChildren]) {
          expect(isRunning(pid)).toBe(false);
        }
      }
    },
  );

  it.runIf(hasProc)(
    'when started, then FerretDB runs with GOGC 400, or with the GOGC the environment sets',
    async () => {
      const gogcOf = (pid: number) =>
        readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .find((entry) => entry.startsWith('GOGC='));
      const saved = process.env.GOGC;
      try {
        delete process.env.GOGC;
        const server = await start({ dataDir: freshDataDir() });
        expect(gogcOf(server.process.pid!)).toBe(`GOGC=${FERRETDB_GOGC}`);
        process.env.GOGC = '150';
        const other = await start({ dataDir: freshDataDir() });
        expect(gogcOf(other.process.pid!)).toBe('GOGC=150');
      } finally {
        if (saved === undefined) delete process.env.GOGC;
        else process.env.GOGC = saved;
      }
    },
  );

  it('when the binary path does not exist, then the error says so', async () => {
    await expect(
      startFerretDB({
        dataDir: freshDataDir(),
        binaryPath: '/nonexistent/ferretdb',
      }),
    ).rejects.toThrow(/FERRETDB_BIN points at \/nonexistent\/ferretdb/);
  });
});
