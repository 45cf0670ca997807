import { ddlEventTrigger } from './event-triggers.js';

/**
 * Indexes for the sorts our FerretDB patch pushes down (patches/0001-qpc-pushdown.patch).
 *
 * The patched binary sorts a top-level field other than `_id` by
 * `COALESCE(_jsonb -> 'f', 'null'::jsonb)` (missing and null together, first ascending, last
 * descending, as in MongoDB) and makes its non-unique btrees on that expression. Btrees made by
 * the unpatched binary are on `(_jsonb -> 'f')`, which that ORDER BY cannot use: the sweep remakes
 * them, under the same name (FerretDB's metadata refers to it), with the patched keys.
 *
 * A filter `{f: true}` is sent as `(_jsonb -> 'f') @> 'true'` (exact for booleans: it also
 * matches `[true]`, as MongoDB does), which no btree can use. So for every non-unique btree of two
 * or more keys led by a top-level field, a partial twin is made over the other keys
 * `WHERE (_jsonb -> 'f') @> 'true'::jsonb`: `{visible: 1, createdAt: -1, _id: -1}` gets
 * `(createdAt DESC, _id DESC) WHERE visible`, which answers `find({visible: true})
 * .sort({createdAt: -1, _id: -1}).limit(20)` with an index scan and a LIMIT. A twin whose leading
 * field never holds `true` stays empty. Twins are commented `qpc-true:<btree name>`; an event
 * trigger makes them when FerretDB creates a btree, the sweep at start makes missing ones and
 * drops those whose btree is gone.
 */
export const SORT_INDEXER_SQL =
  String.raw`
CREATE OR REPLACE FUNCTION public.qpc_btree_column(index_oid oid, k integer) RETURNS text
LANGUAGE sql STABLE AS $fn$
  SELECT pg_get_indexdef(index_oid, k, false) ||
         CASE WHEN (i.indoption[k - 1] & 1) = 1 THEN ' DESC' ELSE '' END
    FROM pg_index i WHERE i.indexrelid = index_oid
$fn$;

CREATE OR REPLACE FUNCTION public.qpc_twin_name(index_name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT left(index_name, 48) || '_' || left(md5(index_name), 8) || '_true'
$fn$;

-- Non-unique, non-partial btrees on FerretDB's collection tables: the ones FerretDB makes for
-- the application's indexes (unique ones keep FerretDB's keys and NULL semantics).
CREATE OR REPLACE FUNCTION public.qpc_sortable_btrees()
RETURNS TABLE (index_oid oid, nspname name, index_name name, table_name name, keys integer)
LANGUAGE sql STABLE AS $fn$
  SELECT i.indexrelid, n.nspname, c.relname, t.relname, i.indnatts::integer
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am am ON am.oid = c.relam AND am.amname = 'btree'
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
   WHERE NOT i.indisunique AND i.indpred IS NULL
     AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
     AND public.qpc_is_ferretdb_table(i.indrelid)
$fn$;

CREATE OR REPLACE FUNCTION public.qpc_twin_for_index(index_oid oid) RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  target record;
  field text;
  twin text;
BEGIN
  SELECT * INTO target FROM public.qpc_sortable_btrees() b WHERE b.index_oid = qpc_twin_for_index.index_oid;
  IF NOT FOUND OR target.keys < 2 THEN
    RETURN 0;
  END IF;
  field := public.qpc_jsonb_field(pg_get_indexdef(index_oid, 1, false));
  twin := public.qpc_twin_name(target.index_name);
  IF field IS NULL OR field = '_id' OR to_regclass(format('%I.%I', target.nspname, twin)) IS NOT NULL THEN
    RETURN 0;
  END IF;
  EXECUTE format('CREATE INDEX %I ON %I.%I (%s) WHERE (_jsonb -> %L) @> ''true''::jsonb',
                 twin, target.nspname, target.table_name,
                 (SELECT string_agg(public.qpc_btree_column(index_oid, k), ', ' ORDER BY k)
                    FROM generate_series(2, target.keys) AS k),
                 field);
  EXECUTE format('COMMENT ON INDEX %I.%I IS %L', target.nspname, twin, 'qpc-true:' || target.index_name);
  RETURN 1;
END
$fn$;

-- Remakes, under the same name, the btrees whose keys are the unpatched binary's (_jsonb -> 'f')
-- for a field other than _id; the event triggers then make their twin and GIN indexes.
CREATE OR REPLACE FUNCTION public.qpc_sort_keys_remake() RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  target record;
  columns text;
  made integer := 0;
BEGIN
  FOR target IN SELECT * FROM public.qpc_sortable_btrees() LOOP
    CONTINUE WHEN NOT EXISTS (
      SELECT 1 FROM generate_series(1, target.keys) AS k
       WHERE public.qpc_jsonb_plain_field(pg_get_indexdef(target.index_oid, k, false)) <> '_id');
    SELECT string_agg(
             CASE WHEN public.qpc_jsonb_plain_field(pg_get_indexdef(target.index_oid, k, false)) <> '_id'
                  THEN format('COALESCE(_jsonb -> %L, ''null''::jsonb)',
                              public.qpc_jsonb_plain_field(pg_get_indexdef(target.index_oid, k, false))) ||
                       CASE WHEN public.qpc_btree_column(target.index_oid, k) LIKE '% DESC' THEN ' DESC' ELSE '' END
                  ELSE public.qpc_btree_column(target.index_oid, k) END,
             ', ' ORDER BY k)
      INTO columns
      FROM generate_series(1, target.keys) AS k;
    EXECUTE format('DROP INDEX IF EXISTS %I.%I', target.nspname, public.qpc_twin_name(target.index_name));
    EXECUTE format('DROP INDEX %I.%I', target.nspname, target.index_name);
    EXECUTE format('CREATE INDEX %I ON %I.%I (%s)', target.index_name, target.nspname, target.table_name, columns);
    made := made + 1;
  END LOOP;
  RETURN made;
END
$fn$;

CREATE OR REPLACE FUNCTION public.qpc_sort_sweep() RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  orphan record;
  made integer;
BEGIN
  FOR orphan IN
    SELECT n.nspname, c.relname
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE obj_description(i.indexrelid, 'pg_class') LIKE 'qpc-true:%'
       AND to_regclass(format('%I.%I', n.nspname,
             substr(obj_description(i.indexrelid, 'pg_class'), length('qpc-true:') + 1))) IS NULL
  LOOP
    EXECUTE format('DROP INDEX %I.%I', orphan.nspname, orphan.relname);
  END LOOP;
  made := public.qpc_sort_keys_remake();
  SELECT made + coalesce(sum(public.qpc_twin_for_index(b.index_oid)), 0)::integer INTO made
    FROM public.qpc_sortable_btrees() b;
  RETURN made;
END
$fn$;

` +
  ddlEventTrigger({
    name: 'qpc_true_on_create_index',
    tag: 'CREATE INDEX',
    objectType: 'index',
    perObject: 'public.qpc_twin_for_index',
  });
