// The transports' text forms parse into the domain's structured list input, which the domain's
// own schema then takes: one parser for REST's query strings and the gateway's sort scalars.
import { parseInput } from '@qpc/domain';
import { listPapersQuery, SORT_FIELDS } from '@qpc/domain/schemas';
import { describe, expect, it } from 'vitest';
import {
  activeFilter,
  activeText,
  isTextForm,
  listPapersText,
  listUniversitiesText,
  MAX_SORT_TEXT,
  sortText,
} from './list-text.js';

const papersSort = sortText(SORT_FIELDS.papers);
const refusal = (text: string) => {
  const result = papersSort.safeParse(text);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('sortText', () => {
  it('when the text names fields, - for descending, then it becomes the list of field and direction in the order written', () => {
    expect(papersSort.parse('-examYear,title')).toEqual([
      { field: 'examYear', direction: 'desc' },
      { field: 'title', direction: 'asc' },
    ]);
    expect(papersSort.parse(undefined)).toBeUndefined();
  });

  it('when a field is named twice, then both go on, and the domain keeps the first direction', () => {
    const keys = papersSort.parse('-title,examYear,title');
    expect(keys).toHaveLength(3);
    expect(parseInput(listPapersQuery, { sort: keys }).sort).toEqual({ title: -1, examYear: 1 });
  });

  it('when a field is unknown, the text is malformed or too long, then it is refused naming the fields', () => {
    const rule =
      'sort takes a comma list of examYear, examType, title, createdAt, each optionally prefixed with - for descending';
    for (const text of ['popularity', 'title,', '--title', 'title, examYear', '', '+title'])
      expect(refusal(text), text).toEqual([rule]);
    const long = Array.from({ length: 40 }, () => 'title').join(',');
    expect(long.length).toBeGreaterThan(MAX_SORT_TEXT);
    expect(refusal(long)).toEqual([`sort must be at most ${MAX_SORT_TEXT} characters`]);
  });
});

describe('activeText', () => {
  it('when the transport says true, false, all or nothing, then the domain filter is true, false, none or true', () => {
    expect(activeText.parse(true)).toBe(true);
    expect(activeText.parse(false)).toBe(false);
    expect(activeText.parse('all')).toBeUndefined();
    expect(activeText.parse(undefined)).toBe(true);
    expect(activeFilter(undefined)).toBe(true);
    expect(activeText.safeParse('maybe').success).toBe(false);
  });
});

describe('list text schemas', () => {
  it('when a list schema is read, then its sort (and the universities isActive) are text forms, and its other fields the domain own', () => {
    expect(isTextForm(listPapersText.shape.sort)).toBe(true);
    expect(isTextForm(listUniversitiesText.shape.isActive)).toBe(true);
    expect(isTextForm(listPapersText.shape.page)).toBe(false);
    expect(listPapersText.shape.examYear).toBe(listPapersQuery.shape.examYear);
    expect(listPapersText.safeParse({ colour: 'red' }).success).toBe(false);
  });
});
