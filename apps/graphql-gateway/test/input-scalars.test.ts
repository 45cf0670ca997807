// The schema states the input rules (ObjectID, PositiveInt, NonEmptyString, Slug, @oneOf
// QuestionKey): a value they refuse never reaches a resolver, and the gateway answers it, as a
// literal (a validation error) or as a variable (a coercion error), with 400 and BAD_USER_INPUT.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCallers, startGateway, type Callers, type RunningGateway } from './support/harness.js';

let gw: RunningGateway;
let callers: Callers;

beforeAll(async () => {
  gw = await startGateway();
  callers = await makeCallers();
});
afterAll(async () => gw.close());

const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe('input scalars and @oneOf over GraphQL', () => {
  const cases: [string, string, Record<string, unknown> | undefined, RegExp][] = [
    [
      'a malformed id is given as a literal',
      '{ subjectOffering(id: "not-an-id") { id } }',
      undefined,
      /ObjectID must be a 24-character hexadecimal id/,
    ],
    [
      'a malformed id is given as a variable',
      'query ($id: ObjectID!) { subjectOffering(id: $id) { id } }',
      { id: '123' },
      /ObjectID must be a 24-character hexadecimal id/,
    ],
    [
      'page 0 is given as a literal',
      '{ universities(page: 0) { items { id } } }',
      undefined,
      /PositiveInt must be a whole number of at least 1/,
    ],
    [
      'limit 0 is given as a variable',
      'query ($n: PositiveInt) { papers(limit: $n) { items { id } } }',
      { n: 0 },
      /PositiveInt must be a whole number of at least 1/,
    ],
    [
      'a slug is not kebab-case',
      '{ subject(slug: "Not A Slug") { id } }',
      undefined,
      /Slug must be lowercase kebab-case/,
    ],
    [
      'a slug variable has a double dash',
      'query ($s: Slug!) { paper(slug: $s) { id } }',
      { s: 'a--b' },
      /Slug must be lowercase kebab-case/,
    ],
    [
      'a name is empty',
      'mutation { createUniversity(input: { name: "", shortName: "S" }) { id } }',
      undefined,
      /NonEmptyString must not be empty or only spaces/,
    ],
    [
      'a name variable is only spaces',
      'mutation ($i: CreateUniversityInput!) { createUniversity(input: $i) { id } }',
      { i: { name: '   ', shortName: 'S' } },
      /NonEmptyString must not be empty or only spaces/,
    ],
    [
      'a question is asked by both id and slug',
      `{ question(by: { id: "${ID}", slug: "a-question" }) { id } }`,
      undefined,
      /OneOf Input Object "QuestionKey" must specify exactly one key/,
    ],
    [
      'a question is asked by neither id nor slug',
      'query ($by: QuestionKey!) { question(by: $by) { id } }',
      { by: {} },
      /exactly one key/i,
    ],
  ];

  it.each(cases)(
    'when %s, then 400 BAD_USER_INPUT saying why',
    async (_c, query, variables, message) => {
      const { status, body } = await gw.gql(query, variables, callers.headers('admin'));
      expect(status).toBe(400);
      expect(body.data).toBeUndefined();
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0].message).toMatch(message);
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    },
  );

  it('when a field is unknown, then the validation error keeps its own code', async () => {
    const { body } = await gw.gql('{ universities { items { nope } } }');
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('when a question is asked by a well-formed id that does not exist, then NOT_FOUND', async () => {
    const { body } = await gw.gql(`{ question(by: { id: "${ID}" }) { id } }`);
    expect(body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
