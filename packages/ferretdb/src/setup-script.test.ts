import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPostgres } from './pg-client.js';
import { startPostgres } from './postgres.js';
import type { PostgresServer } from './postgres.js';
import { postgresSetupScript } from './setup-script.js';

describe('the PostgreSQL setup script (what the compose image runs before FerretDB)', () => {
  let dataDir: string;
  let postgres: PostgresServer;
  let psql: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'qpc-setup-sql-'));
    postgres = await startPostgres({ dataDir: join(dataDir, 'pg') });
    const beside = join(postgres.binaries.binDir, 'psql');
    psql = existsSync(beside) ? beside : 'psql';
  });
  afterAll(async () => {
    await postgres?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function runScript(url: string) {
    return spawnSync(psql, ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${url}`], {
      input: postgresSetupScript(),
      encoding: 'utf8',
    });
  }

  it('when run twice on a byte-order database, then it installs the indexers and storage settings each time, and a table made after gets whole documents', async () => {
    for (let run = 0; run < 2; run += 1) {
      const result = runScript(postgres.url);
      expect(result.status, result.stderr).toBe(0);
    }
    await withPostgres(postgres.url, async (client) => {
      const triggers = await client.query<{ evtname: string }>(
        'SELECT evtname FROM pg_event_trigger ORDER BY evtname',
      );
      expect(triggers.rows.map((row) => row.evtname)).toEqual([
        'qpc_gin_on_create_index',
        'qpc_statistics_on_create_index',
        'qpc_store_documents_whole_on_create',
      ]);
      // The sort indexer has no trigger (the patched binary makes sort keys): its sweep is there.
      const sweeps = await client.query<{ proname: string }>(
        `SELECT proname FROM pg_proc WHERE proname LIKE 'qpc\\_%\\_sweep' ORDER BY proname`,
      );
      expect(sweeps.rows.map((row) => row.proname)).toEqual([
        'qpc_gin_sweep',
        'qpc_sort_sweep',
        'qpc_statistics_sweep',
      ]);
      const settings = await client.query<{ setconfig: string[] }>(
        `SELECT setconfig FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase
          WHERE d.datname = current_database() AND s.setrole = 0`,
      );
      expect(settings.rows[0]?.setconfig).toEqual(
        expect.arrayContaining(['plan_cache_mode=force_custom_plan', 'jit=off']),
      );
      await client.query('CREATE SCHEMA probe');
      await client.query('CREATE TABLE probe.things (_jsonb jsonb)');
      const options = await client.query<{ reloptions: string[] }>(
        `SELECT reloptions FROM pg_class WHERE oid = 'probe.things'::regclass`,
      );
      expect(options.rows[0]?.reloptions).toEqual(['toast_tuple_target=8160']);
    });
  });

  it('when the database does not compare strings in byte order, then it stops at the check, saying what to do, and installs nothing', async () => {
    const base = postgres.url.replace(/\/ferretdb$/, '/postgres');
    await withPostgres(base, (client) =>
      client.query(
        `CREATE DATABASE other_collation TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
      ),
    );
    const other = postgres.url.replace(/\/ferretdb$/, '/other_collation');
    const result = runScript(other);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('compares strings with the collation "C.UTF-8"');
    expect(result.stderr).toContain('Nothing was changed');
    await withPostgres(other, async (client) => {
      const functions = await client.query(`SELECT 1 FROM pg_proc WHERE proname LIKE 'qpc\\_%'`);
      expect(functions.rowCount).toBe(0);
    });
  });
});
