// The recount of term counts (terms.ts, replaceTermCounts) rewrites the counts in place: replicas'
// repairs may run it at once, and searches run during it.
import { describe, expect, it } from 'vitest';
import { mongoose } from '../db.js';
import { QuestionModel } from '../question/model.js';
import { makeOffering, makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import { useTestDatabase } from '../test-support/database.js';
import { repairTermCounts } from './backfill.js';
import { generationKey } from './context-generations.js';
import { searchCatalog } from './service.js';
import {
  applyTermDelta,
  DOCUMENTS_KEY,
  markTermCountsStale,
  readAllTermCounts,
  readTermCounts,
  replaceTermCounts,
  stemKey,
  termDelta,
} from './terms.js';
import { stemOf } from './tokens.js';

useTestDatabase();

const terms = () => mongoose.connection.db!.collection<{ _id: string }>('searchterms');

describe('replaceTermCounts', () => {
  it('when two recounts run at once over counts that drifted, then the counts are exact, stale stems gone and generations kept', async () => {
    const documents = [['rcalpha', 'rcbeta'], ['rcalpha'], ['rcalpha', 'rcgamma', 'rcgamma']];
    // Drift: a count off, a stem no document holds, a stem missing; and a generation row.
    await applyTermDelta(termDelta([['rcalpha', 'rcstale'], ['rcbeta'], ['rcbeta']]));
    await terms().updateOne(
      { _id: generationKey('Subject') },
      { $set: { g: 'kept' } },
      { upsert: true },
    );

    await Promise.all([replaceTermCounts(documents), replaceTermCounts(documents)]);

    expect(Object.fromEntries(await readAllTermCounts())).toEqual({
      rcalpha: 3,
      rcbeta: 1,
      rcgamma: 1,
    });
    expect((await readTermCounts([DOCUMENTS_KEY])).get(DOCUMENTS_KEY)).toBe(3);
    expect(await terms().findOne({ _id: stemKey('rcstale') })).toBeNull();
    expect(await terms().findOne({ _id: generationKey('Subject') })).toMatchObject({ g: 'kept' });
  });

  it('when counts are read during a repair recount, then every read sees the known word and the documents counted', async () => {
    const offering = await makeOffering('Recount Quokkas');
    const paper = await makePaper(offering.offeringId);
    const [module] = offering.modules;
    await makeQuestion(paper.id, {
      text: 'Explain the quokkarithm of it.',
      moduleId: module!.id,
      topicId: module!.topics[0]!,
    });
    // Questions written by the driver (no entries: no search finds them) with 12,000 distinct
    // words, so that the recount writes its counts in many commands.
    const letters = (n: number) =>
      Array.from({ length: 4 }, (_, i) =>
        String.fromCharCode(97 + (Math.floor(n / 26 ** i) % 26)),
      ).join('');
    await QuestionModel.collection.insertMany(
      Array.from({ length: 200 }, (_, q) => ({
        text: Array.from({ length: 60 }, (_, w) => `zq${letters(q * 60 + w)}`).join(' '),
      })),
    );
    const key = stemKey(stemOf('quokkarithm'));
    await markTermCountsStale();

    let recounting = true;
    const repair = repairTermCounts().finally(() => (recounting = false));
    const seen: { word: number; documents: number }[] = [];
    // Reads one after the other until the recount is done, however long it takes: what a
    // search's first wave reads.
    while (recounting) {
      const counts = await readTermCounts([key, DOCUMENTS_KEY]);
      seen.push({ word: counts.get(key)!, documents: counts.get(DOCUMENTS_KEY)! });
    }
    expect(await repair).toBe(true);

    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((read) => read.word === 0 || read.documents === 0)).toEqual([]);
    expect((await readTermCounts([key])).get(key)).toBe(1);
    const { items } = await searchCatalog({
      actor: null,
      query: { q: 'quokkarithm', type: 'question' },
    });
    expect(items).toHaveLength(1);
  });
});
