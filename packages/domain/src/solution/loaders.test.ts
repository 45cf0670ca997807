import { beforeAll, describe, expect, it } from 'vitest';
import { mongoose } from '../db.js';
import { voteSolution } from './service.js';
import { loadPapersByIds, loadPapersBySubjectOfferingIds } from '../paper/loaders.js';
import { loadQuestionsByIds, loadQuestionsBySubjectOfferingIds } from '../question/loaders.js';
import { loadUsersByIds } from '../user/loaders.js';
import type { MaybeActor } from '../access.js';
import { viewerFor } from '../visibility.js';
import { loadSolutionsBySubjectOfferingIds } from './loaders.js';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSolution,
} from '../test-support/content-fixtures.js';
import type { OfferingFixture } from '../test-support/content-fixtures.js';
import { makeActor, makeActors } from '../test-support/callers.js';
import { useTestDatabase } from '../test-support/database.js';

useTestDatabase();

/** Runs `fn` and counts the database commands it sends (through mongoose's debug hook). */
async function countQueries<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; queries: number; log: string[] }> {
  const log: string[] = [];
  mongoose.set('debug', (collection: string, method: string) => {
    log.push(`${collection}.${method}`);
  });
  try {
    const result = await fn();
    return { result, queries: log.length, log };
  } finally {
    mongoose.set('debug', false);
  }
}

const missingId = '507f1f77bcf86cd799439011';

/** A loader called with the caller's viewer, as the gateway does (the viewer is read once per request). */
function as<T>(
  actor: MaybeActor,
  load: (viewer: Awaited<ReturnType<typeof viewerFor>>, keys: readonly string[]) => Promise<T>,
) {
  return async (keys: readonly string[]) => load(await viewerFor(actor), keys);
}
const seenBy = async (actor: MaybeActor) => viewerFor(actor);
let actors: Awaited<ReturnType<typeof makeActors>>;
let offeringA: OfferingFixture;
let offeringB: OfferingFixture;
let papers: { approvedA: string; draftA: string; approvedB: string; oldApprovedA: string };
let questions: { a1: string; a2: string; hidden: string; b1: string };

beforeAll(async () => {
  actors = await makeActors();
  offeringA = await makeOffering();
  offeringB = await makeOffering();
  papers = {
    oldApprovedA: (await makePaper(offeringA.offeringId, { status: 'approved', examYear: 2018 }))
      .id,
    approvedA: (await makePaper(offeringA.offeringId, { status: 'approved', examYear: 2022 })).id,
    draftA: (await makePaper(offeringA.offeringId, { status: 'draft', examYear: 2024 })).id,
    approvedB: (await makePaper(offeringB.offeringId, { status: 'approved', examYear: 2021 })).id,
  };
  const [mA] = offeringA.modules;
  const [mB] = offeringB.modules;
  questions = {
    a1: (await makeQuestion(papers.approvedA, { moduleId: mA!.id, topicId: mA!.topics[0] })).id,
    a2: (await makeQuestion(papers.approvedA, { moduleId: mA!.id })).id,
    hidden: (await makeQuestion(papers.draftA, { moduleId: mA!.id, topicId: mA!.topics[0] })).id,
    b1: (await makeQuestion(papers.approvedB, { moduleId: mB!.id, topicId: mB!.topics[0] })).id,
  };
});

describe('paper loaders', () => {
  it('when papers are loaded by id, then results follow the keys, hidden and unknown ones are null, in one query', async () => {
    const keys = [
      papers.draftA,
      papers.approvedB,
      missingId,
      'not-an-id',
      papers.approvedA,
      papers.approvedB,
    ];
    const anonymous = await seenBy(null);
    const { result, queries } = await countQueries(() => loadPapersByIds(anonymous, keys));
    expect(result.map((p) => p?.id ?? null)).toEqual([
      null,
      papers.approvedB,
      null,
      null,
      papers.approvedA,
      papers.approvedB,
    ]);
    expect(result[1]).not.toHaveProperty('statusHistory');
    expect(queries).toBe(1);
    const editor = await as(actors.editor, loadPapersByIds)(keys);
    expect(editor[0]).toMatchObject({ id: papers.draftA, status: 'draft', statusHistory: [] });
  });

  it('when papers are loaded by offering, then each offering gets its visible papers in examYear order, one query per offering', async () => {
    const keys = [offeringB.offeringId, missingId, offeringA.offeringId];
    const normal = await seenBy(actors.normal);
    const { result, queries } = await countQueries(() =>
      loadPapersBySubjectOfferingIds(normal, keys),
    );
    expect(result.map((list) => list.map((p) => p.id))).toEqual([
      [papers.approvedB],
      [],
      [papers.approvedA, papers.oldApprovedA],
    ]);
    expect(queries).toBe(3);
    const admin = await as(actors.admin, loadPapersBySubjectOfferingIds)([offeringA.offeringId]);
    expect(admin[0]!.map((p) => p.id)).toEqual([
      papers.draftA,
      papers.approvedA,
      papers.oldApprovedA,
    ]);
  });
});

describe('question loaders', () => {
  it('when questions are loaded by id, then hidden ones are null for anonymous callers, in one query', async () => {
    const keys = [questions.hidden, questions.b1, missingId, questions.a1];
    const anonymous = await seenBy(null);
    const { result, queries } = await countQueries(() => loadQuestionsByIds(anonymous, keys));
    expect(result.map((q) => q?.id ?? null)).toEqual([null, questions.b1, null, questions.a1]);
    expect(queries).toBe(1);
    const editor = await as(actors.editor, loadQuestionsByIds)(keys);
    expect(editor.map((q) => q?.id ?? null)).toEqual([
      questions.hidden,
      questions.b1,
      null,
      questions.a1,
    ]);
  });

  it('when questions are loaded by offering, then lists follow the keys, newest first, visibility applied, one query per offering', async () => {
    const keys = [offeringB.offeringId, 'x', offeringA.offeringId];
    const anonymous = await seenBy(null);
    const loaded = await countQueries(() => loadQuestionsBySubjectOfferingIds(anonymous, keys));
    expect(loaded.result.map((l) => l.map((q) => q.id))).toEqual([
      [questions.b1],
      [],
      [questions.a2, questions.a1],
    ]);
    expect(loaded.queries).toBe(2);
    const admin = await as(actors.admin, loadQuestionsBySubjectOfferingIds)([offeringA.offeringId]);
    expect(admin[0]!.map((q) => q.id)).toEqual([questions.hidden, questions.a2, questions.a1]);
  });

  it('when an offering has more questions, then loading it takes the same number of queries', async () => {
    const anonymous = await seenBy(null);
    const before = await countQueries(() =>
      loadQuestionsBySubjectOfferingIds(anonymous, [offeringB.offeringId]),
    );
    for (let i = 0; i < 5; i += 1) await makeQuestion(papers.approvedB);
    const after = await countQueries(() =>
      loadQuestionsBySubjectOfferingIds(anonymous, [offeringB.offeringId]),
    );
    expect(after.result[0]!.length).toBe(before.result[0]!.length + 5);
    expect(after.queries).toBe(before.queries);
  });
});

describe('solution and user loaders', () => {
  it('when solutions are loaded by offering, then each list is in score order with counts and myVote, in a fixed number of queries per offering', async () => {
    const author = await makeActor('normal');
    const low = await makeSolution(questions.a1, author.id);
    const high = await makeSolution(questions.a1, author.id);
    const other = await makeSolution(questions.b1, author.id);
    const hiddenSolution = await makeSolution(questions.hidden, author.id);
    const voter = await makeActor('normal');
    await voteSolution({ actor: voter, id: high, input: { value: 1 } });
    await voteSolution({ actor: actors.editor, id: high, input: { value: 1 } });
    await voteSolution({ actor: voter, id: low, input: { value: -1 } });

    const keys = [offeringA.offeringId, offeringB.offeringId, missingId];
    const seen = await seenBy(voter);
    const { result, queries } = await countQueries(() =>
      loadSolutionsBySubjectOfferingIds(seen, keys),
    );
    // The hidden question's solution is absent for a normal caller.
    expect(result.map((l) => l.map((s) => s.id))).toEqual([[high, low], [other], []]);
    expect(result[0]![0]).toMatchObject({ upvotes: 2, downvotes: 0, score: 2, myVote: 1 });
    expect(result[0]![1]).toMatchObject({ upvotes: 0, downvotes: 1, score: -1, myVote: -1 });
    expect(result[1]![0]).toMatchObject({ score: 0, myVote: 0 });
    // Per offering: the solutions, and when it has any, one vote aggregate and the caller's votes.
    expect(queries).toBe(3 + 2 + 2);

    const editor = await as(
      actors.editor,
      loadSolutionsBySubjectOfferingIds,
    )([offeringA.offeringId]);
    expect(editor[0]!.map((s) => s.id)).toContain(hiddenSolution);
  });

  it('when users are loaded by id, then results follow the keys in one query', async () => {
    const keys = [actors.editor.id, missingId, actors.normal.id, 'bad'];
    const { result, queries } = await countQueries(() => loadUsersByIds(keys));
    expect(result.map((u) => u?.externalId ?? null)).toEqual([
      actors.editor.externalId,
      null,
      actors.normal.externalId,
      null,
    ]);
    expect(queries).toBe(1);
  });
});
