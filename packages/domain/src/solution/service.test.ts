import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access.js';
import { UserModel } from '../user/model.js';
import { SolutionModel, VoteModel } from './model.js';
import { createSolution, getSolutionById, listSolutions, voteSolution } from './service.js';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSolution,
} from '../test-support/content-fixtures.js';
import { callerRows, makeActor, refusedUnlessSignedIn } from '../test-support/callers.js';
import { missingId, useTestActors } from '../test-support/database.js';

const { actors, who } = useTestActors();

let visibleQuestion: string;
let hiddenQuestion: string;
beforeAll(async () => {
  const fixture = await makeOffering();
  visibleQuestion = (
    await makeQuestion((await makePaper(fixture.offeringId, { status: 'approved' })).id)
  ).id;
  hiddenQuestion = (
    await makeQuestion((await makePaper(fixture.offeringId, { status: 'draft' })).id)
  ).id;
});

/** Many active normal users, inserted in one go. */
async function makeVoters(count: number): Promise<Actor[]> {
  const run = randomUUID().slice(0, 8);
  const docs = await UserModel.insertMany(
    Array.from({ length: count }, (_, i) => ({
      externalId: `voter_${run}_${i}`,
      role: 'normal',
      isActive: true,
    })),
  );
  return docs.map((d) => ({
    id: d._id.toHexString(),
    externalId: d.externalId,
    role: 'normal',
    isActive: true,
  }));
}

describe('createSolution', () => {
  it.each(callerRows('normal', 'editor', 'admin'))(
    'when %s answers a visible question, then they are the author and the counts start at zero',
    async (_n, actor) => {
      const solution = await createSolution({
        actor: who(actor),
        input: { questionId: visibleQuestion, content: 'Use induction.' },
      });
      expect(solution).toEqual({
        id: expect.stringMatching(/^[a-f0-9]{24}$/),
        questionId: visibleQuestion,
        paperId: expect.stringMatching(/^[a-f0-9]{24}$/),
        subjectOfferingId: expect.stringMatching(/^[a-f0-9]{24}$/),
        universityId: expect.stringMatching(/^[a-f0-9]{24}$/),
        authorId: who(actor)!.id,
        content: 'Use induction.',
        upvotes: 0,
        downvotes: 0,
        score: 0,
        myVote: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    },
  );

  it.each(refusedUnlessSignedIn)(
    'when %s answers, then it is refused with %i',
    async (_n, status, actor) => {
      await expect(
        createSolution({
          actor: who(actor),
          input: { questionId: visibleQuestion, content: 'refused answer' },
        }),
      ).rejects.toMatchObject({ status });
      expect(await SolutionModel.countDocuments({ content: 'refused answer' })).toBe(0);
    },
  );

  it.each([
    ['an authorId', { authorId: missingId }, 'authorId'],
    ['upvotes', { upvotes: 10 }, 'upvotes'],
    ['a score', { score: 10 }, 'score'],
    ['no content', { content: undefined }, 'content'],
    ['blank content', { content: '  ' }, 'content'],
    ['a malformed questionId', { questionId: 'q1' }, 'questionId'],
  ])('when the body has %s, then it is a 400', async (_n, patch, path) => {
    const input = { questionId: visibleQuestion, content: 'An answer', ...patch };
    const error = await createSolution({ actor: actors.normal, input }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400 });
    expect((error as { details: { path: string }[] }).details[0]!.path).toBe(path);
  });

  it('when the question does not exist, or is hidden from a normal user, then it is a 400 naming questionId', async () => {
    for (const questionId of [missingId, hiddenQuestion]) {
      await expect(
        createSolution({ actor: actors.normal, input: { questionId, content: 'x' } }),
      ).rejects.toMatchObject({
        status: 400,
        details: [{ path: 'questionId' }],
      });
    }
  });

  it('when an editor answers a question of an unapproved paper, then it is accepted', async () => {
    const solution = await createSolution({
      actor: actors.editor,
      input: { questionId: hiddenQuestion, content: 'Draft answer' },
    });
    expect(solution.questionId).toBe(hiddenQuestion);
  });
});

describe('voteSolution', () => {
  it('when a user upvotes twice, then the vote counts once and myVote is 1', async () => {
    const solutionId = await makeSolution(visibleQuestion, actors.editor.id);
    const first = await voteSolution({ actor: actors.normal, id: solutionId, input: { value: 1 } });
    const again = await voteSolution({ actor: actors.normal, id: solutionId, input: { value: 1 } });
    expect(first).toMatchObject({ id: solutionId, upvotes: 1, downvotes: 0, score: 1, myVote: 1 });
    expect(again).toMatchObject({ upvotes: 1, downvotes: 0, score: 1, myVote: 1 });
    expect(await VoteModel.countDocuments({ solutionId })).toBe(1);
  });

  it('when a user flips an upvote to a downvote, then the counts move and one vote remains', async () => {
    const solutionId = await makeSolution(visibleQuestion, actors.editor.id);
    await voteSolution({ actor: actors.normal, id: solutionId, input: { value: 1 } });
    const flipped = await voteSolution({
      actor: actors.normal,
      id: solutionId,
      input: { value: -1 },
    });
    expect(flipped).toMatchObject({ upvotes: 0, downvotes: 1, score: -1, myVote: -1 });
    expect(await VoteModel.countDocuments({ solutionId })).toBe(1);
  });

  it('when a user withdraws with 0, then the vote document is gone; withdrawing again is harmless', async () => {
    const solutionId = await makeSolution(visibleQuestion, actors.editor.id);
    await voteSolution({ actor: actors.normal, id: solutionId, input: { value: -1 } });
    const withdrawn = await voteSolution({
      actor: actors.normal,
      id: solutionId,
      input: { value: 0 },
    });
    expect(withdrawn).toMatchObject({ upvotes: 0, downvotes: 0, score: 0, myVote: 0 });
    expect(await VoteModel.countDocuments({ solutionId })).toBe(0);
    const again = await voteSolution({ actor: actors.normal, id: solutionId, input: { value: 0 } });
    expect(again).toMatchObject({ score: 0, myVote: 0 });
  });

  it('when several users vote, then each sees their own myVote and anonymous sees 0', async () => {
    const solutionId = await makeSolution(visibleQuestion, actors.normal.id);
    await voteSolution({ actor: actors.editor, id: solutionId, input: { value: 1 } });
    await voteSolution({ actor: actors.admin, id: solutionId, input: { value: -1 } });
    const third = await makeActor('normal');
    await voteSolution({ actor: third, id: solutionId, input: { value: 1 } });
    expect(await getSolutionById({ actor: actors.editor, id: solutionId })).toMatchObject({
      upvotes: 2,
      downvotes: 1,
      score: 1,
      myVote: 1,
    });
    expect(await getSolutionById({ actor: actors.admin, id: solutionId })).toMatchObject({
      myVote: -1,
    });
    expect(await getSolutionById({ actor: null, id: solutionId })).toMatchObject({
      score: 1,
      myVote: 0,
    });
    expect(await getSolutionById({ actor: actors.normal, id: solutionId })).toMatchObject({
      myVote: 0,
    });
  });

  it('when the author votes on their own solution, then it is a 403 and no vote is stored', async () => {
    const solutionId = await makeSolution(visibleQuestion, actors.normal.id);
    await expect(
      voteSolution({ actor: actors.normal, id: solutionId, input: { value: 1 } }),
    ).rejects.toMatchObject({ status: 403 });
    expect(await VoteModel.countDocuments({ solutionId })).toBe(0);
  });

  it.each([
    ['value 2', { value: 2 }],
    ['value "1"', { value: '1' }],
    ['value null', { value: null }],
    ['value 0.5', { value: 0.5 }],
    ['no value', {}],
    ['an extra field', { value: 1, userId: missingId }],
  ])('when the vote has %s, then it is a 400 and no vote is stored', async (_n, input) => {
    const solutionId = await makeSolution(visibleQuestion, actors.editor.id);
    await expect(
      voteSolution({ actor: actors.normal, id: solutionId, input }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await VoteModel.countDocuments({ solutionId })).toBe(0);
  });

  it.each(refusedUnlessSignedIn)(
    'when %s votes, then it is refused with %i',
    async (_n, status, actor) => {
      const solutionId = await makeSolution(visibleQuestion, actors.editor.id);
      await expect(
        voteSolution({ actor: who(actor), id: solutionId, input: { value: 1 } }),
      ).rejects.toMatchObject({ status });
      expect(await VoteModel.countDocuments({ solutionId })).toBe(0);
    },
  );

  it('when the solution does not exist or its question is hidden from the voter, then it is a 404; a malformed id is a 400', async () => {
    await expect(
      voteSolution({ actor: actors.normal, id: missingId, input: { value: 1 } }),
    ).rejects.toMatchObject({ status: 404 });
    const hiddenSolution = await makeSolution(hiddenQuestion, actors.editor.id);
    await expect(
      voteSolution({ actor: actors.normal, id: hiddenSolution, input: { value: 1 } }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      voteSolution({ actor: actors.normal, id: 'bad', input: { value: 1 } }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('when 200 users vote on one solution at the same time, then the counts are exact with one vote per user', async () => {
    const solutionId = await makeSolution(visibleQuestion, actors.editor.id);
    const voters = await makeVoters(200);
    const results = await Promise.all(
      voters.map((actor, i) =>
        voteSolution({ actor, id: solutionId, input: { value: i % 10 < 7 ? 1 : -1 } }),
      ),
    );
    expect(results.every((r) => r.myVote !== 0)).toBe(true);
    const solution = await getSolutionById({ actor: null, id: solutionId });
    expect(solution).toMatchObject({ upvotes: 140, downvotes: 60, score: 80 });
    expect(await VoteModel.countDocuments({ solutionId })).toBe(200);
    expect(await VoteModel.distinct('userId', { solutionId })).toHaveLength(200);
  }, 60_000);

  it('when one user flips 50 times in parallel, then exactly one vote remains and the counts agree with it', async () => {
    const solutionId = await makeSolution(visibleQuestion, actors.editor.id);
    const [voter] = await makeVoters(1);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        voteSolution({ actor: voter!, id: solutionId, input: { value: i % 2 ? 1 : -1 } }),
      ),
    );
    const votes = await VoteModel.find({ solutionId }).lean();
    expect(votes).toHaveLength(1);
    const solution = await getSolutionById({ actor: voter!, id: solutionId });
    const value = votes[0]!.value;
    expect(solution).toMatchObject({
      upvotes: value === 1 ? 1 : 0,
      downvotes: value === -1 ? 1 : 0,
      score: value,
      myVote: value,
    });
  }, 60_000);
});

describe('listSolutions', () => {
  it('when solutions have different scores, then they come best first, ties oldest first, with counts and myVote', async () => {
    const fixture = await makeOffering();
    const questionId = (await makeQuestion((await makePaper(fixture.offeringId)).id)).id;
    const zeroOld = await makeSolution(questionId, actors.admin.id);
    const best = await makeSolution(questionId, actors.admin.id);
    const negative = await makeSolution(questionId, actors.admin.id);
    const zeroNew = await makeSolution(questionId, actors.admin.id);
    const [a, b, c] = await makeVoters(3);
    for (const voter of [a!, b!])
      await voteSolution({ actor: voter, id: best, input: { value: 1 } });
    await voteSolution({ actor: c!, id: best, input: { value: -1 } });
    await voteSolution({ actor: a!, id: negative, input: { value: -1 } });

    const page = await listSolutions({ actor: c!, query: { questionId } });
    expect(page.items.map((s) => s.id)).toEqual([best, zeroOld, zeroNew, negative]);
    expect(page.items[0]).toMatchObject({ upvotes: 2, downvotes: 1, score: 1, myVote: -1 });
    expect(page.items[3]).toMatchObject({ upvotes: 0, downvotes: 1, score: -1, myVote: 0 });
    expect(page.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 4,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });

    const second = await listSolutions({
      actor: null,
      query: { questionId, limit: 2, page: 2 },
    });
    expect(second.items.map((s) => s.id)).toEqual([zeroNew, negative]);
    expect(second.items.every((s) => s.myVote === 0)).toBe(true);
    expect(second.pagination).toMatchObject({
      total: 4,
      totalPages: 2,
      hasNextPage: false,
      hasPrevPage: true,
    });
  });

  it('when the question is hidden, then a normal user gets an empty list and an editor gets its solutions', async () => {
    const solutionId = await makeSolution(hiddenQuestion, actors.admin.id);
    const normal = await listSolutions({
      actor: actors.normal,
      query: { questionId: hiddenQuestion },
    });
    expect(normal.items).toEqual([]);
    expect(normal.pagination.total).toBe(0);
    const editor = await listSolutions({
      actor: actors.editor,
      query: { questionId: hiddenQuestion },
    });
    expect(editor.items.map((s) => s.id)).toContain(solutionId);
  });

  it('when anonymous lists every solution, then none of a hidden question appears', async () => {
    const hiddenSolution = await makeSolution(hiddenQuestion, actors.admin.id);
    const visibleSolution = await makeSolution(visibleQuestion, actors.admin.id);
    const page = await listSolutions({ actor: null, query: { limit: 100 } });
    const ids = page.items.map((s) => s.id);
    expect(ids).toContain(visibleSolution);
    expect(ids).not.toContain(hiddenSolution);
  });

  it.each([
    ['a malformed questionId', { questionId: 'q' }],
    ['an unknown parameter', { colour: 'red' }],
    ['an unknown sort field', { sort: 'votes' }],
    ['page 0', { page: 0 }],
  ])('when the query has %s, then it is a 400', async (_n, query) => {
    await expect(listSolutions({ actor: null, query })).rejects.toMatchObject({ status: 400 });
  });
});
