// Defect 5 in the graph: a domain refusal is BAD_USER_INPUT whose message says what is wrong in
// plain words, naming the field and the values it takes; `details` carry the same words.
import { maxExamYear } from '@qpc/domain/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorOf, makeCatalog } from './support/fixtures.js';
import type { Catalog } from './support/fixtures.js';
import { makeCallers, startGateway } from './support/harness.js';
import type { Callers, RunningGateway } from './support/harness.js';

let gw: RunningGateway;
let callers: Callers;
let catalog: Catalog;

beforeAll(async () => {
  gw = await startGateway();
  callers = await makeCallers();
  catalog = await makeCatalog(await actorOf(callers.sub('admin')));
});
afterAll(async () => gw.close());

describe('validation messages over GraphQL', () => {
  const cases: [
    string,
    () => [string, Record<string, unknown>],
    { path: string; message: string },
  ][] = [
    [
      'a name is blank',
      () => [
        'mutation ($i: CreateUniversityInput!) { createUniversity(input: $i) { id } }',
        { i: { name: '   ', shortName: 'S' } },
      ],
      { path: 'name', message: 'name must not be empty' },
    ],
    [
      'an mcq question has no options',
      () => [
        'mutation ($i: CreateQuestionInput!) { createQuestion(input: $i) { id } }',
        { i: { paperId: catalog.approved.id, text: 'Pick one', type: 'MCQ', difficulty: 'EASY' } },
      ],
      { path: 'options', message: 'options (2 to 10) are required for an mcq question' },
    ],
    [
      'a short question has options',
      () => [
        'mutation ($i: CreateQuestionInput!) { createQuestion(input: $i) { id } }',
        {
          i: {
            paperId: catalog.approved.id,
            text: 'Explain',
            type: 'SHORT',
            difficulty: 'EASY',
            options: ['a', 'b'],
          },
        },
      ],
      { path: 'options', message: 'options are only allowed for mcq questions, not short' },
    ],
    [
      'an exam year is out of range',
      () => [
        'mutation ($i: CreatePaperInput!) { createPaper(input: $i) { id } }',
        { i: { subjectOfferingId: catalog.offering.id, examYear: 1899, examType: 'QUIZ' } },
      ],
      { path: 'examYear', message: `examYear must be between 1900 and ${maxExamYear()}` },
    ],
    [
      'a paper is created as approved',
      () => [
        'mutation ($i: CreatePaperInput!) { createPaper(input: $i) { id } }',
        {
          i: {
            subjectOfferingId: catalog.offering.id,
            examYear: 2020,
            examType: 'QUIZ',
            status: 'APPROVED',
          },
        },
      ],
      { path: 'status', message: 'status must be draft or pending' },
    ],
    [
      'a page is zero',
      () => ['{ universities(page: 0) { items { id } } }', {}],
      { path: 'page', message: 'page must be at least 1' },
    ],
    [
      'a vote is 2',
      () => [
        'mutation ($id: ID!) { voteSolution(id: $id, value: 2) { id } }',
        { id: catalog.solution.id },
      ],
      { path: 'value', message: 'value must be 1, -1 or 0' },
    ],
  ];

  it.each(cases)(
    'when %s, then BAD_USER_INPUT says so in plain words',
    async (_c, operation, detail) => {
      const [query, variables] = operation();
      const { body } = await gw.gql(query, variables, callers.headers('admin'));
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0].message).toBe(detail.message);
      expect(body.errors[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        details: [detail],
      });
    },
  );
});
