// The GraphQL twins of the second release: reads by id, edits and deletes of modules, topics,
// syllabi and solutions (with the REST role matrix), filters, sort and includeTotal.
import { createModule, createPaper, createSolution, createTopic } from '@qpc/domain';
import {
  actorOf,
  makeActor as makeUser,
  makeCatalog,
  ModuleModel,
  SolutionModel,
  SyllabusModel,
  TopicModel,
} from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useGateway } from './support/suite.js';
import { ADMINS, roleMatrix } from './support/matrix.js';
import { deleteCase, recordCase, updateCase } from './support/write-cases.js';

const { gw, callers, admin } = useGateway();

describe('reads by id', () => {
  it('when a module, topic and solution are read by id, then each answers with the REST fields; an unknown id is null', async () => {
    const c = await makeCatalog(admin);
    const { body } = await gw.gql(
      `query ($m: ObjectID!, $t: ObjectID!, $s: ObjectID!, $o: ObjectID!) {
        module(id: $m) { id title syllabusId universityId }
        topic(id: $t) { id title moduleId syllabusId }
        solution(id: $s) { id questionId paperId content score myVote }
        subjectOffering(id: $o) { id universityId }
      }`,
      { m: c.module.id, t: c.topic.id, s: c.solution.id, o: c.offering.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.module).toMatchObject({ id: c.module.id, universityId: c.university.id });
    expect(body.data.topic).toMatchObject({ id: c.topic.id, moduleId: c.module.id });
    expect(body.data.solution).toMatchObject({ id: c.solution.id, paperId: c.approved.id });
    const missing = await gw.gql('query ($id: ObjectID!) { solution(id: $id) { id } }', {
      id: '507f1f77bcf86cd799439011',
    });
    expect(missing.body.errors?.[0]?.extensions?.code ?? null).toBe('NOT_FOUND');
  });
});

describe('lists: filters, sort, includeTotal', () => {
  it('when papers are filtered by university and sorted by examYear without a count, then the page says so', async () => {
    const c = await makeCatalog(admin);
    const older = await createPaper({
      actor: admin,
      input: { subjectOfferingId: c.offering.id, examYear: 2001, examType: 'quiz' },
    });
    const { body } = await gw.gql(
      `query ($u: ObjectID) { papers(universityId: $u, sort: "examYear", includeTotal: false, limit: 1) {
        items { id } pagination { total totalPages hasNextPage } } }`,
      { u: c.university.id },
      callers.headers('editor'),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.papers.items.map((p: { id: string }) => p.id)).toEqual([older.id]);
    expect(body.data.papers.pagination).toEqual({
      total: null,
      totalPages: null,
      hasNextPage: true,
    });
    const refused = await gw.gql('{ papers(sort: "popularity") { items { id } } }');
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('role matrix of the new mutations', () => {
  const freshModule = async () => {
    const c = await makeCatalog(admin);
    return createModule({ actor: admin, input: { subjectOfferingId: c.offering.id, title: 'M' } });
  };
  const freshTopic = async () => {
    const module = await freshModule();
    return createTopic({ actor: admin, input: { moduleId: module.id, title: 'T' } });
  };
  // A fresh catalog's offering, its syllabus emptied of modules and topics.
  const offeringWithEmptySyllabus = async () => {
    const c = await makeCatalog(admin);
    await TopicModel.deleteMany({ moduleId: c.module.id });
    await ModuleModel.deleteMany({ subjectOfferingId: c.offering.id });
    return c.offering;
  };
  const othersSolution = async () => {
    const c = await makeCatalog(admin);
    const author = await makeUser('normal');
    return createSolution({
      actor: author,
      input: { questionId: c.question.id, content: 'Mine.' },
    });
  };
  roleMatrix({ gw, callers }, [
    updateCase('updateModule', ModuleModel, freshModule, { title: 'Renamed' }),
    updateCase('updateTopic', TopicModel, freshTopic, { order: 9 }),
    deleteCase('deleteTopic', TopicModel, freshTopic),
    deleteCase('deleteModule', ModuleModel, freshModule),
    recordCase(
      'deleteSyllabus',
      ADMINS,
      offeringWithEmptySyllabus,
      'mutation ($id: ObjectID!) { deleteSyllabus(subjectOfferingId: $id) }',
      async (offering) => !(await SyllabusModel.exists({ subjectOfferingId: offering.id })),
    ),
    // Only an admin, of these callers, may delete someone else's solution.
    deleteCase('deleteSolution', SolutionModel, othersSolution),
  ]);

  it('when the author edits their solution, then it changes; another user, an admin included, is refused with FORBIDDEN', async () => {
    const c = await makeCatalog(admin);
    const author = await actorOf(callers.sub('normal'));
    const solution = await createSolution({
      actor: author,
      input: { questionId: c.question.id, content: 'First.' },
    });
    const edit = (caller: 'normal' | 'admin', content: string) =>
      gw.gql(
        'mutation ($id: ObjectID!, $c: NonEmptyString!) { updateSolution(id: $id, input: { content: $c }) { id content } }',
        { id: solution.id, c: content },
        callers.headers(caller),
      );
    expect((await edit('normal', 'Second.')).body.data.updateSolution.content).toBe('Second.');
    expect((await edit('admin', 'Third.')).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await SolutionModel.findById(solution.id).lean())?.content).toBe('Second.');
  });
});
