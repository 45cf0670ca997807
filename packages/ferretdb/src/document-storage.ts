import type pg from 'pg';
import { ddlEventTrigger } from './event-triggers.js';
import { inLockedTransaction } from './pg-client.js';

/** The compression PostgreSQL applies to the documents FerretDB writes. */
export type DocumentCompression = 'lz4' | 'pglz';

/** How FerretDB's documents are stored, as `configureDocumentStorage` left it. */
export interface DocumentStorage {
  /** The method for the documents still compressed (over `WHOLE_DOCUMENT_BYTES`). */
  readonly compression: DocumentCompression;
  /** How many existing tables the start-up sweep switched to whole documents. */
  readonly switched: number;
}

/**
 * PostgreSQL's `toast_tuple_target` for FerretDB's tables: its largest value, the most a heap page
 * holds. A row under it is stored as it is: no compression, no TOAST.
 */
export const WHOLE_DOCUMENT_BYTES = 8160;

/** The function storing a table's documents whole, and its event trigger on CREATE TABLE. */
export const WHOLE_DOCUMENTS_SQL =
  `
CREATE OR REPLACE FUNCTION public.qpc_store_documents_whole(table_oid oid) RETURNS boolean
LANGUAGE plpgsql AS $fn$
DECLARE
  target record;
BEGIN
  SELECT n.nspname, c.relname INTO target
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.oid = table_oid AND c.relkind = 'r'
     AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
     AND EXISTS (SELECT 1 FROM pg_attribute a
                  WHERE a.attrelid = c.oid AND a.attname = '_jsonb' AND NOT a.attisdropped)
     AND NOT coalesce('toast_tuple_target=${WHOLE_DOCUMENT_BYTES}' = ANY (c.reloptions), false);
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  EXECUTE format('ALTER TABLE %I.%I SET (toast_tuple_target = ${WHOLE_DOCUMENT_BYTES})',
                 target.nspname, target.relname);
  RETURN true;
END
$fn$;

` +
  ddlEventTrigger({
    name: 'qpc_store_documents_whole_on_create',
    tag: 'CREATE TABLE',
    objectType: 'table',
    perObject: 'public.qpc_store_documents_whole',
  });

/**
 * Sets how PostgreSQL stores FerretDB's documents, before FerretDB connects: each one in its row
 * as it is, compressed only when it would not fit a page.
 *
 * FerretDB keeps a document in one jsonb value, and ours are 4 to 5 kB (a question's search keys
 * and similarity bands, with the types FerretDB records beside them). PostgreSQL compresses a row
 * over about 2 kB, and then every `_jsonb -> 'field'` a query evaluates decompresses the whole
 * document again: the ORDER BY keys of each row a deep OFFSET skips, the type guards of an exact
 * count or filter, each field a projection strips. So every table with a `_jsonb` column gets
 * `toast_tuple_target = 8160` (an event trigger on CREATE TABLE, and a sweep here for tables made
 * before it): a row under that is stored whole. It costs space, four times for questions (one
 * per page where lz4 fits four: 156 MB against 39 MB for 20,000), and halves the time of page 500
 * (by SQL on those 20,000: 58 → 29 ms).
 *
 * Larger documents are still compressed, with lz4 where the server was built with it (Debian's
 * is), several times faster to decompress than pglz, PostgreSQL's default. Rows already written
 * keep their form until they are rewritten.
 */
export async function configureDocumentStorage(client: pg.Client): Promise<DocumentStorage> {
  const switched = await inLockedTransaction(client, DOCUMENT_STORAGE_LOCK, async () => {
    await client.query(WHOLE_DOCUMENTS_SQL);
    const sweep = await client.query<{ switched: number }>(WHOLE_DOCUMENTS_SWEEP_SQL);
    return sweep.rows[0]?.switched ?? 0;
  });
  return { compression: await preferLz4(client), switched };
}

/** The advisory lock `configureDocumentStorage` holds (setup-script.ts takes the same). */
export const DOCUMENT_STORAGE_LOCK = 'qpc-document-storage';

/** The start-up sweep: tables made before the trigger get whole documents too. */
export const WHOLE_DOCUMENTS_SWEEP_SQL = `SELECT count(*) FILTER (WHERE public.qpc_store_documents_whole(c.oid))::integer AS switched
  FROM pg_class c WHERE c.relkind = 'r'`;

/** Makes new sessions of the current database compress with lz4 when the server offers it. */
export const PREFER_LZ4_SQL = `
DO $lz4$
BEGIN
  IF (SELECT 'lz4' = ANY (enumvals) FROM pg_settings WHERE name = 'default_toast_compression') THEN
    EXECUTE format('ALTER DATABASE %I SET default_toast_compression = lz4', current_database());
  END IF;
END
$lz4$`;

async function preferLz4(client: pg.Client): Promise<DocumentCompression> {
  await client.query(PREFER_LZ4_SQL);
  const offered = await client.query<{ lz4: boolean }>(
    `SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
  );
  return offered.rows[0]?.lz4 ? 'lz4' : 'pglz';
}
