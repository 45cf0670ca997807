/**
 * The vocabulary of the search entries' lexemes (decision 13): a table beside the `searchentries`
 * table holding every lexeme its `k` fields have held, kept by two statement-level triggers
 * (insert, update; their function `<vocabulary>_add` in the table's schema) and filled from the
 * table's rows when made. Patch 0009's `searchEntries`
 * expands a query's prefix (`twhash:*`) into the lexemes of the vocabulary that start with it
 * (`twhash`, `twhashing`): GIN reads exact lexemes by skipping through their posting lists, where
 * a prefix made it collect every row of the whole range into a bitmap first (15.6 of a 23-28 ms
 * statement at scale 5). The vocabulary may hold more than the entries do (lexemes of deleted or
 * rewritten entries stay, and a race of two writers may store one twice): a lexeme no entry holds
 * matches nothing, so the search stays exact. It must never hold less, so the table is made, its
 * triggers installed and its rows filled in one transaction, and the command uses it only when
 * both triggers are there.
 *
 * Its name is `qpc_field_object_name(schema, table, 'k', 'vocabulary')` (the patch computes the
 * same), commented `qpc-vocabulary:<table>`; the sweep drops one whose table is gone.
 */
export const VOCABULARY_TRIGGERS = ['qpc_vocabulary_insert', 'qpc_vocabulary_update'] as const;

export const ENTRY_VOCABULARY_SQL = String.raw`
-- The lexemes of the rows of source (a quoted relation) that the vocabulary lacks. A lexeme is a
-- word of k, split on spaces (the lexeme index's expression).
CREATE OR REPLACE FUNCTION public.qpc_vocabulary_missing(nspname text, vocabulary text, source text)
RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format('SELECT DISTINCT l FROM %s AS w, unnest(string_to_array(w._jsonb ->> %L, %L)) AS l ' ||
                'WHERE l <> %L AND NOT EXISTS (SELECT 1 FROM %I.%I AS v WHERE v.lexeme = l)',
                source, 'k', ' ', '', nspname, vocabulary)
$fn$;

-- Makes the vocabulary of an entries table when it lacks one or its triggers, in the caller's
-- transaction (the triggers lock the table against writes until it commits, so none is missed).
CREATE OR REPLACE FUNCTION public.qpc_entry_vocabulary_for(nspname text, relname text) RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  vocabulary text := public.qpc_field_object_name(nspname, relname, 'k', 'vocabulary');
  made integer := 0;
BEGIN
  IF to_regclass(format('%I.%I', nspname, vocabulary)) IS NULL THEN
    EXECUTE format('CREATE TABLE %I.%I (lexeme text COLLATE "C" NOT NULL)', nspname, vocabulary);
    EXECUTE format('COMMENT ON TABLE %I.%I IS %L', nspname, vocabulary, 'qpc-vocabulary:' || relname);
    EXECUTE format('CREATE INDEX %I ON %I.%I (lexeme COLLATE "C")', vocabulary || '_lexeme', nspname, vocabulary);
    made := 1;
  END IF;
  IF (SELECT count(*) FROM pg_trigger
       WHERE tgrelid = format('%I.%I', nspname, relname)::regclass
         AND tgname IN ('qpc_vocabulary_insert', 'qpc_vocabulary_update')) < 2 THEN
    EXECUTE format('DROP TRIGGER IF EXISTS qpc_vocabulary_insert ON %I.%I', nspname, relname);
    EXECUTE format('DROP TRIGGER IF EXISTS qpc_vocabulary_update ON %I.%I', nspname, relname);
    -- One function per table, its statement written out, so that each session plans it once (a
    -- generic function's EXECUTE planned it at every write: 0.2 against 0.05 ms per insert).
    EXECUTE format('CREATE OR REPLACE FUNCTION %I.%I() RETURNS trigger LANGUAGE plpgsql AS %L',
                   nspname, vocabulary || '_add',
                   format('BEGIN INSERT INTO %I.%I (lexeme) %s; RETURN NULL; END',
                          nspname, vocabulary, public.qpc_vocabulary_missing(nspname, vocabulary, 'qpc_written')));
    EXECUTE format('CREATE TRIGGER qpc_vocabulary_insert AFTER INSERT ON %I.%I ' ||
                   'REFERENCING NEW TABLE AS qpc_written FOR EACH STATEMENT EXECUTE FUNCTION %I.%I()',
                   nspname, relname, nspname, vocabulary || '_add');
    EXECUTE format('CREATE TRIGGER qpc_vocabulary_update AFTER UPDATE ON %I.%I ' ||
                   'REFERENCING NEW TABLE AS qpc_written FOR EACH STATEMENT EXECUTE FUNCTION %I.%I()',
                   nspname, relname, nspname, vocabulary || '_add');
    EXECUTE format('INSERT INTO %I.%I (lexeme) %s', nspname, vocabulary,
                   public.qpc_vocabulary_missing(nspname, vocabulary, format('%I.%I', nspname, relname)));
    made := made + 1;
  END IF;
  RETURN made;
END
$fn$;

-- Drops the vocabularies whose entries table is gone (its collection dropped), with their
-- trigger functions.
CREATE OR REPLACE FUNCTION public.qpc_vocabulary_orphans_drop() RETURNS integer
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
       AND obj_description(c.oid, 'pg_class') LIKE 'qpc-vocabulary:%'
       AND to_regclass(format('%I.%I', n.nspname,
             substr(obj_description(c.oid, 'pg_class'), length('qpc-vocabulary:') + 1))) IS NULL
  LOOP
    EXECUTE format('DROP TABLE %I.%I', orphan.nspname, orphan.relname);
    EXECUTE format('DROP FUNCTION IF EXISTS %I.%I()', orphan.nspname, orphan.relname || '_add');
    dropped := dropped + 1;
  END LOOP;
  RETURN dropped;
END
$fn$;
`;
