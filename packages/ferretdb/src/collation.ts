import type pg from 'pg';

/** Thrown when FerretDB's database does not compare strings in byte order. */
export class CollationMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CollationMismatchError';
  }
}

/**
 * The patched FerretDB sorts strings in PostgreSQL, where jsonb compares them by the database's
 * collation: only `C` (or its alias `POSIX`) is byte order, as MongoDB compares. Clusters are
 * made with `initdb --locale=C` and the database with `LC_COLLATE 'C'`; a data directory made
 * otherwise (by hand, or by another tool) is refused rather than changed: it still holds the
 * user's data, and a pushed sort on it would answer in another order than MongoDB.
 */
export async function assertByteOrderCollation(client: pg.Client, dataDir: string): Promise<void> {
  const found = await client.query<{ collate: string }>(
    'SELECT datcollate AS collate FROM pg_database WHERE datname = current_database()',
  );
  const collate = found.rows[0]?.collate ?? '';
  if (collate === 'C' || collate === 'POSIX') return;
  throw new CollationMismatchError(
    `The embedded database in ${dataDir} compares strings with the collation "${collate}", and ` +
      'the embedded engine needs "C" (byte order, as MongoDB compares) to sort strings in PostgreSQL. ' +
      'Nothing was changed. Move that folder aside and start again to get a new, empty database ' +
      '(then copy the data over, e.g. mongodump from the old one started with the unpatched ' +
      'binary, mongorestore into the new), or set MONGODB_URI to use another server.',
  );
}

/**
 * The same rule for a server this package does not start (the compose image's start,
 * setup-script.ts): a database whose strings are not compared in byte order is refused, unchanged.
 */
export const BYTE_ORDER_CHECK_SQL = `
DO $collation$
DECLARE
  found_collation text := (SELECT datcollate FROM pg_database WHERE datname = current_database());
BEGIN
  IF found_collation NOT IN ('C', 'POSIX') THEN
    RAISE EXCEPTION 'The database % compares strings with the collation "%", and our FerretDB needs "C" (byte order, as MongoDB compares) to sort strings in PostgreSQL. Nothing was changed. Initialise the cluster with --locale=C (POSTGRES_INITDB_ARGS) or create the database with TEMPLATE template0 LC_COLLATE ''C'' LC_CTYPE ''C'', then copy the data over (mongodump, mongorestore).', current_database(), found_collation;
  END IF;
END
$collation$`;
