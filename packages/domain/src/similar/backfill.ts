// Band keys for questions written before similar questions existed (or by raw driver writes):
// computed once per database at start (recorded in `migrations`), like the search backfill.
import type { mongo } from 'mongoose';
import { mongoose } from '../db.js';
import { subjectIdsOfAllPapers } from '../paper/queries.js';
import { questionTextsByDriver, writeQuestionsByDriver } from '../question/queries.js';
import { TERM_UPDATES_PER_COMMAND } from '../search/terms.js';
import { bandFields, SIMILAR_BAND_FIELDS } from './plugin.js';
import { bandKeys } from './signature.js';
import { BACKFILL_MARKERS } from '../storage/backfill-markers.js';

const MARKER = BACKFILL_MARKERS.similar;

/** Computes the band keys of the questions that lack them (every question when `all`). */
export async function reindexSimilar(options: { all?: boolean } = {}): Promise<number> {
  const filter = options.all ? {} : { [SIMILAR_BAND_FIELDS[0]!]: { $exists: false } };
  const stale = await questionTextsByDriver(filter);
  if (stale.length === 0) return 0;
  const subjectOf = await subjectIdsOfAllPapers();
  const writes: mongo.AnyBulkWriteOperation[] = stale.map((q) => {
    const subjectId = subjectOf.get(String(q.paperId));
    const keys = subjectId && typeof q.text === 'string' ? bandKeys(subjectId, q.text) : [];
    return {
      updateOne: { filter: { _id: q._id }, update: { $set: bandFields(keys) } },
    };
  });
  // Updates per command: FerretDB 1.24 on PostgreSQL hangs on larger update commands (terms.ts).
  for (let i = 0; i < writes.length; i += TERM_UPDATES_PER_COMMAND) {
    await writeQuestionsByDriver(writes.slice(i, i + TERM_UPDATES_PER_COMMAND));
  }
  return writes.length;
}

/** Fills the band keys of questions written before similar questions existed (once per database). */
export async function backfillSimilar(): Promise<{ updated: number }> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('similar backfill needs a connected database');
  const migrations = db.collection<{ _id: string }>('migrations');
  if (await migrations.findOne(MARKER)) return { updated: 0 };
  const updated = await reindexSimilar();
  await migrations.updateOne(MARKER, { $set: { at: new Date() } }, { upsert: true });
  return { updated };
}
