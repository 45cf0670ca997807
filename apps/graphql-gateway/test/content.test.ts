// Papers, questions and solutions through the graph: visibility, enums, nested fields and writes.
import { createPaper, createQuestion, createSolution, voteSolution } from '@qpc/domain';
import type { Actor } from '@qpc/domain';
import { PaperModel, QuestionModel, SolutionModel, VoteModel } from '@qpc/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorOf, makeCatalog, makeUser, tag } from './support/fixtures.js';
import { makeCallers, startGateway } from './support/harness.js';
import type { Callers, RunningGateway } from './support/harness.js';
import { ADMINS, MEMBERS, roleMatrix, WRITERS } from './support/matrix.js';

let gw: RunningGateway;
let callers: Callers;
let admin: Actor;
let author: Actor;

beforeAll(async () => {
  gw = await startGateway();
  callers = await makeCallers();
  admin = await actorOf(callers.sub('admin'));
  author = await makeUser('normal');
});
afterAll(async () => gw.close());

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('papers and paper(slug)', () => {
  it('when papers of an offering are listed anonymously, then only approved ones come', async () => {
    const c = await makeCatalog(admin, author);
    const { body } = await gw.gql(
      'query ($o: ObjectID) { papers(subjectOfferingId: $o) { items { id status } pagination { total } } }',
      {
        o: c.offering.id,
      },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.papers).toEqual({
      items: [{ id: c.approved.id, status: 'APPROVED' }],
      pagination: { total: 1 },
    });
  });

  it('when a normal user lists papers with a status they cannot see, then the page is empty', async () => {
    const c = await makeCatalog(admin, author);
    const { body } = await gw.gql(
      'query ($o: ObjectID) { papers(subjectOfferingId: $o, status: PENDING) { items { id } } }',
      { o: c.offering.id },
      callers.headers('normal'),
    );
    expect(ids(body.data.papers.items)).toEqual([]);
  });

  it('when an editor lists papers, then every status comes, newest exam year first, and the status filter applies', async () => {
    const c = await makeCatalog(admin, author);
    const all = await gw.gql(
      'query ($o: ObjectID) { papers(subjectOfferingId: $o) { items { id } } }',
      { o: c.offering.id },
      callers.headers('editor'),
    );
    expect(ids(all.body.data.papers.items)).toEqual([c.pending.id, c.approved.id]);
    const pending = await gw.gql(
      'query ($o: ObjectID) { papers(subjectOfferingId: $o, status: PENDING) { items { id } } }',
      { o: c.offering.id },
      callers.headers('editor'),
    );
    expect(ids(pending.body.data.papers.items)).toEqual([c.pending.id]);
  });

  it('when papers are filtered by exam type and year, then the upper-case enum maps to the REST value', async () => {
    const c = await makeCatalog(admin, author);
    const query =
      'query ($o: ObjectID, $t: ExamType, $y: Year) { papers(subjectOfferingId: $o, examType: $t, examYear: $y) { items { id examType examYear } } }';
    const midTerm = await gw.gql(
      query,
      { o: c.offering.id, t: 'MID_TERM' },
      callers.headers('admin'),
    );
    expect(midTerm.body.data.papers.items).toEqual([
      { id: c.pending.id, examType: 'MID_TERM', examYear: 2024 },
    ]);
    const byYear = await gw.gql(query, { o: c.offering.id, y: 2023 }, callers.headers('admin'));
    expect(byYear.body.data.papers.items).toEqual([
      { id: c.approved.id, examType: 'END_TERM', examYear: 2023 },
    ]);
    const bad = await gw.gql(query, { o: c.offering.id, t: 'end-term' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('when a pending paper is read by slug, then NOT_FOUND for anonymous and normal callers, found for editors', async () => {
    const c = await makeCatalog(admin, author);
    const query = 'query ($slug: Slug!) { paper(slug: $slug) { id status } }';
    for (const caller of ['anonymous', 'normal', 'deactivated'] as const) {
      const { body } = await gw.gql(query, { slug: c.pending.slug }, callers.headers(caller));
      expect(body.data, caller).toEqual({ paper: null });
      expect(body.errors[0].extensions.code, caller).toBe('NOT_FOUND');
    }
    for (const caller of ['editor', 'admin'] as const) {
      const { body } = await gw.gql(query, { slug: c.pending.slug }, callers.headers(caller));
      expect(body.data.paper, caller).toEqual({ id: c.pending.id, status: 'PENDING' });
    }
  });

  it('when statusHistory is asked, then editors see the changes with enum values and anonymous callers get null', async () => {
    const c = await makeCatalog(admin, author);
    const query =
      'query ($slug: Slug!) { paper(slug: $slug) { statusHistory { from to by at reason } } }';
    const editor = await gw.gql(query, { slug: c.approved.slug }, callers.headers('editor'));
    expect(editor.body.data.paper.statusHistory).toEqual([
      { from: 'PENDING', to: 'APPROVED', by: admin.id, at: expect.any(String), reason: 'ok' },
    ]);
    const anonymous = await gw.gql(query, { slug: c.approved.slug });
    expect(anonymous.body.data.paper.statusHistory).toBeNull();
  });

  it('when Paper.subjectOffering and Paper.questions are asked, then the offering and the visible questions come', async () => {
    const c = await makeCatalog(admin, author);
    const { body } = await gw.gql(
      'query ($slug: Slug!) { paper(slug: $slug) { subjectOffering { id subject { id } } questions { id text options } } }',
      { slug: c.approved.slug },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.paper).toEqual({
      subjectOffering: { id: c.offering.id, subject: { id: c.subject.id } },
      questions: [{ id: c.question.id, text: c.question.text, options: ['LIFO', 'FIFO'] }],
    });
  });
});

describe('questions, question(id, slug), solutions', () => {
  it('when questions are filtered by type, difficulty and isVerified, then the enums map to REST values', async () => {
    const c = await makeCatalog(admin, author);
    const verified = await createQuestion({
      actor: admin,
      input: {
        paperId: c.approved.id,
        text: `Verified ${tag()}`,
        type: 'numerical',
        difficulty: 'medium',
        isVerified: true,
      },
    });
    const query = `query ($p: ObjectID, $t: QuestionType, $d: Difficulty, $v: Boolean) {
      questions(paperId: $p, type: $t, difficulty: $d, isVerified: $v) { items { id type difficulty isVerified } } }`;
    const mcq = await gw.gql(query, { p: c.approved.id, t: 'MCQ' });
    expect(mcq.body.data.questions.items).toEqual([
      { id: c.question.id, type: 'MCQ', difficulty: 'EASY', isVerified: false },
    ]);
    const isVerified = await gw.gql(query, { p: c.approved.id, v: true });
    expect(ids(isVerified.body.data.questions.items)).toEqual([verified.id]);
    const medium = await gw.gql(query, { p: c.approved.id, d: 'MEDIUM', v: true });
    expect(ids(medium.body.data.questions.items)).toEqual([verified.id]);
    const unverified = await gw.gql(query, { p: c.approved.id, v: false });
    expect(ids(unverified.body.data.questions.items)).toEqual([c.question.id]);
  });

  it('when questions of a pending paper are listed, then anonymous callers see none and editors see them', async () => {
    const c = await makeCatalog(admin, author);
    const query =
      'query ($p: ObjectID) { questions(paperId: $p) { items { id } pagination { total } } }';
    const anonymous = await gw.gql(query, { p: c.pending.id });
    expect(anonymous.body.data.questions).toEqual({ items: [], pagination: { total: 0 } });
    const editor = await gw.gql(query, { p: c.pending.id }, callers.headers('editor'));
    expect(ids(editor.body.data.questions.items)).toEqual([c.hiddenQuestion.id]);
  });

  it('when a question is read by id and by slug, then both give the same question with every REST field', async () => {
    const c = await makeCatalog(admin, author);
    const fields =
      'id paperId subjectOfferingId universityId moduleId topicId text type difficulty marks options answer slug isVerified createdBy createdAt updatedAt';
    const byId = await gw.gql(`query ($id: ObjectID) { question(id: $id) { ${fields} } }`, {
      id: c.question.id,
    });
    const bySlug = await gw.gql(`query ($slug: Slug) { question(slug: $slug) { ${fields} } }`, {
      slug: c.question.slug,
    });
    expect(byId.body.errors).toBeUndefined();
    expect(byId.body.data.question).toEqual({ ...c.question, type: 'MCQ', difficulty: 'EASY' });
    expect(bySlug.body.data.question).toEqual(byId.body.data.question);
  });

  it('when question gets neither key, then BAD_USER_INPUT; both, then the question they both name', async () => {
    const c = await makeCatalog(admin, author);
    const neither = await gw.gql('{ question { id } }');
    expect(neither.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const query = 'query ($id: ObjectID, $slug: Slug) { question(id: $id, slug: $slug) { id } }';
    const both = await gw.gql(query, { id: c.question.id, slug: c.question.slug });
    expect(both.body).toEqual({ data: { question: { id: c.question.id } } });
    const disagree = await gw.gql(query, { id: c.question.id, slug: `${c.question.slug}-x` });
    expect(disagree.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(disagree.body.data).toEqual({ question: null });
  });

  it('when a question of a pending paper is read anonymously, then NOT_FOUND; an editor reads it', async () => {
    const c = await makeCatalog(admin, author);
    const query = 'query ($id: ObjectID) { question(id: $id) { id } }';
    const anonymous = await gw.gql(query, { id: c.hiddenQuestion.id });
    expect(anonymous.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const editor = await gw.gql(query, { id: c.hiddenQuestion.id }, callers.headers('editor'));
    expect(editor.body.data.question.id).toBe(c.hiddenQuestion.id);
  });

  it("when solutions are listed and Question.solutions is asked, then best score first with counts and the caller's vote", async () => {
    const c = await makeCatalog(admin, author);
    const voter = await actorOf(callers.sub('normal'));
    const better = await createSolution({
      actor: author,
      input: { questionId: c.question.id, content: 'Better answer' },
    });
    await voteSolution({ actor: voter, id: better.id, input: { value: 1 } });
    await voteSolution({ actor: admin, id: c.solution.id, input: { value: -1 } });
    const fields = 'id questionId authorId content upvotes downvotes score myVote';
    const list = await gw.gql(
      `query ($q: ObjectID) { solutions(questionId: $q) { items { ${fields} } pagination { total } } }`,
      { q: c.question.id },
      callers.headers('normal'),
    );
    expect(list.body.data.solutions.pagination.total).toBe(2);
    expect(list.body.data.solutions.items).toEqual([
      {
        id: better.id,
        questionId: c.question.id,
        authorId: author.id,
        content: 'Better answer',
        upvotes: 1,
        downvotes: 0,
        score: 1,
        myVote: 1,
      },
      {
        id: c.solution.id,
        questionId: c.question.id,
        authorId: author.id,
        content: c.solution.content,
        upvotes: 0,
        downvotes: 1,
        score: -1,
        myVote: 0,
      },
    ]);
    const nested = await gw.gql(
      `query ($id: ObjectID) { question(id: $id) { solutions { ${fields} } } }`,
      { id: c.question.id },
      callers.headers('normal'),
    );
    expect(nested.body.data.question.solutions).toEqual(list.body.data.solutions.items);
    const anonymous = await gw.gql(
      'query ($id: ObjectID) { question(id: $id) { solutions { id myVote } } }',
      { id: c.question.id },
    );
    expect(anonymous.body.data.question.solutions).toEqual([
      { id: better.id, myVote: 0 },
      { id: c.solution.id, myVote: 0 },
    ]);
  });
});

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
