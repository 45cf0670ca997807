import { ddlEventTrigger } from './event-triggers.js';

/**
 * FerretDB (PostgreSQL backend) pushes an equality filter down as `_jsonb -> 'field' @> value`,
 * but its createIndex makes a btree on `(_jsonb -> 'field')`, which PostgreSQL cannot use for
 * `@>`. For every field of every btree FerretDB makes on a collection's table (top-level fields
 * only: nested ones are never pushed down), this makes the GIN expression index that answers the
 * filter. An event trigger fires when FerretDB creates an index; a sweep at start covers indexes
 * made before the trigger existed and drops GIN indexes whose btree is gone.
 *
 * Our indexes are recognised by their comment, never by FerretDB's naming: FerretDB does not
 * list them (listIndexes shows only its own metadata), and DROP TABLE of a collection drops them.
 */
/** The collection of search entries (the domain's `searchentries`), whose table gets a vocabulary and a side table. */
export const SEARCH_ENTRIES_COLLECTION = 'searchentries';

const FUNCTIONS_SQL = String.raw`
CREATE OR REPLACE FUNCTION public.qpc_jsonb_plain_field(expression text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT replace(substring(expression FROM '^\(\(_jsonb -> ''((?:[^'']|'''')*)''::text\)\)$'), '''''', '''')
$fn$;

-- The field of an index column FerretDB makes: ((_jsonb -> 'f')), or the patched binary's sort
-- key COALESCE((_jsonb -> 'f'), 'null'::jsonb) (see sort-indexes.ts).
CREATE OR REPLACE FUNCTION public.qpc_jsonb_field(expression text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT coalesce(
    public.qpc_jsonb_plain_field(expression),
    replace(substring(expression FROM '^COALESCE\(\(_jsonb -> ''((?:[^'']|'''')*)''::text\), ''null''::jsonb\)$'), '''''', ''''))
$fn$;

CREATE OR REPLACE FUNCTION public.qpc_is_ferretdb_table(table_oid oid) RETURNS boolean
LANGUAGE sql STABLE AS $fn$
  SELECT EXISTS (
    SELECT 1
      FROM pg_class t
      JOIN pg_namespace n ON n.oid = t.relnamespace
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attname = '_jsonb' AND NOT a.attisdropped
     WHERE t.oid = table_oid
       AND t.relkind = 'r'
       AND t.relname NOT LIKE '\_ferretdb\_%'
       AND to_regclass(format('%I._ferretdb_database_metadata', n.nspname)) IS NOT NULL
  )
$fn$;

-- The name of an object we make for a field of a table (an index, statistics): the table and
-- field shortened, a hash of both, and what it is.
CREATE OR REPLACE FUNCTION public.qpc_field_object_name(nspname text, relname text, field text, kind text)
RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT left(relname, 24) || '_' || left(regexp_replace(lower(field), '[^a-z0-9_]', '_', 'g'), 20) ||
         '_' || left(md5(nspname || '.' || relname || '.' || field), 8) || '_' || kind
$fn$;

-- The function below under its former name, from when it made the table's lexeme index.
DROP FUNCTION IF EXISTS public.qpc_lexeme_index_for(text, text);

-- The search entries' table (decision 13) gets its vocabulary (entry-vocabulary.ts) and its side
-- table (entry-side.ts), whose own word indexes patch 0009's searchEntries reads. The table's own
-- lexeme index, which the command read before the side existed, is dropped where a catalog still
-- has it: nothing reads it while the side is there, and every write of an entry paid for it.
CREATE OR REPLACE FUNCTION public.qpc_entry_tables_for(nspname text, relname text) RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  collection text;
  index_name text;
BEGIN
  EXECUTE format('SELECT _jsonb ->> %L FROM %I._ferretdb_database_metadata WHERE _jsonb ->> %L = $1',
                 '_id', nspname, 'table')
    INTO collection USING relname;
  IF collection IS DISTINCT FROM '${SEARCH_ENTRIES_COLLECTION}' THEN
    RETURN 0;
  END IF;
  index_name := public.qpc_field_object_name(nspname, relname, 'k', 'lexemes');
  IF to_regclass(format('%I.%I', nspname, index_name)) IS NOT NULL THEN
    EXECUTE format('DROP INDEX %I.%I', nspname, index_name);
  END IF;
  RETURN public.qpc_entry_vocabulary_for(nspname, relname) + public.qpc_entry_side_for(nspname, relname);
END
$fn$;

CREATE OR REPLACE FUNCTION public.qpc_gin_for_index(index_oid oid) RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  target record;
  field text;
  gin_name text;
  made integer := 0;
BEGIN
  SELECT i.indrelid, i.indnatts, n.nspname, t.relname, am.amname
    INTO target
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am am ON am.oid = c.relam
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
   WHERE i.indexrelid = index_oid;
  -- Our own GIN indexes fire the trigger too: only btrees go further, so there is no recursion.
  IF NOT FOUND OR target.amname <> 'btree' OR NOT public.qpc_is_ferretdb_table(target.indrelid) THEN
    RETURN 0;
  END IF;
  made := public.qpc_entry_tables_for(target.nspname, target.relname);
  FOR k IN 1..target.indnatts LOOP
    field := public.qpc_jsonb_field(pg_get_indexdef(index_oid, k, false));
    CONTINUE WHEN field IS NULL;
    gin_name := public.qpc_field_object_name(target.nspname, target.relname, field, 'gin');
    CONTINUE WHEN to_regclass(format('%I.%I', target.nspname, gin_name)) IS NOT NULL;
    EXECUTE format('CREATE INDEX %I ON %I.%I USING gin ((_jsonb -> %L) jsonb_path_ops)',
                   gin_name, target.nspname, target.relname, field);
    EXECUTE format('COMMENT ON INDEX %I.%I IS %L', target.nspname, gin_name, 'qpc-gin:' || field);
    made := made + 1;
  END LOOP;
  RETURN made;
END
$fn$;

CREATE OR REPLACE FUNCTION public.qpc_gin_sweep() RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  orphan record;
  made integer := 0;
BEGIN
  -- A GIN index whose field no btree of its table covers any more (dropIndexes) goes.
  FOR orphan IN
    SELECT n.nspname, c.relname
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE obj_description(i.indexrelid, 'pg_class') LIKE 'qpc-gin:%'
       AND NOT EXISTS (
         SELECT 1
           FROM pg_index b
           JOIN pg_class bc ON bc.oid = b.indexrelid
           JOIN pg_am am ON am.oid = bc.relam AND am.amname = 'btree'
           CROSS JOIN LATERAL generate_series(1, b.indnatts) AS k
          WHERE b.indrelid = i.indrelid
            AND 'qpc-gin:' || public.qpc_jsonb_field(pg_get_indexdef(b.indexrelid, k, false))
                = obj_description(i.indexrelid, 'pg_class'))
  LOOP
    EXECUTE format('DROP INDEX %I.%I', orphan.nspname, orphan.relname);
  END LOOP;
  PERFORM public.qpc_vocabulary_orphans_drop();
  PERFORM public.qpc_entry_side_orphans_drop();
  SELECT coalesce(sum(public.qpc_gin_for_index(i.indexrelid)), 0)::integer INTO made
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
   WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast');
  RETURN made;
END
$fn$;
`;

/** The GIN indexer: its functions and event trigger (installed by indexers.ts). */
export const GIN_INDEXER_SQL =
  FUNCTIONS_SQL +
  ddlEventTrigger({
    name: 'qpc_gin_on_create_index',
    tag: 'CREATE INDEX',
    objectType: 'index',
    perObject: 'public.qpc_gin_for_index',
  });
