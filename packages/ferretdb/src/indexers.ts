import type pg from 'pg';
import { GIN_INDEXER_SQL } from './gin-indexes.js';
import { inLockedTransaction } from './pg-client.js';
import { PREDICATE_STATISTICS_SQL } from './predicate-statistics.js';
import { SORT_INDEXER_SQL } from './sort-indexes.js';

/** How many indexes and statistics objects the start-up sweep made or remade. */
export interface IndexSweep {
  gin: number;
  sort: number;
  statistics: number;
}

/**
 * Installs (or updates) our indexers in FerretDB's database (functions and event triggers: the GIN
 * indexes of gin-indexes.ts, the sort keys of sort-indexes.ts, the statistics of
 * predicate-statistics.ts), then sweeps the existing indexes: btrees of the unpatched binary
 * remade, missing GIN indexes and statistics made, orphans dropped. One transaction, so a failed
 * sweep changes nothing.
 */
export async function installIndexers(client: pg.Client): Promise<IndexSweep> {
  return inLockedTransaction(client, 'qpc-gin-indexer', async () => {
    await client.query(GIN_INDEXER_SQL);
    await client.query(SORT_INDEXER_SQL);
    await client.query(PREDICATE_STATISTICS_SQL);
    const sort = await client.query<{ made: number }>('SELECT public.qpc_sort_sweep() AS made');
    const gin = await client.query<{ made: number }>('SELECT public.qpc_gin_sweep() AS made');
    const statistics = await client.query<{ made: number }>(
      'SELECT public.qpc_statistics_sweep() AS made',
    );
    return {
      gin: gin.rows[0]?.made ?? 0,
      sort: sort.rows[0]?.made ?? 0,
      statistics: statistics.rows[0]?.made ?? 0,
    };
  });
}
