// Papers, questions and solutions through the graph: who may write them.
import { createPaper } from '@qpc/domain';
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
import { ADMINS, MEMBERS, roleMatrix, WRITERS } from './support/matrix.js';

const { gw, callers, admin, author } = useGateway({ withAuthor: true });

describe('content mutations by role', () => {
  roleMatrix(
    () => ({ gw, callers }),
    [
      {
        field: 'createPaper',
        allowed: WRITERS,
        arrange: async () => {
          const c = await makeCatalog(admin, author);
          return {
            query:
              'mutation ($input: CreatePaperInput!) { createPaper(input: $input) { id examType status } }',
            variables: {
              input: {
                subjectOfferingId: c.offering.id,
                examYear: 2020,
                examType: 'SUPPLEMENTARY',
                status: 'DRAFT',
              },
            },
            tookEffect: async () =>
              Boolean(
                await PaperModel.exists({
                  subjectOfferingId: c.offering.id,
                  examType: 'supplementary',
                  status: 'draft',
                }),
              ),
          };
        },
      },
      {
        field: 'updatePaper',
        allowed: WRITERS,
        arrange: async () => {
          const c = await makeCatalog(admin, author);
          return {
            query:
              'mutation ($id: ObjectID!) { updatePaper(id: $id, input: { examType: QUIZ, title: "Renamed" }) { id examType title } }',
            variables: { id: c.pending.id },
            tookEffect: async () => {
              const paper = await PaperModel.findById(c.pending.id).lean();
              return paper?.examType === 'quiz' && paper.title === 'Renamed';
            },
          };
        },
      },
      {
        field: 'deletePaper',
        allowed: ADMINS,
        arrange: async () => {
          const c = await makeCatalog(admin, author);
          const empty = await createPaper({
            actor: admin,
            input: { subjectOfferingId: c.offering.id, examYear: 2019, examType: 'quiz' },
          });
          return {
            query: 'mutation ($id: ObjectID!) { deletePaper(id: $id) }',
            variables: { id: empty.id },
            tookEffect: async () => !(await PaperModel.exists({ _id: empty.id })),
          };
        },
      },
      {
        field: 'setPaperStatus',
        allowed: ADMINS,
        arrange: async () => {
          const c = await makeCatalog(admin, author);
          return {
            query:
              'mutation ($id: ObjectID!) { setPaperStatus(id: $id, status: REJECTED, reason: "blurry scan") { id status statusHistory { to reason } } }',
            variables: { id: c.pending.id },
            tookEffect: async () => {
              const paper = await PaperModel.findById(c.pending.id).lean();
              return (
                paper?.status === 'rejected' && paper.statusHistory.at(-1)?.reason === 'blurry scan'
              );
            },
          };
        },
      },
      {
        field: 'createQuestion',
        allowed: WRITERS,
        arrange: async () => {
          const c = await makeCatalog(admin, author);
          const text = `Define recursion ${tag()}`;
          return {
            query:
              'mutation ($input: CreateQuestionInput!) { createQuestion(input: $input) { id type difficulty moduleId } }',
            variables: {
              input: {
                paperId: c.approved.id,
                text,
                type: 'CODING',
                difficulty: 'HARD',
                moduleId: c.module.id,
                marks: 5,
              },
            },
            tookEffect: async () =>
              Boolean(await QuestionModel.exists({ text, type: 'coding', difficulty: 'hard' })),
          };
        },
      },
      {
        field: 'updateQuestion',
        allowed: WRITERS,
        arrange: async () => {
          const c = await makeCatalog(admin, author);
          return {
            query:
              'mutation ($id: ObjectID!) { updateQuestion(id: $id, input: { isVerified: true, marks: 4.5 }) { id isVerified marks } }',
            variables: { id: c.hiddenQuestion.id },
            tookEffect: async () => {
              const question = await QuestionModel.findById(c.hiddenQuestion.id).lean();
              return question?.isVerified === true && question.marks === 4.5;
            },
          };
        },
      },
      {
        field: 'deleteQuestion',
        allowed: ADMINS,
        arrange: async () => {
          const c = await makeCatalog(admin, author);
          return {
            query: 'mutation ($id: ObjectID!) { deleteQuestion(id: $id) }',
            variables: { id: c.hiddenQuestion.id },
            tookEffect: async () => !(await QuestionModel.exists({ _id: c.hiddenQuestion.id })),
          };
        },
      },
      {
        field: 'createSolution',
        allowed: MEMBERS,
        arrange: async () => {
          const c = await makeCatalog(admin, author);
          const content = `Use a stack ${tag()}`;
          return {
            query:
              'mutation ($input: CreateSolutionInput!) { createSolution(input: $input) { id content score myVote } }',
            variables: { input: { questionId: c.question.id, content } },
            tookEffect: async () => Boolean(await SolutionModel.exists({ content })),
          };
        },
      },
      {
        field: 'voteSolution',
        allowed: MEMBERS,
        arrange: async () => {
          const c = await makeCatalog(admin, author);
          return {
            query:
              'mutation ($id: ObjectID!) { voteSolution(id: $id, value: 1) { id upvotes score myVote } }',
            variables: { id: c.solution.id },
            tookEffect: async () =>
              (await VoteModel.countDocuments({ solutionId: c.solution.id, value: 1 })) === 1,
          };
        },
      },
    ],
  );

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
    const { body } = await gw.gql(
      'mutation ($id: ObjectID!) { voteSolution(id: $id, value: 1) { id } }',
      { id: c.solution.id },
      callers.headers('normal'),
    );
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await VoteModel.countDocuments({ solutionId: c.solution.id })).toBe(0);
  });

  it('when an mcq question has no options, then BAD_USER_INPUT names options and nothing is stored', async () => {
    const c = await makeCatalog(admin, author);
    const text = `Pick one ${tag()}`;
    const { body } = await gw.gql(
      'mutation ($input: CreateQuestionInput!) { createQuestion(input: $input) { id } }',
      { input: { paperId: c.approved.id, text, type: 'MCQ', difficulty: 'EASY' } },
      callers.headers('editor'),
    );
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].extensions.details[0].path).toBe('options');
    expect(await QuestionModel.exists({ text })).toBeNull();
  });

  it('when a paper is created with status APPROVED, then BAD_USER_INPUT: only DRAFT or PENDING on create', async () => {
    const c = await makeCatalog(admin, author);
    const { body } = await gw.gql(
      'mutation ($o: ObjectID!) { createPaper(input: { subjectOfferingId: $o, examYear: 2022, examType: QUIZ, status: APPROVED }) { id } }',
      { o: c.offering.id },
      callers.headers('editor'),
    );
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].extensions.details[0].path).toBe('status');
    expect(await PaperModel.countDocuments({ subjectOfferingId: c.offering.id })).toBe(2);
  });
});
