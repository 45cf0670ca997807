import { solutionSchema } from '@qpc/domain/schemas';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSolution,
  makeUser,
  SolutionModel,
  VoteModel,
} from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

describe('solutions and votes', () => {
  const { call, admin, editor, normal } = useApp();
  const newQuestion = async (status: 'approved' | 'pending' = 'approved') => {
    const paper = await makePaper(admin.actor, (await makeOffering(admin.actor)).offering.id, {
      status,
    });
    return makeQuestion(admin.actor, paper.id);
  };
  const vote = (id: string, value: unknown, token: string) =>
    call('PATCH', `/solutions/${id}/vote`, { token, body: { value } });

  describe('create', () => {
    it('when a normal user contributes a solution, then 201 with the caller as author and zero votes', async () => {
      const question = await newQuestion();
      const res = await call('POST', '/solutions', {
        token: normal.token,
        body: { questionId: question.id, content: 'Use a heap.' },
      });
      expect(res.status).toBe(201);
      expect(solutionSchema.safeParse(res.body.data).success).toBe(true);
      expect(res.body.data).toMatchObject({
        questionId: question.id,
        authorId: normal.actor.id,
        content: 'Use a heap.',
        upvotes: 0,
        downvotes: 0,
        score: 0,
        myVote: 0,
      });
      expect(res.headers.get('location')).toBe(`/api/v1/solutions/${res.body.data.id}`);
    });

    it.each([
      ['an empty content', { content: '   ' }, 'content'],
      ['a missing question', { questionId: '0123456789abcdef01234567' }, 'questionId'],
      ['an author of its own choosing', { authorId: '0123456789abcdef01234567' }, 'authorId'],
    ])('when the body has %s, then 400 and nothing is stored', async (_case, override, path) => {
      const question = await newQuestion();
      const res = await call('POST', '/solutions', {
        token: normal.token,
        body: { questionId: question.id, content: 'x', ...override },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe(path);
      expect(await SolutionModel.countDocuments({ questionId: question.id })).toBe(0);
    });

    it('when the question belongs to a paper the caller cannot see, then 400 naming questionId', async () => {
      const question = await newQuestion('pending');
      const res = await call('POST', '/solutions', {
        token: normal.token,
        body: { questionId: question.id, content: 'x' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe('questionId');
    });
  });

  describe('list', () => {
    it('when listing a question, then solutions come by score, then age, with myVote for the caller and 0 for anonymous', async () => {
      const question = await newQuestion();
      const older = await makeSolution(editor.actor, question.id, 'older');
      const newer = await makeSolution(editor.actor, question.id, 'newer');
      const best = await makeSolution(editor.actor, question.id, 'best');
      await vote(best.id, 1, normal.token);
      await vote(older.id, -1, normal.token);
      const mine = await call('GET', `/solutions?questionId=${question.id}`, {
        token: normal.token,
      });
      expect(mine.status).toBe(200);
      expect(
        mine.body.data.map((s: { id: string; score: number; myVote: number }) => [
          s.id,
          s.score,
          s.myVote,
        ]),
      ).toEqual([
        [best.id, 1, 1],
        [newer.id, 0, 0],
        [older.id, -1, -1],
      ]);
      expect(mine.body.pagination).toEqual({
        page: 1,
        limit: 20,
        total: 3,
        totalPages: 1,
        hasNextPage: false,
        hasPrevPage: false,
      });
      const anonymous = await call('GET', `/solutions?questionId=${question.id}&limit=2&page=2`);
      expect(
        anonymous.body.data.map((s: { id: string; myVote: number }) => [s.id, s.myVote]),
      ).toEqual([[older.id, 0]]);
      expect(anonymous.body.pagination).toMatchObject({
        page: 2,
        limit: 2,
        total: 3,
        hasPrevPage: true,
        hasNextPage: false,
      });
    });

    it('when the question is of a pending paper, then anonymous callers get an empty list and editors get its solutions', async () => {
      const question = await newQuestion('pending');
      const solution = await makeSolution(editor.actor, question.id);
      expect((await call('GET', `/solutions?questionId=${question.id}`)).body.data).toEqual([]);
      expect(
        (
          await call('GET', `/solutions?questionId=${question.id}`, { token: editor.token })
        ).body.data.map((s: { id: string }) => s.id),
      ).toEqual([solution.id]);
    });

    it.each([['questionId=abc'], ['page=0'], ['limit=101'], ['authorId=0123456789abcdef01234567']])(
      'when the query is %s, then 400',
      async (query) => {
        expect((await call('GET', `/solutions?${query}`)).status).toBe(400);
      },
    );
  });

  describe('vote', () => {
    it('when a user votes up, repeats, flips and withdraws, then the counts and myVote follow exactly', async () => {
      const solution = await makeSolution(editor.actor, (await newQuestion()).id);
      const up = await vote(solution.id, 1, normal.token);
      expect(up.status).toBe(200);
      expect(solutionSchema.safeParse(up.body.data).success).toBe(true);
      expect(up.body.data).toMatchObject({
        id: solution.id,
        upvotes: 1,
        downvotes: 0,
        score: 1,
        myVote: 1,
      });
      const repeat = await vote(solution.id, 1, normal.token);
      expect(repeat.body.data).toMatchObject({ upvotes: 1, downvotes: 0, score: 1, myVote: 1 });
      const flip = await vote(solution.id, -1, normal.token);
      expect(flip.body.data).toMatchObject({ upvotes: 0, downvotes: 1, score: -1, myVote: -1 });
      const other = await vote(solution.id, -1, admin.token);
      expect(other.body.data).toMatchObject({ upvotes: 0, downvotes: 2, score: -2, myVote: -1 });
      const withdraw = await vote(solution.id, 0, normal.token);
      expect(withdraw.body.data).toMatchObject({ upvotes: 0, downvotes: 1, score: -1, myVote: 0 });
      expect(await VoteModel.countDocuments({ solutionId: solution.id })).toBe(1);
    });

    it.each([[2], [-2], ['1'], [null], [0.5]])(
      'when the value is %j, then 400 and no vote is stored',
      async (value) => {
        const solution = await makeSolution(editor.actor, (await newQuestion()).id);
        const res = await vote(solution.id, value, normal.token);
        expect(res.status).toBe(400);
        expect(res.body.error.details[0].path).toBe('value');
        expect(await VoteModel.countDocuments({ solutionId: solution.id })).toBe(0);
      },
    );

    it('when the body has more than the value, then 400', async () => {
      const solution = await makeSolution(editor.actor, (await newQuestion()).id);
      const res = await call('PATCH', `/solutions/${solution.id}/vote`, {
        token: normal.token,
        body: { value: 1, userId: admin.actor.id },
      });
      expect(res.status).toBe(400);
    });

    it('when authors vote on their own solution, then 403 and no vote is stored', async () => {
      const solution = await makeSolution(normal.actor, (await newQuestion()).id);
      const res = await vote(solution.id, 1, normal.token);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      expect(await VoteModel.countDocuments({ solutionId: solution.id })).toBe(0);
    });

    it('when the solution does not exist, then 404; a malformed id, then 400', async () => {
      expect((await vote('0123456789abcdef01234567', 1, normal.token)).status).toBe(404);
      expect((await vote('abc', 1, normal.token)).status).toBe(400);
    });

    it('when 100 users vote up at the same time, then the solution has exactly 100 upvotes', async () => {
      const solution = await makeSolution(editor.actor, (await newQuestion()).id);
      const voters = await Promise.all(Array.from({ length: 100 }, () => makeUser('normal')));
      const results = await Promise.all(voters.map((v) => vote(solution.id, 1, v.token)));
      expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      const listed = await call('GET', `/solutions?questionId=${solution.questionId}`);
      expect(listed.body.data[0]).toMatchObject({
        id: solution.id,
        upvotes: 100,
        downvotes: 0,
        score: 100,
      });
      expect(await VoteModel.countDocuments({ solutionId: solution.id })).toBe(100);
    }, 60_000);
  });
});
