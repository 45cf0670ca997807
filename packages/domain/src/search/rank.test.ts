import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { BODY_WEIGHT, COVERAGE_WEIGHT, rankCandidates, rarityOf, TITLE_WEIGHT } from './rank.js';
import type { Candidate, CandidateList } from './rank.js';
import { queryTerms } from './tokens.js';

const university = new Types.ObjectId();
let clock = Date.UTC(2026, 0, 1);

/** A question row as search reads it, each one created a second after the last. */
function question(slug: string, text: string, extra: Partial<Candidate> = {}): Candidate {
  clock += 1000;
  return {
    _id: new Types.ObjectId(),
    createdAt: new Date(clock),
    slug,
    text,
    universityId: university,
    examYear: 2024,
    ...extra,
  };
}

const questions = (docs: Candidate[]): CandidateList => ({
  type: 'question',
  fields: { title: ['slug'], body: ['text'] },
  docs,
});

const rank = (
  q: string,
  docs: Candidate[],
  more: Partial<Parameters<typeof rankCandidates>[0]> = {},
) => {
  const terms = queryTerms(q);
  return rankCandidates({
    terms,
    rarity: terms.map(() => 1),
    lists: [questions(docs)],
    page: 1,
    limit: 20,
    ...more,
  });
};

describe('rankCandidates', () => {
  it('when a candidate lacks a term, then it is dropped, and a title hit outranks a body hit', () => {
    const body = question('pivot-choice', 'Explain hashing with chaining.');
    const title = question('hashing-basics', 'Explain chaining.');
    const neither = question('unrelated', 'Explain sorting.');
    const result = rank('hashing chaining', [body, neither, title]);
    expect(result.items.map((hit) => hit.slug)).toEqual(['hashing-basics', 'pivot-choice']);
    // "hashing-basics": one of its title's two words matched, so raised by half the coverage weight.
    expect(result.items.map((hit) => hit.score)).toEqual([
      (TITLE_WEIGHT + BODY_WEIGHT) * (1 + COVERAGE_WEIGHT / 2),
      2 * BODY_WEIGHT,
    ]);
    expect(result.pagination.total).toBe(2);
  });

  it('when hits score the same, then the newest comes first', () => {
    const older = question('older', 'A kappa question.');
    const newer = question('newer', 'A kappa question.');
    expect(rank('kappa', [older, newer]).items.map((hit) => hit.slug)).toEqual(['newer', 'older']);
  });

  it('when the same words fill a title and part of a newer one, then the title made of them comes first', () => {
    const whole = question('binary-heaps', 'Binary heaps.');
    const part = question('binary-heaps-and-their-uses', 'Binary heaps and their uses.');
    const result = rank('binary heaps', [part, whole]);
    expect(result.items.map((hit) => hit.slug)).toEqual([
      'binary-heaps',
      'binary-heaps-and-their-uses',
    ]);
    expect(result.items[0]!.score).toBeCloseTo(2 * TITLE_WEIGHT * (1 + COVERAGE_WEIGHT), 4);
  });

  it('when keep drops a candidate, then neither the page nor the facets count it', () => {
    const other = new Types.ObjectId();
    const shown = question('shown', 'Graph colouring.');
    const hidden = question('hidden', 'Graph colouring.', { universityId: other, examYear: 2019 });
    const result = rank('graph', [shown, hidden], { keep: (_, doc) => doc !== hidden });
    expect(result.items.map((hit) => hit.slug)).toEqual(['shown']);
    expect(result.facets).toEqual({
      type: { question: 1, paper: 0, subject: 0, topic: 0 },
      examYear: { '2024': 1 },
      universityId: { [String(university)]: 1 },
    });
  });

  it('when hits span pages, then a page shows its slice and facets count all hits', () => {
    const docs = Array.from({ length: 5 }, (_, i) => question(`tree-${i}`, 'Balance the tree.'));
    const result = rank('tree', docs, { page: 2, limit: 2 });
    expect(result.items.map((hit) => hit.slug)).toEqual(['tree-2', 'tree-1']);
    expect(result.pagination).toMatchObject({ page: 2, limit: 2, total: 5, totalPages: 3 });
    expect(result.facets.type.question).toBe(5);
  });

  it('when terms differ in rarity, then the rarer one weighs more', () => {
    const [common, rare] = rarityOf([100, 2], 1_000);
    expect(rare!).toBeGreaterThan(common!);
    expect(rarityOf([5], 0)).toEqual([Math.log(2)]);
  });
});
