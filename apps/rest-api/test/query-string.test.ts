// Query strings carry text; the domain takes numbers and booleans. REST converts, strictly: an
// integer is plain decimal digits, a boolean is `true` or `false`. Everything else is a 400 that
// names the parameter.
import { parseInput } from '@qpc/domain';
import {
  listPapersText as listPapersQuery,
  listQuestionsText as listQuestionsQuery,
  listUniversitiesText as listUniversitiesQuery,
  listUsersText as listUsersQuery,
} from '@qpc/server-kit/list-text';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fromQueryString, queryStringSchema, valueKinds } from '../src/routes/query-string.js';
import { makeOffering, makePaper, makeQuestion, uid } from '@qpc/domain/testing';
import { useApp } from './support/harness.js';

const papers = queryStringSchema(listPapersQuery);
const refusal = (form: z.ZodType, query: Record<string, string>) => {
  const result = form.safeParse(query);
  return result.success ? null : result.error.issues.map((i) => i.message);
};

describe('queryStringSchema (unit)', () => {
  it('when a list schema is read, then its number and boolean fields are found through optional, default and unions', () => {
    const kinds = (schema: z.ZodObject) =>
      Object.fromEntries(
        Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, v]) => [
          k,
          [...valueKinds(v)],
        ]),
      );
    expect(kinds(listPapersQuery)).toMatchObject({
      page: ['integer'],
      limit: ['integer'],
      examYear: ['integer'],
      examType: [],
      subjectOfferingId: [],
    });
    expect(kinds(listQuestionsQuery)).toMatchObject({ isVerified: ['boolean'], type: [] });
    expect(kinds(listUniversitiesQuery)).toMatchObject({ isActive: ['boolean'] });
  });

  it('when integers are plain decimal digits, then they become numbers', () => {
    expect(papers.parse({ page: '2', limit: '10', examYear: '2020', examType: 'quiz' })).toEqual({
      page: 2,
      limit: 10,
      examYear: 2020,
    });
    expect(papers.parse({ page: '-1' })).toEqual({ page: -1 });
    expect(papers.parse({ page: '007' })).toEqual({ page: 7 });
    expect(papers.parse({})).toEqual({});
  });

  it('when a query has parameters the form does not convert, then fromQueryString passes them on as sent', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, {
      colour: 'red',
      page: '3',
    });
    Object.defineProperty(query, '__proto__', { value: 'x', enumerable: true });
    const converted = fromQueryString(papers, query);
    expect(converted).toMatchObject({ colour: 'red', page: 3 });
    expect(Object.keys(converted)).toContain('__proto__');
    expect(() => fromQueryString(papers, { page: '1e3' })).toThrow(
      'page must be a whole number in plain digits, like 2',
    );
  });

  it.each(['1e3', '0x10', '+2', ' 2', '2 ', '1.5', '', 'two', '1_000', '١٢'])(
    'when an integer parameter is %j, then it is refused naming the parameter',
    (value) => {
      for (const field of ['page', 'limit', 'examYear']) {
        expect(refusal(papers, { [field]: value })).toEqual([
          `${field} must be a whole number in plain digits, like 2`,
        ]);
      }
    },
  );

  it('when an integer has more digits than a number holds exactly, then it is refused as too large', () => {
    expect(refusal(papers, { page: '99999999999999999999' })).toEqual(['page is too large']);
  });

  it('when a boolean is true or false, then it becomes a boolean; any other spelling is refused', () => {
    const users = queryStringSchema(listUsersQuery);
    expect(users.parse({ isActive: 'true' })).toEqual({ isActive: true });
    expect(users.parse({ isActive: 'false' })).toEqual({ isActive: false });
    for (const value of ['TRUE', 'True', '1', '0', 'yes', '', ' true']) {
      expect(refusal(users, { isActive: value })).toEqual(['isActive must be true or false']);
    }
  });

  it('when a tri-state takes text of its own (isActive=all), then that text goes on for the domain to check', () => {
    const universities = queryStringSchema(listUniversitiesQuery);
    expect(universities.parse({ isActive: 'all' })).toEqual({ isActive: 'all' });
    expect(universities.parse({ isActive: 'false' })).toEqual({ isActive: false });
    const converted = universities.parse({ isActive: 'maybe' });
    expect(() => parseInput(listUniversitiesQuery, converted)).toThrow(
      'isActive must be true, false or all',
    );
  });
});

describe('query strings over HTTP', () => {
  const { call, admin } = useApp();
  let offeringId: string;
  beforeAll(async () => {
    const { offering } = await makeOffering(admin.actor);
    offeringId = offering.id;
    const paper = await makePaper(admin.actor, offeringId, { examYear: 2020 });
    await makePaper(admin.actor, offeringId, { examYear: 2021 });
    await makeQuestion(admin.actor, paper.id, { isVerified: true });
  });

  // Defect 12: these reached the domain as numbers (1000, 16, 2, 2).
  const malformed = ['1e3', '0x10', '+2', ' 2', '2 '];
  it.each(malformed.flatMap((value) => ['page', 'limit', 'examYear'].map((p) => [p, value])))(
    'when %s is %j, then 400 naming the parameter',
    async (parameter, value) => {
      const res = await call('GET', `/papers?${parameter}=${encodeURIComponent(value)}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `${parameter} must be a whole number in plain digits, like 2`,
        details: [
          {
            path: parameter,
            message: `${parameter} must be a whole number in plain digits, like 2`,
          },
        ],
      });
    },
  );

  it('when page, limit and examYear are plain digits, then the list is filtered and paged with them', async () => {
    const res = await call(
      'GET',
      `/papers?subjectOfferingId=${offeringId}&examYear=2021&page=1&limit=1`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { examYear: number }) => p.examYear)).toEqual([2021]);
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 1, total: 1 });
  });

  it('when a boolean filter is true, then it applies; TRUE or 1 is 400 naming the parameter', async () => {
    const ok = await call('GET', `/questions?isVerified=true&limit=100`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.every((q: { isVerified: boolean }) => q.isVerified)).toBe(true);
    for (const value of ['TRUE', '1']) {
      const res = await call('GET', `/questions?isVerified=${value}`);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        { path: 'isVerified', message: 'isVerified must be true or false' },
      ]);
    }
  });

  it('when sort names a field twice, then the first direction is kept', async () => {
    const res = await call(
      'GET',
      `/papers?subjectOfferingId=${offeringId}&sort=-examYear,title,examYear`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { examYear: number }) => p.examYear)).toEqual([2021, 2020]);
  });

  it('when isActive=maybe, then 400 saying the values it takes', async () => {
    const res = await call('GET', '/universities?isActive=maybe');
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'isActive', message: 'isActive must be true, false or all' },
    ]);
  });

  it('when a parameter is unknown, then 400 naming it and the parameters the list takes', async () => {
    const res = await call('GET', `/universities?colour=${uid()}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      {
        path: 'colour',
        message:
          'colour is not allowed (allowed: page, limit, includeTotal, sort, search, isActive)',
      },
    ]);
  });
});
