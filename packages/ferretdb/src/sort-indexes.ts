/**
 * Indexes for the sorts our FerretDB patches push down (patches/0001-…, whose btree keys are
 * patches/0005-sort-key-btrees.patch).
 *
 * The patched binary sorts a top-level field other than `_id` by
 * `COALESCE(_jsonb -> 'f', 'null'::jsonb)` (missing and null together, first ascending, last
 * descending, as in MongoDB) and makes its non-unique btrees on that expression. Btrees made by
 * the unpatched binary are on `(_jsonb -> 'f')`, which that ORDER BY cannot use: the sweep remakes
 * them, under the same name (FerretDB's metadata refers to it), with the patched keys.
 *
 * A filter `{f: true}` is sent as `(_jsonb -> 'f') @> 'true'` (exact for booleans: it also
 * matches `[true]`, as MongoDB does), which no btree keyed on `f` can use: a list filtered by a
 * flag is served by an index partial on it (`partialFilterExpression: {f: true}`, which the patch
 * makes `WHERE` that very clause; the domain's `sortIndexes`). Earlier versions made a partial
 * "twin" of every btree led by a field instead; the sweep drops those.
 */
export const SORT_INDEXER_SQL = String.raw`
CREATE OR REPLACE FUNCTION public.qpc_btree_column(index_oid oid, k integer) RETURNS text
LANGUAGE sql STABLE AS $fn$
  SELECT pg_get_indexdef(index_oid, k, false) ||
         CASE WHEN (i.indoption[k - 1] & 1) = 1 THEN ' DESC' ELSE '' END
    FROM pg_index i WHERE i.indexrelid = index_oid
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

-- Remakes, under the same name, the btrees whose keys are the unpatched binary's (_jsonb -> 'f')
-- for a field other than _id; the GIN indexer's event trigger then makes their GIN indexes.
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
    EXECUTE format('DROP INDEX %I.%I', target.nspname, target.index_name);
    EXECUTE format('CREATE INDEX %I ON %I.%I (%s)', target.index_name, target.nspname, target.table_name, columns);
    made := made + 1;
  END LOOP;
  RETURN made;
END
$fn$;

-- Earlier versions made a partial "true twin" of each btree led by a field (commented
-- qpc-true:<btree>), made by an event trigger: both go.
DROP EVENT TRIGGER IF EXISTS qpc_true_on_create_index;
DROP FUNCTION IF EXISTS public.qpc_true_on_create_index();
DROP FUNCTION IF EXISTS public.qpc_twin_for_index(oid);
DROP FUNCTION IF EXISTS public.qpc_twin_name(text);

CREATE OR REPLACE FUNCTION public.qpc_sort_sweep() RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  twin record;
BEGIN
  FOR twin IN
    SELECT n.nspname, c.relname
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE obj_description(i.indexrelid, 'pg_class') LIKE 'qpc-true:%'
  LOOP
    EXECUTE format('DROP INDEX %I.%I', twin.nspname, twin.relname);
  END LOOP;
  RETURN public.qpc_sort_keys_remake();
END
$fn$;
`;
