// What a write's result says about it, for the global schema plugins that act after a write
// (cache-keys/changes.ts, search/context-generations.ts).

/**
 * A write that matched or changed nothing: counts of 0 (a guarded update that lost, a sweep with
 * nothing left to rewrite) or a findOneAnd* that found nothing.
 */
export function changedNothing(result: unknown): boolean {
  if (result === null) return true;
  if (!result || typeof result !== 'object') return false;
  const counts = result as {
    deletedCount?: number;
    modifiedCount?: number;
    upsertedCount?: number;
  };
  if (typeof counts.deletedCount === 'number') return counts.deletedCount === 0;
  if (typeof counts.modifiedCount === 'number') {
    return counts.modifiedCount === 0 && !counts.upsertedCount;
  }
  return false;
}
