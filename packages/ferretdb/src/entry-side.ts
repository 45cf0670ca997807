/**
 * The side table of the search entries (decision 13, "A narrow side table"): beside the
 * `searchentries` table, one narrow typed row per entry holding exactly what patch 0009's
 * `searchEntries` statement reads of it (its id, type, group, creation time, exam year, university,
 * title stem count, ` k ` for the scoring and its title's lexemes alone, `kt`, which the title
 * arms scan instead, and the jsonb of the fields a type's condition tests), with two GIN indexes
 * of its words (each lexeme of ` k ` without its two marks), one over the visible entries and one
 * over the others, so that a public search reads a smaller index with one key per term and no
 * visibility key. The statement then reads these rows instead of decoding each hit's
 * `_jsonb` (FerretDB's whole document with its type schema): "hash" at scale 50 (123,000 hits)
 * took 0.77 instead of 2.0 s. Every column is computed by the very expression the statement used
 * on `_jsonb` (and `kt` finds a title lexeme exactly when ` k ` does), so its answers are the same.
 *
 * Four statement-level triggers keep it (insert, update, delete, truncate; their function
 * `<side>_sync` in the table's schema). It is made, its triggers installed and its rows filled in
 * one transaction, when the collection's `_id` index is made and by the sweep at each start (so a
 * catalog made before it gets it at its next start). Its comment names its shape and the entries
 * table's oid (`qpc-side:3:<oid>`, SIDE_COMMENT): a side left by a dropped or renamed table, or of
 * an older shape (`qpc-side:<oid>`, without `kt`; `qpc-side:2:<oid>`, one index of the marked
 * lexemes and a visibility lexeme), is remade (a collection dropped and made again
 * gets the same table name), the sweep drops one whose table is gone, and the command reads it
 * only when the comment names its table in this shape and the four triggers are there.
 */
export const SIDE_COMMENT = 'qpc-side:3:';

export const SIDE_TRIGGERS = [
  'qpc_side_insert',
  'qpc_side_update',
  'qpc_side_delete',
  'qpc_side_truncate',
] as const;

export const ENTRY_SIDE_SQL = String.raw`
-- The side rows of the entries of source (a quoted relation), in the side table's column order.
-- Each expression is the one patch 0009's statement computed on _jsonb before the side existed,
-- but kt: kk with each lexeme that does not begin with t (the body's) removed with the space
-- before it, so the title's lexemes in k's order, each between spaces (under half of kk). The
-- statement looks for a title lexeme (a needle ' t... ' or, for a prefix, ' t...', holding no
-- other space) in kt instead of kk: it can only be found at a space starting a lexeme that
-- begins with t (the needle holds no inner space, so that lexeme is whole or it starts it), and
-- kt holds exactly those lexemes, whole, each after a space and before one. So it is found in kt
-- exactly when it is found in kk. One regexp pass (about 2 µs a row at scale 5).
CREATE OR REPLACE FUNCTION public.qpc_entry_side_rows(source text) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT $q$SELECT w._jsonb ->> '_id', w._jsonb ->> 'y', w._jsonb ->> 'g', (w._jsonb ->> 'c')::float8,
    coalesce((w._jsonb ->> 'e')::float8, 0),
    CASE WHEN jsonb_typeof(w._jsonb -> 'e') = 'number' THEN w._jsonb ->> 'e' END,
    w._jsonb ->> 'u', coalesce((w._jsonb ->> 'n')::float8, 0), ' ' || (w._jsonb ->> 'k') || ' ',
    regexp_replace(' ' || (w._jsonb ->> 'k') || ' ', '( [^t ][^ ]*)+', '', 'g'),
    w._jsonb -> 'u', w._jsonb -> 'o', w._jsonb -> 'e', w._jsonb -> 'v', w._jsonb -> 's'
    FROM $q$ || source || ' AS w'
$fn$;

-- Drops a side table and its trigger function (CASCADE: with the triggers that call it, on
-- whichever table they are).
CREATE OR REPLACE FUNCTION public.qpc_entry_side_drop(nspname text, side text) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('DROP TABLE IF EXISTS %I.%I', nspname, side);
  EXECUTE format('DROP FUNCTION IF EXISTS %I.%I() CASCADE', nspname, side || '_sync');
END
$fn$;

-- Makes the side table of an entries table when it lacks one, or one for this very table with
-- its four triggers, in the caller's transaction (the triggers lock the table against writes
-- until it commits, so none is missed). Its rows are filled before its indexes are made (faster
-- than index inserts row by row: 1.3 million entries at scale 50).
CREATE OR REPLACE FUNCTION public.qpc_entry_side_for(nspname text, relname text) RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  side text := public.qpc_field_object_name(nspname, relname, 'k', 'side');
  entries regclass := format('%I.%I', nspname, relname)::regclass;
  -- patch 0009's qpcSideWords: each lexeme of kk without its first two characters (its field and
  -- kind marks), so one word stands for its title and body, stem and word lexemes
  words text := $w$array_to_tsvector(array_remove(string_to_array(regexp_replace(kk, ' [^ ][^ ]', ' ', 'g'), ' '), ''))$w$;
BEGIN
  IF obj_description(to_regclass(format('%I.%I', nspname, side)), 'pg_class') IS NOT DISTINCT FROM
       '${SIDE_COMMENT}' || entries::oid
     AND (SELECT count(*) FROM pg_trigger
           WHERE tgrelid = entries
             AND tgname IN ('qpc_side_insert', 'qpc_side_update', 'qpc_side_delete', 'qpc_side_truncate')) = 4 THEN
    RETURN 0;
  END IF;
  PERFORM public.qpc_entry_side_drop(nspname, side);
  EXECUTE format('CREATE TABLE %I.%I (id text COLLATE "C" NOT NULL, y text, g text COLLATE "C", ' ||
                 'c float8, ey float8, e text, u text, n float8, kk text, kt text, ' ||
                 'f_u jsonb, f_o jsonb, f_e jsonb, f_v jsonb, f_s jsonb)', nspname, side);
  EXECUTE format('COMMENT ON TABLE %I.%I IS %L', nspname, side, '${SIDE_COMMENT}' || entries::oid);
  -- One function per table, its statements written out, so that each session plans them once.
  EXECUTE format('CREATE FUNCTION %I.%I() RETURNS trigger LANGUAGE plpgsql AS %L', nspname, side || '_sync',
    format('BEGIN ' ||
           'IF TG_OP = %L THEN TRUNCATE %I.%I; RETURN NULL; END IF; ' ||
           'IF TG_OP <> %L THEN DELETE FROM %I.%I AS s USING qpc_old AS o WHERE s.id = (o._jsonb ->> %L); END IF; ' ||
           'IF TG_OP <> %L THEN INSERT INTO %I.%I %s; END IF; ' ||
           'RETURN NULL; END',
           'TRUNCATE', nspname, side,
           'INSERT', nspname, side, '_id',
           'DELETE', nspname, side, public.qpc_entry_side_rows('qpc_new')));
  EXECUTE format('DROP TRIGGER IF EXISTS qpc_side_insert ON %s', entries);
  EXECUTE format('DROP TRIGGER IF EXISTS qpc_side_update ON %s', entries);
  EXECUTE format('DROP TRIGGER IF EXISTS qpc_side_delete ON %s', entries);
  EXECUTE format('DROP TRIGGER IF EXISTS qpc_side_truncate ON %s', entries);
  EXECUTE format('CREATE TRIGGER qpc_side_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS qpc_new ' ||
                 'FOR EACH STATEMENT EXECUTE FUNCTION %I.%I()', entries, nspname, side || '_sync');
  EXECUTE format('CREATE TRIGGER qpc_side_update AFTER UPDATE ON %s REFERENCING OLD TABLE AS qpc_old ' ||
                 'NEW TABLE AS qpc_new FOR EACH STATEMENT EXECUTE FUNCTION %I.%I()', entries, nspname, side || '_sync');
  EXECUTE format('CREATE TRIGGER qpc_side_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS qpc_old ' ||
                 'FOR EACH STATEMENT EXECUTE FUNCTION %I.%I()', entries, nspname, side || '_sync');
  EXECUTE format('CREATE TRIGGER qpc_side_truncate AFTER TRUNCATE ON %s ' ||
                 'FOR EACH STATEMENT EXECUTE FUNCTION %I.%I()', entries, nspname, side || '_sync');
  EXECUTE format('INSERT INTO %I.%I %s', nspname, side, public.qpc_entry_side_rows(entries::text));
  EXECUTE format('ALTER TABLE %I.%I ADD CONSTRAINT %I PRIMARY KEY (id)', nspname, side, side || '_id');
  -- The expression patch 0009 reads (qpcSideWords): the words of k (each lexeme without its field
  -- and kind marks), over the visible entries (qpcVisible) and over the others (qpcHidden).
  EXECUTE format('CREATE INDEX %I ON %I.%I USING gin ((%s)) WITH (fastupdate = off) WHERE f_v = %L::jsonb',
                 side || '_words', nspname, side, words, 'true');
  EXECUTE format('CREATE INDEX %I ON %I.%I USING gin ((%s)) WITH (fastupdate = off) WHERE f_v IS DISTINCT FROM %L::jsonb',
                 side || '_hidden_words', nspname, side, words, 'true');
  RETURN 1;
END
$fn$;

-- Drops the side tables whose entries table is gone (its collection dropped), their comment of
-- this shape (qpc-side:3:<oid>) or of an older one (qpc-side:2:<oid>, qpc-side:<oid>).
CREATE OR REPLACE FUNCTION public.qpc_entry_side_orphans_drop() RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  orphan record;
  dropped integer := 0;
BEGIN
  FOR orphan IN
    SELECT n.nspname, c.relname
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r'
       AND obj_description(c.oid, 'pg_class') LIKE 'qpc-side:%'
       AND NOT EXISTS (SELECT 1 FROM pg_class t
                        WHERE t.oid::text = substring(obj_description(c.oid, 'pg_class')
                                                      FROM '^qpc-side:(?:[23]:)?([0-9]+)$'))
  LOOP
    PERFORM public.qpc_entry_side_drop(orphan.nspname, orphan.relname);
    dropped := dropped + 1;
  END LOOP;
  RETURN dropped;
END
$fn$;
`;
