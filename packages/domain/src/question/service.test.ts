import { beforeAll, describe, expect, it } from 'vitest';
import { QuestionModel } from './model.js';
import {
  createQuestion,
  getQuestionById,
  getQuestionBySlug,
  listModuleQuestions,
  listQuestions,
  listTopicQuestions,
} from './service.js';
import { publicViewers, refusedUnlessEditor } from '../test-support/callers.js';
import { useOffering, usePaper } from '../test-support/content-hooks.js';
import { makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import { missingId, useTestActors } from '../test-support/database.js';
import { expectRefused } from '../test-support/refusals.js';

const { actors, who } = useTestActors();

describe('createQuestion', () => {
  const fixture = useOffering();
  const other = useOffering();
  const paper = usePaper(fixture, { status: 'pending' });
  const base = () => ({
    paperId: paper.id,
    text: 'Define a spanning tree of a graph.',
    type: 'short',
    difficulty: 'easy',
  });

  it('when an editor creates a question, then the slug comes from its first words and the offering from the paper', async () => {
    const question = await createQuestion({
      actor: actors.editor,
      input: {
        ...base(),
        text: 'What is the time complexity of heap sort in the worst case and why?',
        moduleId: fixture.modules[0]!.id,
        topicId: fixture.modules[0]!.topics[1],
        marks: 5,
        answer: 'O(n log n)',
      },
    });
    expect(question).toMatchObject({
      paperId: paper.id,
      subjectOfferingId: fixture.offeringId,
      moduleId: fixture.modules[0]!.id,
      topicId: fixture.modules[0]!.topics[1],
      type: 'short',
      difficulty: 'easy',
      marks: 5,
      options: null,
      answer: 'O(n log n)',
      slug: 'what-is-the-time-complexity-of-heap-sort',
      isVerified: false,
      createdBy: actors.editor.id,
    });
    expect(question.id).toMatch(/^[a-f0-9]{24}$/);
  });

  it('when an admin creates an mcq with options, then the options are kept in order', async () => {
    const question = await createQuestion({
      actor: actors.admin,
      input: {
        ...base(),
        type: 'mcq',
        options: ['Stack', 'Queue', 'Heap'],
        answer: 'Stack',
        isVerified: true,
      },
    });
    expect(question).toMatchObject({
      type: 'mcq',
      options: ['Stack', 'Queue', 'Heap'],
      isVerified: true,
      moduleId: null,
    });
  });

  it("when only a topic is given, then the question takes the topic's module too", async () => {
    const question = await createQuestion({
      actor: actors.editor,
      input: { ...base(), topicId: fixture.modules[1]!.topics[0] },
    });
    expect(question).toMatchObject({
      moduleId: fixture.modules[1]!.id,
      topicId: fixture.modules[1]!.topics[0],
    });
  });

  it('when two questions have the same text, then the second slug gets -2; an explicit duplicate is a 409', async () => {
    const input = { ...base(), text: 'Explain amortised analysis with one example' };
    const first = await createQuestion({ actor: actors.editor, input });
    const second = await createQuestion({ actor: actors.editor, input });
    expect(second.slug).toBe(`${first.slug}-2`);
    await expectRefused(
      createQuestion({ actor: actors.editor, input: { ...input, slug: first.slug } }),
      { status: 409, details: [{ path: 'slug' }] },
    );
  });

  it.each(refusedUnlessEditor)(
    'when %s creates a question, then it is refused with %i',
    async (_n, status, actor) => {
      await expect(
        createQuestion({ actor: who(actor), input: { ...base(), text: 'Refused question' } }),
      ).rejects.toMatchObject({ status });
      expect(await QuestionModel.countDocuments({ text: 'Refused question' })).toBe(0);
    },
  );

  it.each([
    ['a createdBy field', { createdBy: missingId }, 'createdBy'],
    ['a subjectOfferingId field', { subjectOfferingId: missingId }, 'subjectOfferingId'],
    ['an unknown type', { type: 'essay' }, 'type'],
    ['an unknown difficulty', { difficulty: 'brutal' }, 'difficulty'],
    ['an mcq without options', { type: 'mcq' }, 'options'],
    ['an mcq with one option', { type: 'mcq', options: ['only'] }, 'options'],
    [
      'an mcq with eleven options',
      { type: 'mcq', options: Array.from({ length: 11 }, (_, i) => `o${i}`) },
      'options',
    ],
    ['options on a long question', { type: 'long', options: ['a', 'b'] }, 'options'],
    ['a malformed paperId', { paperId: 'paper-1' }, 'paperId'],
    ['empty text', { text: '   ' }, 'text'],
    ['isVerified as a string', { isVerified: 'true' }, 'isVerified'],
  ])('when the body has %s, then it is a 400 naming the field', async (_n, patch, path) => {
    const error = await createQuestion({
      actor: actors.admin,
      input: { ...base(), ...patch },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((error as { details: { path: string }[] }).details[0]!.path).toBe(path);
  });

  it('when the paper does not exist, then it is a 400 naming paperId', async () => {
    await expect(
      createQuestion({ actor: actors.editor, input: { ...base(), paperId: missingId } }),
    ).rejects.toMatchObject({
      status: 400,
      details: [{ path: 'paperId' }],
    });
  });

  it.each([
    ['a module of another offering', () => ({ moduleId: other.modules[0]!.id }), 'moduleId'],
    ['a module that does not exist', () => ({ moduleId: missingId }), 'moduleId'],
    ['a topic of another offering', () => ({ topicId: other.modules[0]!.topics[0] }), 'topicId'],
    ['a topic that does not exist', () => ({ topicId: missingId }), 'topicId'],
    [
      'a topic of another module of the same offering',
      () => ({ moduleId: fixture.modules[0]!.id, topicId: fixture.modules[1]!.topics[0] }),
      'topicId',
    ],
  ])('when the body names %s, then it is a 400 naming %s', async (_n, patch, path) => {
    await expect(
      createQuestion({ actor: actors.editor, input: { ...base(), ...patch() } }),
    ).rejects.toMatchObject({
      status: 400,
      details: [{ path }],
    });
  });
});

describe('question visibility and lists', () => {
  const fixture = useOffering();
  let approvedPaper: string;
  let pendingPaper: string;
  let visibleA: { id: string; slug: string };
  let visibleB: { id: string; slug: string };
  let hidden: { id: string; slug: string };
  beforeAll(async () => {
    approvedPaper = (await makePaper(fixture.offeringId, { status: 'approved' })).id;
    pendingPaper = (await makePaper(fixture.offeringId, { status: 'pending' })).id;
    const [m0, m1] = fixture.modules;
    visibleA = await makeQuestion(approvedPaper, {
      moduleId: m0!.id,
      topicId: m0!.topics[0],
      type: 'mcq',
      difficulty: 'hard',
      isVerified: true,
    });
    visibleB = await makeQuestion(approvedPaper, {
      moduleId: m0!.id,
      type: 'long',
      difficulty: 'easy',
    });
    hidden = await makeQuestion(pendingPaper, {
      moduleId: m0!.id,
      topicId: m0!.topics[0],
      type: 'mcq',
      difficulty: 'hard',
    });
    await makeQuestion(approvedPaper, { moduleId: m1!.id });
  });

  it.each(publicViewers)(
    "when %s lists a module's questions, then those of unapproved papers are left out, newest first",
    async (_n, actor) => {
      const page = await listModuleQuestions({
        actor: who(actor),
        moduleId: fixture.modules[0]!.id,
      });
      expect(page.items.map((q) => q.id)).toEqual([visibleB.id, visibleA.id]);
      expect(page.pagination.total).toBe(2);
    },
  );

  it("when an editor lists a module's questions, then every question comes back, newest first", async () => {
    const page = await listModuleQuestions({
      actor: actors.editor,
      moduleId: fixture.modules[0]!.id,
    });
    expect(page.items.map((q) => q.id)).toEqual([hidden.id, visibleB.id, visibleA.id]);
  });

  it("when a topic's questions are listed, then only that topic's visible questions come back, paginated", async () => {
    const anon = await listTopicQuestions({ actor: null, topicId: fixture.modules[0]!.topics[0]! });
    expect(anon.items.map((q) => q.id)).toEqual([visibleA.id]);
    const admin = await listTopicQuestions({
      actor: actors.admin,
      topicId: fixture.modules[0]!.topics[0]!,
      query: { limit: 1 },
    });
    expect(admin.items.map((q) => q.id)).toEqual([hidden.id]);
    expect(admin.pagination).toMatchObject({ total: 2, totalPages: 2, hasNextPage: true });
  });

  it('when the module or topic does not exist, then it is a 404; a malformed id is a 400', async () => {
    await expect(listModuleQuestions({ actor: null, moduleId: missingId })).rejects.toMatchObject({
      status: 404,
    });
    await expect(listTopicQuestions({ actor: null, topicId: missingId })).rejects.toMatchObject({
      status: 404,
    });
    await expect(listModuleQuestions({ actor: null, moduleId: 'm1' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      listTopicQuestions({
        actor: null,
        topicId: fixture.modules[0]!.topics[0]!,
        query: { type: 'essay' },
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('when questions are filtered by type, difficulty and isVerified, then only matching visible ones come back', async () => {
    const scoped = { moduleId: fixture.modules[0]!.id };
    const mcq = await listQuestions({ actor: null, query: { ...scoped, type: 'mcq' } });
    expect(mcq.items.map((q) => q.id)).toEqual([visibleA.id]);
    const easy = await listQuestions({ actor: null, query: { ...scoped, difficulty: 'easy' } });
    expect(easy.items.map((q) => q.id)).toEqual([visibleB.id]);
    const verified = await listQuestions({ actor: null, query: { ...scoped, isVerified: true } });
    expect(verified.items.map((q) => q.id)).toEqual([visibleA.id]);
    const unverified = await listQuestions({
      actor: actors.editor,
      query: { ...scoped, isVerified: false },
    });
    expect(unverified.items.map((q) => q.id)).toEqual([hidden.id, visibleB.id]);
  });

  it('when a normal user filters by an unapproved paper, then nothing comes back; an editor sees its questions', async () => {
    const normal = await listQuestions({ actor: actors.normal, query: { paperId: pendingPaper } });
    expect(normal.items).toEqual([]);
    const editor = await listQuestions({ actor: actors.editor, query: { paperId: pendingPaper } });
    expect(editor.items.map((q) => q.id)).toEqual([hidden.id]);
  });

  it('when anonymous lists every question, then no question of an unapproved paper appears', async () => {
    const page = await listQuestions({ actor: null, query: { limit: 100 } });
    const ids = page.items.map((q) => q.id);
    expect(ids).toContain(visibleA.id);
    expect(ids).not.toContain(hidden.id);
  });

  it.each([
    ['isVerified yes', { isVerified: 'yes' }],
    ['an unknown type', { type: 'essay' }],
    ['a malformed topicId', { topicId: 't' }],
    ['an unknown parameter', { text: 'x' }],
  ])('when the list query has %s, then it is a 400', async (_n, query) => {
    await expect(listQuestions({ actor: null, query })).rejects.toMatchObject({ status: 400 });
  });

  it('when anonymous reads a visible question by id or slug, then it comes back', async () => {
    expect((await getQuestionById({ actor: null, id: visibleA.id })).slug).toBe(visibleA.slug);
    expect((await getQuestionBySlug({ actor: null, slug: visibleA.slug })).id).toBe(visibleA.id);
  });

  it.each(publicViewers)(
    'when %s reads a question of an unapproved paper, then it is a 404',
    async (_n, actor) => {
      await expect(getQuestionById({ actor: who(actor), id: hidden.id })).rejects.toMatchObject({
        status: 404,
      });
      await expect(
        getQuestionBySlug({ actor: who(actor), slug: hidden.slug }),
      ).rejects.toMatchObject({ status: 404 });
    },
  );

  it('when an editor reads a question of an unapproved paper, then it comes back', async () => {
    expect((await getQuestionById({ actor: actors.editor, id: hidden.id })).id).toBe(hidden.id);
    expect((await getQuestionBySlug({ actor: actors.admin, slug: hidden.slug })).id).toBe(
      hidden.id,
    );
  });

  it('when the question does not exist, then it is a 404; a malformed id is a 400', async () => {
    await expect(getQuestionById({ actor: actors.admin, id: missingId })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      getQuestionBySlug({ actor: actors.admin, slug: 'no-such-question' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(getQuestionById({ actor: actors.admin, id: '12' })).rejects.toMatchObject({
      status: 400,
    });
  });
});
