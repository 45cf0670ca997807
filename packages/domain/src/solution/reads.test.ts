import { beforeAll, describe, expect, it } from 'vitest';
import { voteSolution } from './service.js';
import { readPapersByIds, readPapersBySubjectOfferingIds } from '../paper/reads.js';
import { readQuestionsByIds, readQuestionsBySubjectOfferingIds } from '../question/reads.js';
import { readUsersByIds } from '../user/reads.js';
import type { MaybeActor } from '../access.js';
import { callerFor } from '../visibility.js';
import type { RequestCaller } from '../visibility.js';
import { readSolutionsBySubjectOfferingIds } from './reads.js';
import { useOffering } from '../test-support/content-hooks.js';
import { makePaper, makeQuestion, makeSolution } from '../test-support/content-fixtures.js';
import { makeActor } from '../test-support/callers.js';
import { missingId, useTestActors } from '../test-support/database.js';
import { ValidationError } from '../errors.js';
import { logCommands } from '../test-support/command-log.js';

const { actors } = useTestActors();

/** Runs `fn` and counts the database commands it sends. */
async function countQueries<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; queries: number; log: string[] }> {
  const { result, log } = await logCommands(fn);
  return { result, queries: log.length, log };
}

/** Each key's entry of a batch read, as the gateway's DataLoaders answer them. */
const inKeyOrder = <T, M>(found: ReadonlyMap<string, T>, keys: readonly string[], missing: M) =>
  keys.map((key) => found.get(key) ?? missing);

/** A batch read for one caller, answered in the keys' order (the caller's view read once per request). */
function as<T, M>(
  actor: MaybeActor,
  read: (caller: RequestCaller, keys: readonly string[]) => Promise<ReadonlyMap<string, T>>,
  missing: M,
) {
  return async (keys: readonly string[]) =>
    inKeyOrder(await read(callerFor(actor), keys), keys, missing);
}
/** The caller of a request whose view is already read (so the counts below are the batch's own). */
const seenBy = async (actor: MaybeActor) => {
  const caller = callerFor(actor);
  await caller.view();
  return caller;
};
const offeringA = useOffering();
const offeringB = useOffering();
let papers: { approvedA: string; draftA: string; approvedB: string; oldApprovedA: string };
let questions: { a1: string; a2: string; hidden: string; b1: string };

beforeAll(async () => {
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

describe('paper batch reads', () => {
  it('when papers are read by id, then results follow the keys, hidden and unknown ones are null, in one query', async () => {
    const keys = [
      papers.draftA,
      papers.approvedB,
      missingId,
      'not-an-id',
      papers.approvedA,
      papers.approvedB,
    ];
    const anonymous = await seenBy(null);
    const { result, queries } = await countQueries(async () =>
      inKeyOrder(await readPapersByIds(anonymous, keys), keys, null),
    );
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
    const editor = await as(actors.editor, readPapersByIds, null)(keys);
    expect(editor[0]).toMatchObject({ id: papers.draftA, status: 'draft', statusHistory: [] });
  });

  it('when papers are read by offering, then each offering gets its visible papers in examYear order, one query per offering', async () => {
    const keys = [offeringB.offeringId, missingId, offeringA.offeringId];
    const normal = await seenBy(actors.normal);
    const { result, queries } = await countQueries(async () =>
      inKeyOrder(await readPapersBySubjectOfferingIds(normal, keys), keys, []),
    );
    expect(result.map((list) => list.map((p) => p.id))).toEqual([
      [papers.approvedB],
      [],
      [papers.approvedA, papers.oldApprovedA],
    ]);
    expect(queries).toBe(3);
    const admin = await as(
      actors.admin,
      readPapersBySubjectOfferingIds,
      [],
    )([offeringA.offeringId]);
    expect(admin[0]!.map((p) => p.id)).toEqual([
      papers.draftA,
      papers.approvedA,
      papers.oldApprovedA,
    ]);
  });
});

describe('question batch reads', () => {
  it('when questions are read by id, then hidden ones are null for anonymous callers, in one query', async () => {
    const keys = [questions.hidden, questions.b1, missingId, questions.a1];
    const anonymous = await seenBy(null);
    const { result, queries } = await countQueries(async () =>
      inKeyOrder(await readQuestionsByIds(anonymous, keys), keys, null),
    );
    expect(result.map((q) => q?.id ?? null)).toEqual([null, questions.b1, null, questions.a1]);
    expect(queries).toBe(1);
    const editor = await as(actors.editor, readQuestionsByIds, null)(keys);
    expect(editor.map((q) => q?.id ?? null)).toEqual([
      questions.hidden,
      questions.b1,
      null,
      questions.a1,
    ]);
  });

  it('when questions are read by offering, then each offering groups them by paper, module and topic, newest first, visibility applied, one query per offering', async () => {
    const keys = [offeringB.offeringId, 'x', offeringA.offeringId];
    const anonymous = await seenBy(null);
    const loaded = await countQueries(() => readQuestionsBySubjectOfferingIds(anonymous, keys));
    const ids = (list: readonly { id: string }[] | undefined) => list?.map((q) => q.id);
    const [mA] = offeringA.modules;
    const a = loaded.result.get(offeringA.offeringId)!;
    expect(ids(loaded.result.get(offeringB.offeringId)?.byPaper.get(papers.approvedB))).toEqual([
      questions.b1,
    ]);
    expect(loaded.result.has('x')).toBe(false);
    expect(ids(a.byPaper.get(papers.approvedA))).toEqual([questions.a2, questions.a1]);
    expect(ids(a.byModule.get(mA!.id))).toEqual([questions.a2, questions.a1]);
    expect(ids(a.byTopic.get(mA!.topics[0]!))).toEqual([questions.a1]);
    expect(a.byPaper.has(papers.draftA)).toBe(false);
    expect(loaded.queries).toBe(2);
    const [admin] = await as(
      actors.admin,
      readQuestionsBySubjectOfferingIds,
      null,
    )([offeringA.offeringId]);
    expect(ids(admin!.byModule.get(mA!.id))).toEqual([
      questions.hidden,
      questions.a2,
      questions.a1,
    ]);
  });

  it('when questions are read by offering with a sort, then the questions of each paper come in that order from the database, one query per offering', async () => {
    const anonymous = await seenBy(null);
    const oldestFirst = [{ field: 'createdAt', direction: 'asc' } as const];
    const loaded = await countQueries(() =>
      readQuestionsBySubjectOfferingIds(anonymous, [offeringA.offeringId], oldestFirst),
    );
    const a = loaded.result.get(offeringA.offeringId)!;
    expect(a.byPaper.get(papers.approvedA)!.map((q) => q.id)).toEqual([questions.a1, questions.a2]);
    expect(loaded.queries).toBe(1);
    await expect(
      readQuestionsBySubjectOfferingIds(
        anonymous,
        [offeringA.offeringId],
        [{ field: 'text', direction: 'asc' } as never],
      ),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('when an offering has more questions, then reading it takes the same number of queries', async () => {
    const anonymous = await seenBy(null);
    const ofPaper = (found: Awaited<ReturnType<typeof readQuestionsBySubjectOfferingIds>>) =>
      found.get(offeringB.offeringId)!.byPaper.get(papers.approvedB)!.length;
    const before = await countQueries(() =>
      readQuestionsBySubjectOfferingIds(anonymous, [offeringB.offeringId]),
    );
    for (let i = 0; i < 5; i += 1) await makeQuestion(papers.approvedB);
    const after = await countQueries(() =>
      readQuestionsBySubjectOfferingIds(anonymous, [offeringB.offeringId]),
    );
    expect(ofPaper(after.result)).toBe(ofPaper(before.result) + 5);
    expect(after.queries).toBe(before.queries);
  });
});

describe('solution and user batch reads', () => {
  it('when solutions are read by offering, then each list is in score order with counts and myVote, in a fixed number of queries per offering', async () => {
    const author = await makeActor('normal');
    const low = await makeSolution(questions.a1, author.id);
    const high = await makeSolution(questions.a1, author.id);
    // Equal scores keep the database's order: oldest first.
    const even = [
      await makeSolution(questions.a1, author.id),
      await makeSolution(questions.a1, author.id),
    ];
    const other = await makeSolution(questions.b1, author.id);
    const hiddenSolution = await makeSolution(questions.hidden, author.id);
    const voter = await makeActor('normal');
    await voteSolution({ actor: voter, id: high, input: { value: 1 } });
    await voteSolution({ actor: actors.editor, id: high, input: { value: 1 } });
    await voteSolution({ actor: voter, id: low, input: { value: -1 } });

    const keys = [offeringA.offeringId, offeringB.offeringId, missingId];
    const seen = await seenBy(voter);
    const { result, queries } = await countQueries(() =>
      readSolutionsBySubjectOfferingIds(seen, keys),
    );
    const a1 = result.get(offeringA.offeringId)!.get(questions.a1)!;
    const b1 = result.get(offeringB.offeringId)!.get(questions.b1)!;
    // The hidden question's solution is absent for a normal caller.
    expect(a1.map((s) => s.id)).toEqual([high, ...even, low]);
    expect(b1.map((s) => s.id)).toEqual([other]);
    expect(result.get(offeringA.offeringId)!.has(questions.hidden)).toBe(false);
    expect(result.has(missingId)).toBe(false);
    expect(a1[0]).toMatchObject({ upvotes: 2, downvotes: 0, score: 2, myVote: 1 });
    expect(a1[3]).toMatchObject({ upvotes: 0, downvotes: 1, score: -1, myVote: -1 });
    expect(b1[0]).toMatchObject({ score: 0, myVote: 0 });
    // Per offering: the solutions, and when it has any, one vote aggregate and the caller's votes.
    expect(queries).toBe(3 + 2 + 2);

    const [editor] = await as(
      actors.editor,
      readSolutionsBySubjectOfferingIds,
      null,
    )([offeringA.offeringId]);
    expect(editor!.get(questions.hidden)!.map((s) => s.id)).toEqual([hiddenSolution]);
  });

  it('when users are read by id, then results follow the keys in one query', async () => {
    const keys = [actors.editor.id, missingId, actors.normal.id, 'bad'];
    const { result, queries } = await countQueries(async () =>
      inKeyOrder(await readUsersByIds(keys), keys, null),
    );
    expect(result.map((u) => u?.externalId ?? null)).toEqual([
      actors.editor.externalId,
      null,
      actors.normal.externalId,
      null,
    ]);
    expect(queries).toBe(1);
  });
});
