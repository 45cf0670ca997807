import type pg from 'pg';
import { ENTRY_SIDE_SQL } from './entry-side.js';
import { ENTRY_VOCABULARY_SQL } from './entry-vocabulary.js';
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
  return inLockedTransaction(client, INDEXERS_LOCK, async () => {
    for (const sql of INDEXERS_SQL) await client.query(sql);
    const made: IndexSweep = { gin: 0, sort: 0, statistics: 0 };
    for (const [kind, sql] of INDEXER_SWEEPS) {
      made[kind] = (await client.query<{ made: number }>(sql)).rows[0]?.made ?? 0;
    }
    return made;
  });
}

/** The advisory lock `installIndexers` holds (setup-script.ts takes the same). */
export const INDEXERS_LOCK = 'qpc-gin-indexer';

/** The indexers' functions and event triggers, in the order they are installed. */
export const INDEXERS_SQL: readonly string[] = [
  ENTRY_VOCABULARY_SQL,
  ENTRY_SIDE_SQL,
  GIN_INDEXER_SQL,
  SORT_INDEXER_SQL,
  PREDICATE_STATISTICS_SQL,
];

/** The sweeps run after installing, in order: btrees remade first, then GIN and statistics. */
export const INDEXER_SWEEPS: readonly (readonly [keyof IndexSweep, string])[] = [
  ['sort', 'SELECT public.qpc_sort_sweep() AS made'],
  ['gin', 'SELECT public.qpc_gin_sweep() AS made'],
  ['statistics', 'SELECT public.qpc_statistics_sweep() AS made'],
];
