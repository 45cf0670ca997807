// Defect 5 in the graph: a domain refusal is BAD_USER_INPUT whose message says what is wrong in
// plain words, naming the field and the values it takes; `details` carry the same words.
import { maxExamYear } from '@qpc/domain/schemas';
import { describe, expect, it } from 'vitest';
import { gatewayWithCatalog } from './support/suite.js';

const suite = gatewayWithCatalog();

describe('validation messages over GraphQL: rules the domain checks', () => {
  const cases: [
    string,
    () => [string, Record<string, unknown>],
    { path: string; message: string },
  ][] = [
    [
      'an mcq question has no options',
      () => [
        'mutation ($i: CreateQuestionInput!) { createQuestion(input: $i) { id } }',
        {
          i: {
            paperId: suite.catalog.approved.id,
            text: 'Pick one',
            type: 'MCQ',
            difficulty: 'EASY',
          },
        },
      ],
      { path: 'options', message: 'options (2 to 10) are required for an mcq question' },
    ],
    [
      'a short question has options',
      () => [
        'mutation ($i: CreateQuestionInput!) { createQuestion(input: $i) { id } }',
        {
          i: {
            paperId: suite.catalog.approved.id,
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
      'a title is too long',
      () => [
        'mutation ($i: CreatePaperInput!) { createPaper(input: $i) { id } }',
        {
          i: {
            subjectOfferingId: suite.catalog.offering.id,
            examYear: 2020,
            examType: 'QUIZ',
            title: 'T'.repeat(201),
          },
        },
      ],
      { path: 'title', message: 'title must be at most 200 characters' },
    ],
  ];

  it.each(cases)(
    'when %s, then BAD_USER_INPUT says so in plain words',
    async (_c, operation, detail) => {
      const [query, variables] = operation();
      const { body } = await suite.gw.gql(query, variables, suite.callers.headers('admin'));
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0].message).toBe(detail.message);
      expect(body.errors[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        details: [detail],
      });
    },
  );
});

// What the schema's types refuse (custom scalars, a create-only enum) never reaches a resolver:
// graphql-js refuses the value, the gateway answers BAD_USER_INPUT (for a literal as for a
// variable), and the message names the type's rule and, for a variable, the path of the value.
describe('validation messages over GraphQL: rules the types state', () => {
  const cases: [string, () => [string, Record<string, unknown>], RegExp, string][] = [
    [
      'a name is blank',
      () => [
        'mutation ($i: CreateUniversityInput!) { createUniversity(input: $i) { id } }',
        { i: { name: '   ', shortName: 'S' } },
      ],
      /"i\.name"; NonEmptyString: Value cannot be an empty string/,
      'name',
    ],
    [
      'a paper is created as approved',
      () => [
        'mutation ($i: CreatePaperInput!) { createPaper(input: $i) { id } }',
        {
          i: {
            subjectOfferingId: suite.catalog.offering.id,
            examYear: 2020,
            examType: 'QUIZ',
            status: 'APPROVED',
          },
        },
      ],
      /"i\.status"; Value "APPROVED" does not exist in "NewPaperStatus" enum/,
      'status',
    ],
    [
      'an exam year is before 1900',
      () => [
        'mutation ($i: CreatePaperInput!) { createPaper(input: $i) { id } }',
        { i: { subjectOfferingId: suite.catalog.offering.id, examYear: 1899, examType: 'QUIZ' } },
      ],
      new RegExp(
        `"i\\.examYear"; ExamYear must be an integer from 1900 to ${maxExamYear()}, not 1899`,
      ),
      'examYear',
    ],
    [
      'an exam year is after next year',
      () => [
        'mutation ($i: CreatePaperInput!) { createPaper(input: $i) { id } }',
        {
          i: {
            subjectOfferingId: suite.catalog.offering.id,
            examYear: maxExamYear() + 1,
            examType: 'QUIZ',
          },
        },
      ],
      new RegExp(
        `ExamYear must be an integer from 1900 to ${maxExamYear()}, not ${maxExamYear() + 1}`,
      ),
      'examYear',
    ],
    [
      'a page is zero (a literal)',
      () => ['{ universities(page: 0) { items { id } } }', {}],
      /^page: PositiveInt must be an integer from 1 to 2147483647, not 0$/,
      'page',
    ],
    [
      'a vote is 2 (a literal)',
      () => [
        'mutation ($id: ObjectID!) { voteSolution(id: $id, value: 2) { id } }',
        { id: suite.catalog.solution.id },
      ],
      /^value: VoteValue must be an integer from -1 to 1, not 2$/,
      'value',
    ],
    [
      'an id is not an ObjectID',
      () => ['query ($id: ObjectID!) { subjectOffering(id: $id) { id } }', { id: 'nope' }],
      /^Variable "\$id" got invalid value "nope"; ObjectID: Value is not a valid mongodb object id/,
      'id',
    ],
    [
      'a slug is not kebab-case',
      () => [
        'mutation ($i: CreateSubjectInput!) { createSubject(input: $i) { id } }',
        { i: { name: 'Subject', slug: 'Not Kebab' } },
      ],
      /"i\.slug"; Slug: slug must be lowercase kebab-case/,
      'slug',
    ],
    [
      'a sort names an unknown field',
      () => ['{ papers(sort: "-examYear,colour") { items { id } } }', {}],
      /^sort: PaperSort: sort takes a comma list of examYear, examType, title, createdAt/,
      'sort',
    ],
  ];

  it.each(cases)(
    'when %s, then BAD_USER_INPUT names the rule and the field',
    async (_c, operation, message, path) => {
      const [query, variables] = operation();
      const { status, body } = await suite.gw.gql(query, variables, suite.callers.headers('admin'));
      expect(status).toBe(400);
      expect(body.data).toBeUndefined();
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0].message).toMatch(message);
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors[0].extensions.details).toEqual([{ path, message: expect.any(String) }]);
    },
  );
});
