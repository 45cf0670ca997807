// The backfills prepareDatabase runs once per database (storage/migrations.ts, search/backfill.ts,
// search/entry-backfill.ts, similar/backfill.ts, university/name-keys.ts) record their run in the `migrations` collection under these ids, so that
// later starts skip their scans. A new version of a backfill takes a new id.
import { mongoose } from '../db.js';

export const BACKFILL_MARKERS = {
  ancestorKeys: { _id: 'ancestor-keys-2' },
  visible: { _id: 'visible-1' },
  search: { _id: 'search-3' },
  searchEntries: { _id: 'search-entries-1' },
  similar: { _id: 'similar-2' },
  nameKeys: { _id: 'university-name-keys-1' },
} as const;

/**
 * Records every backfill as done, without its scans: only for a database whose documents were all
 * written with every field the backfills derive, and whose search term counts were replaced from
 * them, and whose university name keys were rebuilt (the benchmark's bulk load, which computes
 * them with the domain's own functions, search entries and group keys included).
 */
export async function recordBackfillsDone(): Promise<void> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('recordBackfillsDone needs a connected database');
  const migrations = db.collection<{ _id: string }>('migrations');
  for (const marker of Object.values(BACKFILL_MARKERS)) {
    await migrations.updateOne(marker, { $set: { at: new Date() } }, { upsert: true });
  }
}
