// Papers, questions and solutions through the graph: visibility, enums, nested fields and writes.
import { createQuestion, createSolution, voteSolution } from '@qpc/domain';
import { describe, expect, it } from 'vitest';
import { actorOf, makeCatalog, uid as tag } from '@qpc/domain/testing';
import { useGateway } from './support/suite.js';

const { gw, callers, admin, author } = useGateway({ withAuthor: true });

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

  it('when Paper.questions is asked with sort createdAt, then they come in the order they were added; by default newest first', async () => {
    const c = await makeCatalog(admin, author);
    const added = [c.question.id];
    for (const text of ['Second question?', 'Third question?']) {
      const input = { paperId: c.approved.id, text, type: 'short', difficulty: 'easy' } as const;
      added.push((await createQuestion({ actor: admin, input })).id);
    }
    const query = `query ($slug: Slug!) { paper(slug: $slug) {
      asAdded: questions(sort: "createdAt") { id } newest: questions { id } } }`;
    const { body } = await gw.gql(query, { slug: c.approved.slug });
    expect(body.errors).toBeUndefined();
    expect(ids(body.data.paper.asAdded)).toEqual(added);
    expect(ids(body.data.paper.newest)).toEqual([...added].reverse());
    const refused = await gw.gql('{ paper(slug: "x") { questions(sort: "text") { id } } }');
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
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
