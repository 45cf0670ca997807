// Papers, questions and solutions through the graph: who may write them.
import { createPaper } from '@qpc/domain';
import type { CallerKind } from '@qpc/domain/testing';
import {
  actorOf,
  makeCatalog,
  PaperModel,
  QuestionModel,
  SolutionModel,
  uid as tag,
  VoteModel,
} from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useGateway } from './support/suite.js';
import { ADMINS, MEMBERS, roleMatrix } from './support/matrix.js';
import { createCase, deleteCase, recordCase, storedIn, updateCase } from './support/write-cases.js';

const { gw, callers, admin, author } = useGateway({ withAuthor: true });

// The records the cases work on, in a catalog made fresh for each test.
const catalog = () => makeCatalog(admin, author);
const pendingPaper = async () => (await catalog()).pending;
const hiddenQuestion = async () => (await catalog()).hiddenQuestion;
const solutionOf = async () => (await catalog()).solution;
async function emptyPaper() {
  const c = await catalog();
  return createPaper({
    actor: admin,
    input: { subjectOfferingId: c.offering.id, examYear: 2019, examType: 'quiz' },
  });
}

// The inputs of the creates. The graph spells the enums in upper case, the database in lower case.
const newPaper = async () => ({
  subjectOfferingId: (await catalog()).offering.id,
  examYear: 2020,
  examType: 'SUPPLEMENTARY',
  status: 'DRAFT',
});
const isPaperStored = async (input: { subjectOfferingId: string }) =>
  Boolean(
    await PaperModel.exists({
      subjectOfferingId: input.subjectOfferingId,
      examType: 'supplementary',
      status: 'draft',
    }),
  );
async function newQuestion() {
  const { approved, module } = await catalog();
  return {
    paperId: approved.id,
    text: `Define recursion ${tag()}`,
    type: 'CODING',
    difficulty: 'HARD',
    moduleId: module.id,
    marks: 5,
  };
}
const isQuestionStored = async (input: { text: string }) =>
  Boolean(await QuestionModel.exists({ text: input.text, type: 'coding', difficulty: 'hard' }));
const newSolution = async () => ({
  questionId: (await catalog()).question.id,
  content: `Use a stack ${tag()}`,
});

/** Sends `query` as `caller`: the code of the first error and the path of its first detail. */
async function refusalAs(caller: CallerKind, query: string, variables: Record<string, unknown>) {
  const { body } = await gw.gql(query, variables, callers.headers(caller));
  const { code, details } = body.errors[0].extensions;
  return { code, path: details?.[0]?.path };
}

describe('content mutations by role', () => {
  roleMatrix({ gw, callers }, [
    createCase('createPaper', 'id examType status', newPaper, isPaperStored),
    updateCase(
      'updatePaper',
      PaperModel,
      pendingPaper,
      { examType: 'quiz', title: 'Renamed' },
      '{ examType: QUIZ, title: "Renamed" }',
    ),
    deleteCase('deletePaper', PaperModel, emptyPaper),
    recordCase(
      'setPaperStatus',
      ADMINS,
      pendingPaper,
      'mutation ($id: ObjectID!) { setPaperStatus(id: $id, status: REJECTED, reason: "blurry scan") { id status statusHistory { to reason } } }',
      async (pending) => {
        const paper = await PaperModel.findById(pending.id).lean();
        return paper?.status === 'rejected' && paper.statusHistory.at(-1)?.reason === 'blurry scan';
      },
    ),
    createCase('createQuestion', 'id type difficulty moduleId', newQuestion, isQuestionStored),
    updateCase('updateQuestion', QuestionModel, hiddenQuestion, { isVerified: true, marks: 4.5 }),
    deleteCase('deleteQuestion', QuestionModel, hiddenQuestion),
    createCase(
      'createSolution',
      'id content score myVote',
      newSolution,
      storedIn(SolutionModel, 'content'),
      MEMBERS,
    ),
    recordCase(
      'voteSolution',
      MEMBERS,
      solutionOf,
      'mutation ($id: ObjectID!) { voteSolution(id: $id, value: 1) { id upvotes score myVote } }',
      async (solution) =>
        (await VoteModel.countDocuments({ solutionId: solution.id, value: 1 })) === 1,
    ),
  ]);

  it('when a vote is cast and withdrawn, then the returned solution carries the counts and myVote', async () => {
    const c = await makeCatalog(admin, author);
    const vote = (value: number) =>
      gw.gql(
        'mutation ($id: ObjectID!, $v: VoteValue!) { voteSolution(id: $id, value: $v) { upvotes downvotes score myVote } }',
        { id: c.solution.id, v: value },
        callers.headers('editor'),
      );
    expect((await vote(-1)).body.data.voteSolution).toEqual({
      upvotes: 0,
      downvotes: 1,
      score: -1,
      myVote: -1,
    });
    expect((await vote(0)).body.data.voteSolution).toEqual({
      upvotes: 0,
      downvotes: 0,
      score: 0,
      myVote: 0,
    });
    const invalid = await vote(2);
    expect(invalid.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(invalid.body.errors[0].extensions.details[0].path).toBe('value');
  });

  it('when a user votes on their own solution, then FORBIDDEN and no vote is stored', async () => {
    const c = await makeCatalog(admin, await actorOf(callers.sub('normal')));
    const { code } = await refusalAs(
      'normal',
      'mutation ($id: ObjectID!) { voteSolution(id: $id, value: 1) { id } }',
      { id: c.solution.id },
    );
    expect(code).toBe('FORBIDDEN');
    expect(await VoteModel.countDocuments({ solutionId: c.solution.id })).toBe(0);
  });

  it('when an mcq question has no options, then BAD_USER_INPUT names options and nothing is stored', async () => {
    const c = await makeCatalog(admin, author);
    const text = `Pick one ${tag()}`;
    const refusal = await refusalAs(
      'editor',
      'mutation ($input: CreateQuestionInput!) { createQuestion(input: $input) { id } }',
      { input: { paperId: c.approved.id, text, type: 'MCQ', difficulty: 'EASY' } },
    );
    expect(refusal).toEqual({ code: 'BAD_USER_INPUT', path: 'options' });
    expect(await QuestionModel.exists({ text })).toBeNull();
  });

  it('when a paper is created with status APPROVED, then BAD_USER_INPUT: only DRAFT or PENDING on create', async () => {
    const c = await makeCatalog(admin, author);
    const refusal = await refusalAs(
      'editor',
      'mutation ($o: ObjectID!) { createPaper(input: { subjectOfferingId: $o, examYear: 2022, examType: QUIZ, status: APPROVED }) { id } }',
      { o: c.offering.id },
    );
    expect(refusal).toEqual({ code: 'BAD_USER_INPUT', path: 'status' });
    expect(await PaperModel.countDocuments({ subjectOfferingId: c.offering.id })).toBe(2);
  });
});
