import { questionSchema } from '@qpc/domain/schemas';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSolution,
  makeSyllabus,
  QuestionModel,
} from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

const MISSING_ID = '0123456789abcdef01234567';

describe('questions', () => {
  const { call, admin, editor, normal } = useApp();
  const approvedPaper = async () =>
    makePaper(admin.actor, (await makeOffering(admin.actor)).offering.id);

  describe('create', () => {
    it('when an editor creates an mcq, then 201 with Location by id and the question in the contract shape', async () => {
      const paper = await approvedPaper();
      const res = await call('POST', '/questions', {
        token: editor.token,
        body: {
          paperId: paper.id,
          text: 'Which is a stable sort?',
          type: 'mcq',
          difficulty: 'easy',
          options: ['Merge', 'Quick'],
          answer: 'Merge',
          marks: 2,
        },
      });
      expect(res.status).toBe(201);
      expect(questionSchema.safeParse(res.body.data).success).toBe(true);
      expect(res.body.data).toMatchObject({
        paperId: paper.id,
        type: 'mcq',
        options: ['Merge', 'Quick'],
        marks: 2,
        isVerified: false,
      });
      expect(res.headers.get('location')).toBe(`/api/v1/questions/${res.body.data.id}`);
    });

    it.each([
      ['an mcq without options', { type: 'mcq' }, 'options'],
      ['options on a long question', { type: 'long', options: ['a', 'b'] }, 'options'],
      ['a single option', { type: 'mcq', options: ['only'] }, 'options'],
      ['an unknown type', { type: 'essay' }, 'type'],
      ['an unknown difficulty', { difficulty: 'extreme' }, 'difficulty'],
      ['negative marks', { marks: -1 }, 'marks'],
      ['a missing paper', { paperId: MISSING_ID }, 'paperId'],
      ['a malformed module id', { moduleId: 'm1' }, 'moduleId'],
    ])('when the body has %s, then 400 naming the field', async (_case, override, path) => {
      const paper = await approvedPaper();
      const res = await call('POST', '/questions', {
        token: editor.token,
        body: { paperId: paper.id, text: 'Q?', type: 'long', difficulty: 'medium', ...override },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe(path);
    });

    it("when the module belongs to another offering than the paper's, then 400 naming moduleId", async () => {
      const paper = await approvedPaper();
      const other = await makeOffering(admin.actor);
      const { module } = await makeSyllabus(admin.actor, other.offering.id);
      const res = await call('POST', '/questions', {
        token: editor.token,
        body: {
          paperId: paper.id,
          text: 'Q?',
          type: 'long',
          difficulty: 'medium',
          moduleId: module.id,
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe('moduleId');
    });

    it('when the explicit slug is taken, then 409', async () => {
      const paper = await approvedPaper();
      const existing = await makeQuestion(admin.actor, paper.id);
      const res = await call('POST', '/questions', {
        token: editor.token,
        body: {
          paperId: paper.id,
          text: 'Q?',
          type: 'long',
          difficulty: 'medium',
          slug: existing.slug,
        },
      });
      expect(res.status).toBe(409);
    });
  });

  describe('the two read routes', () => {
    it('when read by slug and by id, then both return the same question with an ETag', async () => {
      const question = await makeQuestion(admin.actor, (await approvedPaper()).id);
      const bySlug = await call('GET', `/questions/slug/${question.slug}`);
      const byId = await call('GET', `/questions/${question.id}`);
      expect(bySlug.status).toBe(200);
      expect(byId.status).toBe(200);
      expect(bySlug.body.data).toEqual(question);
      expect(byId.body.data).toEqual(question);
      const again = await call('GET', `/questions/${question.id}`, {
        headers: { 'if-none-match': byId.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    });

    it('when the slug route gets an unknown slug, then 404 (never read as an id); the id route with a slug, then 400', async () => {
      const question = await makeQuestion(admin.actor, (await approvedPaper()).id);
      expect((await call('GET', '/questions/slug/no-such-question')).status).toBe(404);
      expect((await call('GET', `/questions/${question.slug}`)).status).toBe(400);
      expect((await call('GET', `/questions/${MISSING_ID}`)).status).toBe(404);
    });

    it('when the paper is not approved, then anonymous and normal callers get 404 on both routes; editors get it', async () => {
      const pending = await makePaper(admin.actor, (await makeOffering(admin.actor)).offering.id, {
        status: 'pending',
      });
      const question = await makeQuestion(admin.actor, pending.id);
      for (const path of [`/questions/${question.id}`, `/questions/slug/${question.slug}`]) {
        expect((await call('GET', path)).status).toBe(404);
        expect((await call('GET', path, { token: normal.token })).status).toBe(404);
        expect((await call('GET', path, { token: editor.token })).status).toBe(200);
      }
    });
  });

  describe('list', () => {
    it('when filtering by type, difficulty, isVerified and paper, then only matches come, newest first', async () => {
      const paper = await approvedPaper();
      const mcq = await makeQuestion(admin.actor, paper.id, {
        type: 'mcq',
        options: ['a', 'b'],
        difficulty: 'easy',
      });
      const coding = await makeQuestion(admin.actor, paper.id, {
        type: 'coding',
        difficulty: 'hard',
        isVerified: true,
      });
      const numerical = await makeQuestion(admin.actor, paper.id, {
        type: 'numerical',
        difficulty: 'hard',
      });
      const ids = async (query: string) =>
        (await call('GET', `/questions?paperId=${paper.id}${query}`)).body.data.map(
          (q: { id: string }) => q.id,
        );
      expect(await ids('')).toEqual([numerical.id, coding.id, mcq.id]);
      expect(await ids('&type=mcq')).toEqual([mcq.id]);
      expect(await ids('&difficulty=hard')).toEqual([numerical.id, coding.id]);
      expect(await ids('&isVerified=true')).toEqual([coding.id]);
      expect(await ids('&isVerified=false&difficulty=hard')).toEqual([numerical.id]);
      const paged = await call('GET', `/questions?paperId=${paper.id}&limit=2`);
      expect(paged.body.pagination).toEqual({
        page: 1,
        limit: 2,
        total: 3,
        totalPages: 2,
        hasNextPage: true,
        hasPrevPage: false,
      });
    });

    it('when a question belongs to a pending paper, then the anonymous list leaves it out and the editor list has it', async () => {
      const pending = await makePaper(admin.actor, (await makeOffering(admin.actor)).offering.id, {
        status: 'pending',
      });
      const question = await makeQuestion(admin.actor, pending.id);
      expect((await call('GET', `/questions?paperId=${pending.id}`)).body.data).toEqual([]);
      expect(
        (
          await call('GET', `/questions?paperId=${pending.id}`, { token: editor.token })
        ).body.data.map((q: { id: string }) => q.id),
      ).toEqual([question.id]);
    });

    it.each([
      ['type=mcq&type=long'],
      ['type=essay'],
      ['difficulty=trivial'],
      ['isVerified=1'],
      ['page=0'],
      ['limit=101'],
      ['limit=abc'],
      ['paperId=xyz'],
    ])('when the query is %s, then 400', async (query) => {
      const res = await call('GET', `/questions?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    });
  });

  describe('update and delete', () => {
    it('when an editor updates a question, then 200; null removes the module', async () => {
      const { offering } = await makeOffering(admin.actor);
      const { module } = await makeSyllabus(admin.actor, offering.id);
      const paper = await makePaper(admin.actor, offering.id);
      const question = await makeQuestion(admin.actor, paper.id, { moduleId: module.id });
      const res = await call('PATCH', `/questions/${question.id}`, {
        token: editor.token,
        body: { difficulty: 'hard', isVerified: true, moduleId: null },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ difficulty: 'hard', isVerified: true, moduleId: null });
    });

    it('when the update turns a question into mcq without options, then 400 and it is unchanged', async () => {
      const question = await makeQuestion(admin.actor, (await approvedPaper()).id);
      const res = await call('PATCH', `/questions/${question.id}`, {
        token: editor.token,
        body: { type: 'mcq' },
      });
      expect(res.status).toBe(400);
      expect((await QuestionModel.findById(question.id).lean())!.type).toBe('long');
    });

    it('when an admin deletes a question without solutions, then 204; with solutions, then 409', async () => {
      const paper = await approvedPaper();
      const free = await makeQuestion(admin.actor, paper.id);
      expect((await call('DELETE', `/questions/${free.id}`, { token: admin.token })).status).toBe(
        204,
      );
      expect((await call('GET', `/questions/${free.id}`)).status).toBe(404);
      const answered = await makeQuestion(admin.actor, paper.id);
      await makeSolution(normal.actor, answered.id);
      const refused = await call('DELETE', `/questions/${answered.id}`, { token: admin.token });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/solution/);
    });
  });
});
