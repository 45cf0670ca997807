// A list's sort is structured input: a list of { field, direction }. The domain checks it against
// the list's fields, keeps a repeated field's first direction and appends the unique tiebreak.
import { describe, expect, it } from 'vitest';
import { parseInput } from '../errors.js';
import { listPapersQuery } from '../paper/schema.js';
import { PAPER_ORDER } from '../paper/model.js';
import { MAX_SORT_KEYS } from './list-query.js';
import { orderOf } from './pagination.js';

const refusal = (query: unknown) => {
  try {
    parseInput(listPapersQuery, query);
    return null;
  } catch (error) {
    return (error as { details: { path: string; message: string }[] }).details;
  }
};

describe('sort (structured)', () => {
  it('when fields are given with directions, then the database order follows them in priority order', () => {
    const { sort } = parseInput(listPapersQuery, {
      sort: [
        { field: 'examYear', direction: 'desc' },
        { field: 'title', direction: 'asc' },
      ],
    });
    expect(sort).toEqual({ examYear: -1, title: 1 });
    expect(Object.keys(sort ?? {})).toEqual(['examYear', 'title']);
  });

  it('when a field is named twice, then its first direction is kept', () => {
    const { sort } = parseInput(listPapersQuery, {
      sort: [
        { field: 'title', direction: 'desc' },
        { field: 'examYear', direction: 'asc' },
        { field: 'title', direction: 'asc' },
      ],
    });
    expect(sort).toEqual({ title: -1, examYear: 1 });
  });

  it('when a sort is given or not, then the order ends with _id in the direction of the key before it', () => {
    const sort = (direction: 'asc' | 'desc') =>
      parseInput(listPapersQuery, { sort: [{ field: 'examType', direction }] });
    expect(orderOf(sort('desc'), PAPER_ORDER)).toEqual({ examType: -1, _id: -1 });
    expect(orderOf(sort('asc'), PAPER_ORDER)).toEqual({ examType: 1, _id: 1 });
    const none = parseInput(listPapersQuery, {});
    expect(none.sort).toBeUndefined();
    expect(orderOf(none, PAPER_ORDER)).toEqual({ examYear: -1, createdAt: -1, _id: 1 });
  });

  it('when a field is not one the list sorts by, then it is refused naming the fields it takes', () => {
    expect(refusal({ sort: [{ field: 'popularity', direction: 'asc' }] })).toEqual([
      {
        path: 'sort.0.field',
        message: 'sort.0.field must be one of examYear, examType, title, createdAt',
      },
    ]);
  });

  it('when a direction, an extra key, an empty list, too many keys or text is given, then it is refused', () => {
    expect(refusal({ sort: [{ field: 'title', direction: -1 }] })).toEqual([
      { path: 'sort.0.direction', message: 'sort.0.direction must be asc or desc' },
    ]);
    expect(refusal({ sort: [{ field: 'title', direction: 'asc', nulls: 'last' }] })).toEqual([
      {
        path: 'sort.0.nulls',
        message: 'sort.0.nulls is not allowed (allowed: field, direction)',
      },
    ]);
    expect(refusal({ sort: [] })).toEqual([
      { path: 'sort', message: 'sort must hold at least 1 item' },
    ]);
    const many = Array.from({ length: MAX_SORT_KEYS + 1 }, () => ({
      field: 'title',
      direction: 'asc',
    }));
    expect(refusal({ sort: many })).toEqual([
      { path: 'sort', message: `sort must hold at most ${MAX_SORT_KEYS} items` },
    ]);
    // The comma text is a transport's form: the domain takes the list only.
    expect(refusal({ sort: '-examYear,title' })).toEqual([
      { path: 'sort', message: 'sort must be a list, not text' },
    ]);
  });
});
