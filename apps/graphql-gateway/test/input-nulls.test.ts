// A GraphQL input field cannot be optional without also taking null. The graph reads null as
// "not given", except where the domain takes null to clear a value; and a refused value inside a
// list is named by its position.
import { describe, expect, it } from 'vitest';
import { uid as tag } from '@qpc/domain/testing';
import { gatewayWithCatalog } from './support/suite.js';

const suite = gatewayWithCatalog();

const admin = () => suite.callers.headers('admin');

describe('null in an input object', () => {
  it('when a field the domain cannot clear is null, then it is left as it was', async () => {
    const { body } = await suite.gw.gql(
      'mutation ($id: ObjectID!) { updateSubject(id: $id, input: { name: null, description: "Now described" }) { name description } }',
      { id: suite.catalog.subject.id },
      admin(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.updateSubject).toEqual({
      name: suite.catalog.subject.name,
      description: 'Now described',
    });
  });

  it('when a field the domain clears is null, then it is cleared', async () => {
    const { body } = await suite.gw.gql(
      'mutation ($id: ObjectID!) { updateQuestion(id: $id, input: { moduleId: null, topicId: null }) { moduleId topicId } }',
      { id: suite.catalog.question.id },
      admin(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.updateQuestion).toEqual({ moduleId: null, topicId: null });
  });

  it('when every field of an update is null, then BAD_USER_INPUT: nothing to change', async () => {
    const { body } = await suite.gw.gql(
      'mutation ($id: ObjectID!) { updateSubject(id: $id, input: { name: null, slug: null }) { id } }',
      { id: suite.catalog.subject.id },
      admin(),
    );
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].message).toMatch(/^give at least one of name, code, slug, description/);
  });

  it('when a create gets null for a generated field, then it is generated', async () => {
    const t = tag();
    const { body } = await suite.gw.gql(
      `mutation { createSubject(input: { name: "Null slug ${t}", slug: null, code: null }) { slug code } }`,
      undefined,
      admin(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.createSubject).toEqual({ slug: `null-slug-${t}`, code: null });
  });
});

describe('a refused value in a list', () => {
  it('when an option literal is blank, then BAD_USER_INPUT names its position', async () => {
    const { status, body } = await suite.gw.gql(
      `mutation ($p: ObjectID!) { createQuestion(input: { paperId: $p, text: "Pick", type: MCQ, difficulty: EASY, options: ["a", "  "] }) { id } }`,
      { p: suite.catalog.approved.id },
      admin(),
    );
    expect(status).toBe(400);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ path: 'options.1', message: expect.stringMatching(/empty string/) }],
    });
  });

  it('when an option in a variable is blank, then BAD_USER_INPUT names its position', async () => {
    const { body } = await suite.gw.gql(
      'mutation ($i: CreateQuestionInput!) { createQuestion(input: $i) { id } }',
      {
        i: {
          paperId: suite.catalog.approved.id,
          text: 'Pick',
          type: 'MCQ',
          difficulty: 'EASY',
          options: ['a', 'b', ' '],
        },
      },
      admin(),
    );
    expect(body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ path: 'options.2', message: expect.stringMatching(/empty string/) }],
    });
  });
});
