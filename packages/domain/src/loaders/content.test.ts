import { beforeAll, describe, expect, it } from 'vitest';
import { mongoose } from '../db.js';
import { voteSolution } from '../solution/service.js';
import {
  loadPapersByIds,
  loadPapersBySubjectOfferingIds,
  loadQuestionsByIds,
  loadQuestionsByModuleIds,
  loadQuestionsByPaperIds,
  loadQuestionsByTopicIds,
  loadSolutionsByQuestionIds,
  loadUsersByIds,
} from './content.js';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSolution,
} from '../test-support/content-fixtures.js';
import type { OfferingFixture } from '../test-support/content-fixtures.js';
import { makeActor, makeActors } from '../test-support/actors.js';
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
    const { result, queries } = await countQueries(() => loadPapersByIds(null, keys));
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
    const editor = await loadPapersByIds(actors.editor, keys);
    expect(editor[0]).toMatchObject({ id: papers.draftA, status: 'draft', statusHistory: [] });
  });

  it('when papers are loaded by offering, then each offering gets its visible papers in examYear order, in one query', async () => {
    const keys = [offeringB.offeringId, missingId, offeringA.offeringId];
    const { result, queries } = await countQueries(() =>
      loadPapersBySubjectOfferingIds(actors.normal, keys),
    );
    expect(result.map((list) => list.map((p) => p.id))).toEqual([
      [papers.approvedB],
      [],
      [papers.approvedA, papers.oldApprovedA],
    ]);
    expect(queries).toBe(1);
    const admin = await loadPapersBySubjectOfferingIds(actors.admin, [offeringA.offeringId]);
    expect(admin[0]!.map((p) => p.id)).toEqual([
      papers.draftA,
      papers.approvedA,
      papers.oldApprovedA,
    ]);
  });
});

describe('question loaders', () => {
  it('when questions are loaded by id, then hidden ones are null for anonymous callers, in at most two queries', async () => {
    const keys = [questions.hidden, questions.b1, missingId, questions.a1];
    const { result, queries } = await countQueries(() => loadQuestionsByIds(null, keys));
    expect(result.map((q) => q?.id ?? null)).toEqual([null, questions.b1, null, questions.a1]);
    expect(queries).toBeLessThanOrEqual(2);
    const editor = await countQueries(() => loadQuestionsByIds(actors.editor, keys));
    expect(editor.result.map((q) => q?.id ?? null)).toEqual([
      questions.hidden,
      questions.b1,
      null,
      questions.a1,
    ]);
    expect(editor.queries).toBe(1);
  });

  it('when questions are loaded by paper, module and topic, then lists follow the keys, newest first, visibility applied', async () => {
    const [mA, mA2] = offeringA.modules;
    const [mB] = offeringB.modules;
    const byPaper = await countQueries(() =>
      loadQuestionsByPaperIds(null, [papers.draftA, papers.approvedA, papers.approvedB]),
    );
    expect(byPaper.result.map((l) => l.map((q) => q.id))).toEqual([
      [],
      [questions.a2, questions.a1],
      [questions.b1],
    ]);
    expect(byPaper.queries).toBeLessThanOrEqual(2);

    const byModule = await countQueries(() =>
      loadQuestionsByModuleIds(actors.normal, [mB!.id, mA2!.id, mA!.id]),
    );
    expect(byModule.result.map((l) => l.map((q) => q.id))).toEqual([
      [questions.b1],
      [],
      [questions.a2, questions.a1],
    ]);
    expect(byModule.queries).toBeLessThanOrEqual(2);

    const byTopic = await countQueries(() =>
      loadQuestionsByTopicIds(actors.admin, [mA!.topics[0]!, mB!.topics[0]!, 'x']),
    );
    expect(byTopic.result.map((l) => l.map((q) => q.id))).toEqual([
      [questions.hidden, questions.a1],
      [questions.b1],
      [],
    ]);
    expect(byTopic.queries).toBe(1);
  });

  it('when more keys are loaded, then the number of queries does not grow', async () => {
    const one = await countQueries(() => loadQuestionsByPaperIds(null, [papers.approvedA]));
    const many = await countQueries(() =>
      loadQuestionsByPaperIds(null, [
        papers.approvedA,
        papers.approvedB,
        papers.draftA,
        papers.oldApprovedA,
        missingId,
      ]),
    );
    expect(many.queries).toBe(one.queries);
  });
});

describe('solution and user loaders', () => {
  it('when solutions are loaded by question, then each list is in score order with counts and myVote, in a fixed number of queries', async () => {
    const author = await makeActor('normal');
    const low = await makeSolution(questions.a1, author.id);
    const high = await makeSolution(questions.a1, author.id);
    const other = await makeSolution(questions.b1, author.id);
    const hiddenSolution = await makeSolution(questions.hidden, author.id);
    const voter = await makeActor('normal');
    await voteSolution({ actor: voter, id: high, input: { value: 1 } });
    await voteSolution({ actor: actors.editor, id: high, input: { value: 1 } });
    await voteSolution({ actor: voter, id: low, input: { value: -1 } });

    const keys = [questions.a1, questions.hidden, questions.b1, missingId];
    const { result, queries } = await countQueries(() => loadSolutionsByQuestionIds(voter, keys));
    expect(result.map((l) => l.map((s) => s.id))).toEqual([[high, low], [], [other], []]);
    expect(result[0]![0]).toMatchObject({ upvotes: 2, downvotes: 0, score: 2, myVote: 1 });
    expect(result[0]![1]).toMatchObject({ upvotes: 0, downvotes: 1, score: -1, myVote: -1 });
    expect(result[2]![0]).toMatchObject({ score: 0, myVote: 0 });
    expect(queries).toBeLessThanOrEqual(5);

    const single = await countQueries(() => loadSolutionsByQuestionIds(voter, [questions.a1]));
    expect(single.queries).toBe(queries);

    const editor = await loadSolutionsByQuestionIds(actors.editor, [questions.hidden]);
    expect(editor[0]!.map((s) => s.id)).toEqual([hiddenSolution]);
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
