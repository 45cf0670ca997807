import pg from 'pg';

/** Opens one connection, runs `fn`, always closes it. */
export async function withPostgres<T>(
  url: string,
  fn: (client: pg.Client) => Promise<T>,
  options: { connectTimeoutMs?: number } = {},
): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
  });
  // An error after connect (the server going away) would otherwise be an unhandled event.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs `fn` in one transaction holding the advisory lock `lock`, so that two starts on one server
 * (a restart racing a stop) never interleave their DDL; a failure rolls everything back.
 */
export async function inLockedTransaction<T>(
  client: pg.Client,
  lock: string,
  fn: () => Promise<T>,
): Promise<T> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lock]);
    const result = await fn();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Connects and runs `SELECT 1` within `timeoutMs`: what detailed health reports for the
 * PostgreSQL server under the embedded FerretDB. Rejects when it does not answer in time.
 */
export async function pingPostgres(url: string, timeoutMs = 1_500): Promise<{ latencyMs: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('PostgreSQL did not answer in time')), timeoutMs);
  });
  try {
    await Promise.race([
      withPostgres(url, (client) => client.query('SELECT 1'), { connectTimeoutMs: timeoutMs }),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
  return { latencyMs: Math.round((performance.now() - started) * 10) / 10 };
}

/**
 * Refreshes PostgreSQL's statistics for the tables of one MongoDB database (a schema in
 * FerretDB's PostgreSQL database), or of all of them: after a bulk load, so the planner knows
 * an index is worth using before autovacuum gets to it. `vacuum: true` also sets the visibility
 * map (VACUUM ANALYZE), which lets a count be answered by an index-only scan.
 */
export async function analyzeDatabase(
  postgresUrl: string,
  database?: string,
  options: { vacuum?: boolean } = {},
): Promise<void> {
  const command = options.vacuum ? 'VACUUM ANALYZE' : 'ANALYZE';
  await withPostgres(postgresUrl, async (client) => {
    if (!database) {
      await client.query(command);
      return;
    }
    const tables = await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = $1`,
      [database],
    );
    for (const { name } of tables.rows) await client.query(`${command} ${name}`);
  });
}
