import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { facetEntries, facetsOf, universityCounts } from './facets.js';

// Each hit carries its own ObjectId instance, as documents read from the database do.
const hitsOf = (ids: string[]) =>
  ids.map((id, i) => ({
    type: 'question' as const,
    doc: { universityId: new Types.ObjectId(id), examYear: 2020 + (i % 2) },
  }));
const idOf = (n: number) => n.toString(16).padStart(24, '0');

describe('search facets', () => {
  it('when hits share universities, then each university counts its hits', () => {
    const hits = hitsOf([idOf(1), idOf(2), idOf(1), idOf(3), idOf(1)]);
    expect(facetsOf(hits)).toEqual({
      type: { question: 5, paper: 0, subject: 0, topic: 0 },
      examYear: { '2020': 3, '2021': 2 },
      universityId: { [idOf(1)]: 3, [idOf(2)]: 1, [idOf(3)]: 1 },
    });
  });

  it('when hits span many universities, then every one counts right', () => {
    // 100 universities, each hit three times, interleaved.
    const ids = Array.from({ length: 300 }, (_, i) => idOf(1 + (i % 100)));
    const counts = universityCounts(hitsOf(ids));
    expect(Object.keys(counts)).toHaveLength(100);
    for (let n = 1; n <= 100; n += 1) expect(counts[idOf(n)], idOf(n)).toBe(3);
  });

  it('when different ids end in the same four bytes, then each counts its own hits', () => {
    const tail = 'abcdef01';
    const ids = [`${'1'.repeat(16)}${tail}`, `${'2'.repeat(16)}${tail}`];
    const counts = universityCounts(hitsOf([ids[0]!, ids[1]!, ids[1]!, ids[0]!, ids[1]!]));
    expect(counts).toEqual({ [ids[0]!]: 2, [ids[1]!]: 3 });
  });

  it('when a hit has no university (a subject), then it counts for its kind only', () => {
    const facets = facetsOf([{ type: 'subject', doc: {} }]);
    expect(facets).toEqual({
      type: { question: 0, paper: 0, subject: 1, topic: 0 },
      examYear: {},
      universityId: {},
    });
  });

  it('when facets are listed, then years come newest first and universities by most hits, then id', () => {
    const facets = facetsOf(hitsOf([idOf(2), idOf(1), idOf(3), idOf(1), idOf(2), idOf(1)]));
    expect(facetEntries(facets.examYear, 'examYear')).toEqual([
      { value: '2021', count: 3 },
      { value: '2020', count: 3 },
    ]);
    expect(facetEntries(facets.universityId, 'universityId')).toEqual([
      { value: idOf(1), count: 3 },
      { value: idOf(2), count: 2 },
      { value: idOf(3), count: 1 },
    ]);
  });
});
