import { ddlEventTrigger } from './event-triggers.js';

/**
 * Statistics on the fields of partial indexes' predicates.
 *
 * A field that is a key of an index gets a GIN index (gin-indexes.ts), and PostgreSQL keeps
 * statistics on an index's expressions, so `_jsonb -> 'f' @> value` is estimated from the data.
 * A field that only appears in a partial index's predicate (`visible` in
 * `partialFilterExpression: {visible: true}`) gets no GIN: a flag true for most documents is no
 * use to look documents up by, and PostgreSQL would still intersect such an index with every
 * other one a query can use (a search's GIN lookups spent most of their time reading the
 * `visible` GIN). Without statistics, though, PostgreSQL guesses such a clause matches 1% of the
 * rows, and then prefers to read a partial index for it. So each such field gets an expression
 * statistics object, `CREATE STATISTICS ... ON ((_jsonb -> 'f'))`, which ANALYZE fills.
 *
 * Ours are recognised by their name (`<table>_<field>_<hash>_stat`); DROP TABLE drops them. An
 * event trigger makes them when a partial index is made; the sweep at start covers indexes made
 * before it existed. A statistics object left after its index is dropped costs ANALYZE a little
 * and nothing else.
 */
const FUNCTIONS_SQL = String.raw`
CREATE OR REPLACE FUNCTION public.qpc_statistics_for_index(index_oid oid) RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  target record;
  field text;
  stat_name text;
  made integer := 0;
BEGIN
  SELECT i.indrelid, n.nspname, t.relname, pg_get_expr(i.indpred, i.indrelid) AS predicate
    INTO target
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
   WHERE i.indexrelid = index_oid AND i.indpred IS NOT NULL;
  IF NOT FOUND OR NOT public.qpc_is_ferretdb_table(target.indrelid) THEN
    RETURN 0;
  END IF;
  FOR field IN
    SELECT DISTINCT replace(m[1], '''''', '''')
      FROM regexp_matches(target.predicate, '_jsonb -> ''((?:[^'']|'''')*)''::text', 'g') AS m
  LOOP
    stat_name := public.qpc_field_object_name(target.nspname, target.relname, field, 'stat');
    CONTINUE WHEN EXISTS (
      SELECT 1 FROM pg_statistic_ext s JOIN pg_namespace sn ON sn.oid = s.stxnamespace
       WHERE sn.nspname = target.nspname AND s.stxname = stat_name);
    EXECUTE format('CREATE STATISTICS %I.%I ON ((_jsonb -> %L)) FROM %I.%I',
                   target.nspname, stat_name, field, target.nspname, target.relname);
    made := made + 1;
  END LOOP;
  RETURN made;
END
$fn$;

CREATE OR REPLACE FUNCTION public.qpc_statistics_sweep() RETURNS integer
LANGUAGE sql AS $fn$
  SELECT coalesce(sum(public.qpc_statistics_for_index(i.indexrelid)), 0)::integer
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
   WHERE i.indpred IS NOT NULL
     AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
$fn$;
`;

/**
 * The statistics maker: its functions and event trigger (installed by indexers.ts after
 * gin-indexes.ts, whose functions it calls).
 */
export const PREDICATE_STATISTICS_SQL =
  FUNCTIONS_SQL +
  ddlEventTrigger({
    name: 'qpc_statistics_on_create_index',
    tag: 'CREATE INDEX',
    objectType: 'index',
    perObject: 'public.qpc_statistics_for_index',
  });
