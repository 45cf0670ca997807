// Real faults of the embedded engine for tests of writes that must never be half done: PostgreSQL,
// under FerretDB, refuses the writes of one collection's table by a trigger, so the service sees
// the error FerretDB really answers. Only on the PostgreSQL engine (`inject('postgresUrl')`).
import { randomUUID } from 'node:crypto';
import { withPostgres } from '@qpc/ferretdb';
import { mongoose } from '../db.js';

/** The database (a schema in PostgreSQL) the test file is connected to. */
function databaseName(): string {
  const name = mongoose.connection.db?.databaseName;
  if (!name) throw new Error('faults need a connected database');
  return name;
}

/** The schema and table of one collection of the test database, quoted for SQL. */
export async function tableOf(postgresUrl: string, collection: string): Promise<string> {
  const database = databaseName();
  return withPostgres(postgresUrl, async (client) => {
    const schema = client.escapeIdentifier(database);
    const found = await client.query<{ table: string }>(
      `SELECT _jsonb->>'table' AS table FROM ${schema}._ferretdb_database_metadata WHERE _jsonb->>'_id' = $1`,
      [collection],
    );
    const table = found.rows[0]?.table;
    if (!table) throw new Error(`no table for collection ${collection}`);
    return `${schema}.${client.escapeIdentifier(table)}`;
  });
}

/**
 * Runs `sql` (a PL/pgSQL statement seeing `NEW` or `OLD`) in PostgreSQL before each insert into
 * (or delete from) one collection, until the returned function lifts it: a concurrent change that
 * lands exactly between a service's steps, without guessing at timing.
 */
export async function beforeEachWrite(options: {
  postgresUrl: string;
  collection: string;
  operation: 'INSERT' | 'DELETE';
  sql: string;
}): Promise<() => Promise<void>> {
  const table = await tableOf(options.postgresUrl, options.collection);
  const name = `qpc_before_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await withPostgres(options.postgresUrl, async (client) => {
    await client.query(`CREATE FUNCTION public.${name}() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN ${options.sql}; RETURN COALESCE(NEW, OLD); END $$`);
    await client.query(
      `CREATE TRIGGER ${name} BEFORE ${options.operation} ON ${table} FOR EACH ROW EXECUTE FUNCTION public.${name}()`,
    );
  });
  return () =>
    withPostgres(options.postgresUrl, async (client) => {
      await client.query(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
      await client.query(`DROP FUNCTION IF EXISTS public.${name}()`);
    });
}

/**
 * Makes PostgreSQL refuse `operation` on one collection until the returned function lifts it,
 * for the documents `when` selects (an SQL condition on `NEW._jsonb` or `OLD._jsonb`; all when
 * absent). The collection must exist.
 */
export async function refuseWrites(options: {
  postgresUrl: string;
  collection: string;
  operation: 'INSERT' | 'UPDATE' | 'DELETE';
  when?: string;
}): Promise<() => Promise<void>> {
  const { postgresUrl, collection, operation } = options;
  const database = databaseName();
  const trigger = `qpc_refuse_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let table = '';
  await withPostgres(postgresUrl, async (client) => {
    const schema = client.escapeIdentifier(database);
    const found = await client.query<{ table: string }>(
      `SELECT _jsonb->>'table' AS table FROM ${schema}._ferretdb_database_metadata WHERE _jsonb->>'_id' = $1`,
      [collection],
    );
    table = found.rows[0]?.table ?? '';
    if (!table) throw new Error(`no table for collection ${collection}`);
    // One function per fault: test files run at once on the same server.
    await client.query(`CREATE FUNCTION public.${trigger}() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'write refused by a test fault'; END $$`);
    await client.query(
      `CREATE TRIGGER ${trigger} BEFORE ${operation} ON ${schema}.${client.escapeIdentifier(table)}
       FOR EACH ROW ${options.when ? `WHEN (${options.when})` : ''}
       EXECUTE FUNCTION public.${trigger}()`,
    );
  });
  return () =>
    withPostgres(postgresUrl, async (client) => {
      const schema = client.escapeIdentifier(database);
      await client.query(
        `DROP TRIGGER IF EXISTS ${trigger} ON ${schema}.${client.escapeIdentifier(table)}`,
      );
      await client.query(`DROP FUNCTION IF EXISTS public.${trigger}()`);
    });
}
