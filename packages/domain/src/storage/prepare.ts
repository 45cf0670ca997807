// The start-up work on a connected database, run once by each app's boot (and the scripts that
// seed or benchmark) after connectDatabase(): db.ts only connects, so that no model or migration
// hangs off the connection module.
import { mongoose } from '../db.js';
import '../models.js';
import { backfillSimilar } from '../similar/backfill.js';
import { backfillSearch } from '../search/backfill.js';
import { backfillSearchEntries } from '../search/entry-backfill.js';
import { startCreateSweeps } from '../search/create-sweep.js';
import { resumeContentSweeps } from '../university/content-sweep.js';
import { backfillNameKeys } from '../university/name-keys.js';
import { backfillAncestorKeys, backfillVisible } from './migrations.js';
import { createDeclaredIndexes } from './index-fallback.js';
import type { IndexWarn } from './index-fallback.js';
import { supersededIndexesOf } from './model-helpers.js';
import { withStartupLease } from './startup-lease.js';

export interface PrepareOptions {
  /**
   * Told once per index the engine refuses and that is made plain or left out (FerretDB as
   * released refuses partial indexes); by default a process warning.
   */
  warn?: IndexWarn;
}

const emitWarning: IndexWarn = (message) => process.emitWarning(message, 'IndexFallbackWarning');

/**
 * Builds every model's indexes, then backfills the fields older documents lack (each once per
 * database); content rewrites a stop interrupted resume in the background (visibility excludes or
 * shows that content meanwhile). Returns how many documents the backfills wrote. One process at a
 * time per database (startup-lease.ts): processes starting together take turns, and the later
 * ones find the backfills recorded as done.
 */
export function prepareDatabase(options: PrepareOptions = {}): Promise<number> {
  return withStartupLease(() => prepareUnderLease(options));
}

async function prepareUnderLease(options: PrepareOptions): Promise<number> {
  await buildIndexes(options);
  let updated = (await backfillAncestorKeys()).updated + (await backfillVisible()).updated;
  void resumeContentSweeps().catch(() => undefined);
  updated += (await backfillSearch()).updated;
  updated += (await backfillSimilar()).updated;
  // After the band keys: the group keys are found by them.
  updated += (await backfillSearchEntries()).updated;
  // Before any create this version leaves unjournalled: the sweep of creates starts from here.
  await startCreateSweeps();
  updated += (await backfillNameKeys()).updated;
  return updated;
}

/**
 * Creates the indexes declared on every model (those the engine refuses made plain or left out,
 * `options.warn` told of each: index-fallback.ts), and drops those an earlier version declared in
 * their place (`supersededIndexesOf`); no other index is dropped.
 */
export async function buildIndexes(options: PrepareOptions = {}): Promise<void> {
  for (const model of Object.values(mongoose.models)) {
    await model.createCollection().catch(() => undefined);
    await createDeclaredIndexes(model, options.warn ?? emitWarning);
    const unwanted = new Set(supersededIndexesOf(model.schema));
    if (unwanted.size === 0) continue;
    const present = await model.collection.listIndexes().toArray();
    for (const index of present) {
      if (!unwanted.has(String(index.name))) continue;
      // Another process starting at the same time may drop it first.
      await model.collection.dropIndex(String(index.name)).catch((error: unknown) => {
        if ((error as { codeName?: string }).codeName !== 'IndexNotFound') throw error;
      });
    }
  }
}

/** True when no document exists in any catalog collection (used to decide on seeding). */
export async function isDatabaseEmpty(): Promise<boolean> {
  for (const model of Object.values(mongoose.models)) {
    if (await model.exists({})) return false;
  }
  return true;
}
