// Smoke test of ranking quality: every fifth query of the labelled set (test-data) over the sample
// catalog meets the targets `npm run eval -- --only search` measures on the whole set.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSampleCatalog } from '../seed/load.js';
import { useTestDatabase } from '../test-support/database.js';
import {
  evaluateQueries,
  meanOf,
  misspelt,
  searchLabelledSet,
} from '../test-support/search-eval.js';
import { searchCatalog } from './service.js';

useTestDatabase();

const search = async (q: string) => searchCatalog({ actor: null, query: { q, limit: 20 } });
const subset = searchLabelledSet().filter((_, i) => i % 5 === 0);

beforeAll(async () => {
  await seedSampleCatalog();
}, 120_000);

describe('search quality on the sample catalog', () => {
  it('when a fifth of the labelled queries run, then nDCG@10 is at least 0.85 and recall@20 at least 0.95', async () => {
    const scores = await evaluateQueries(subset, search);
    expect(subset.length).toBeGreaterThanOrEqual(12);
    expect(meanOf(scores, 'ndcg10')).toBeGreaterThanOrEqual(0.85);
    expect(meanOf(scores, 'recall20')).toBeGreaterThanOrEqual(0.95);
  });

  it('when those queries are misspelt by one swap, then most are corrected back to a hit', async () => {
    const typos = subset.flatMap((query) => {
      const q = misspelt(query.q);
      return q ? [{ ...query, q }] : [];
    });
    const scores = await evaluateQueries(typos, search);
    const corrected = scores.filter((s) => s.corrected !== null).length;
    expect(corrected / typos.length).toBeGreaterThanOrEqual(0.7);
    expect(meanOf(scores, 'ndcg10')).toBeGreaterThan(0.5);
  });
});
