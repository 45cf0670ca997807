import type pg from 'pg';

/** The compression PostgreSQL applies to the documents FerretDB writes. */
export type DocumentCompression = 'lz4' | 'pglz';

/**
 * Makes new sessions of the current database compress large values with lz4 when the server was
 * built with it (Debian's is), and returns the method in effect for them.
 *
 * FerretDB keeps each document in one jsonb value; ours are 4 to 5 kB, so PostgreSQL compresses
 * them inline, and every `_jsonb -> 'field'` a query evaluates decompresses the whole document
 * again: the ORDER BY keys of each row a deep OFFSET skips, the type guards of an exact count.
 * lz4 decompresses several times faster than pglz, PostgreSQL's default, at about the same size.
 * Only values written from then on are compressed with it (older rows keep pglz, and are read as
 * before). A server without lz4 keeps pglz.
 */
export async function preferLz4Compression(client: pg.Client): Promise<DocumentCompression> {
  const offered = await client.query<{ lz4: boolean }>(
    `SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
  );
  if (!offered.rows[0]?.lz4) return 'pglz';
  const database = await client.query<{ name: string }>('SELECT current_database() AS name');
  const name = client.escapeIdentifier(database.rows[0]!.name);
  await client.query(`ALTER DATABASE ${name} SET default_toast_compression = 'lz4'`);
  return 'lz4';
}
