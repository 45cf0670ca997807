import { describe, expect, it } from 'vitest';
import { MAX_PUSHED_TERMS, pushedFilters } from './plan.js';
import { fieldOf, queryTerms } from './tokens.js';

describe('pushedFilters', () => {
  it('when terms are given, then the rarest is pushed and each key field is used once', () => {
    const terms = queryTerms('hashing caching');
    const [filter, ...rest] = pushedFilters(terms, [300, 20]);
    expect(rest).toEqual([]);
    expect(filter).toEqual({ [fieldOf('cach')]: 'cach', [fieldOf('hash')]: 'hash' });
  });

  it("when two terms' keys share a field, then the later one uses a shorter prefix in a free field", () => {
    const words = [
      'step',
      'diagram',
      'graph',
      'tree',
      'heap',
      'queue',
      'stack',
      'matrix',
      'vector',
      'kernel',
    ];
    const lookup = (w: string) => queryTerms(w)[0]!.lookups[0]!;
    const [a, b] = words
      .flatMap((x) => words.map((y) => [x, y] as const))
      .find(([x, y]) => x < y && fieldOf(lookup(x)) === fieldOf(lookup(y)))!;
    const [filter] = pushedFilters(queryTerms(`${a} ${b}`), [10, 20]);
    const keys = Object.values(filter!);
    expect(keys).toContain(lookup(a));
    expect(Object.keys(filter!)).toHaveLength(2);
    const other = keys.find((k) => k !== lookup(a))!;
    expect(lookup(b).startsWith(other)).toBe(true);
    expect(other).not.toBe(lookup(b));
  });

  it('when many terms are given, then at most the limit is pushed', () => {
    const terms = queryTerms('alpha bravo charlie delta echo foxtrot');
    const [filter] = pushedFilters(terms, [6, 5, 4, 3, 2, 1]);
    expect(Object.keys(filter!).length).toBeLessThanOrEqual(MAX_PUSHED_TERMS);
    expect(Object.values(filter!)).toContain('foxtr');
  });

  it('when the rarest term has two lookups, then each gets its own filter', () => {
    const terms = queryTerms('analy hashing');
    expect(terms[0]!.lookups).toHaveLength(2);
    const filters = pushedFilters(terms, [1, 50]);
    expect(filters).toHaveLength(2);
    expect(filters.map((f) => Object.values(f)).flat()).toEqual(
      expect.arrayContaining(terms[0]!.lookups),
    );
  });
});
