import type {} from '@qpc/ferretdb/vitest-global-setup';
import { Types } from 'mongoose';
import { describe, expect, inject, it } from 'vitest';
import { mongoose } from '../db.js';
import { BranchModel } from '../branch/model.js';
import { updateBranch } from '../branch/service.js';
import { PaperModel } from '../paper/model.js';
import { updatePaper, setPaperStatus } from '../paper/service.js';
import { QuestionModel } from '../question/model.js';
import { deleteQuestion } from '../question/service.js';
import { stemOf } from '../search/tokens.js';
import { SemesterModel } from '../semester/model.js';
import { SolutionModel } from '../solution/model.js';
import {
  readTermCounts,
  SEARCH_TERMS_COLLECTION,
  STALE_COUNTS_MARKER,
  stemKey,
} from '../search/terms.js';
import { createSubject } from '../subject/service.js';
import { useTestActors } from '../test-support/database.js';
import { beforeEachWrite, refuseWrites, tableOf } from '../test-support/faults.js';
import {
  makeBranch,
  makeOffering,
  makePaper,
  makeQuestion,
  makeSemester,
  makeSolution,
  makeUniversity,
  uid,
} from '../test-support/service-fixtures.js';
import { PENDING_WRITES_COLLECTION } from '../writing/pending-writes.js';
import { repairHalfWrites } from './repairs.js';

const { actors } = useTestActors();
const postgresUrl = inject('postgresUrl');

const journalRows = (targetId: string) =>
  mongoose.connection.db!.collection(PENDING_WRITES_COLLECTION).countDocuments({ targetId });
const staleMarker = () =>
  mongoose.connection.db!.collection<{ _id: string }>('migrations').findOne(STALE_COUNTS_MARKER);

describe.skipIf(!postgresUrl)('writes whose later steps the engine refuses', () => {
  it('when a paper year change cannot reach its questions, then it rejects, stays journalled, and the repair copies the year', async () => {
    const { offering } = await makeOffering(actors.admin);
    const paper = await makePaper(actors.admin, offering.id, { examYear: 2021 });
    const question = await makeQuestion(actors.admin, paper.id);
    const lift = await refuseWrites({
      postgresUrl,
      collection: QuestionModel.collection.collectionName,
      operation: 'UPDATE',
    });
    try {
      await expect(
        updatePaper({ actor: actors.admin, id: paper.id, input: { examYear: 2022 } }),
      ).rejects.toThrow(/refused by a test fault/);
    } finally {
      await lift();
    }
    expect((await QuestionModel.findById(question.id).lean())?.examYear).toBe(2021);
    expect(await journalRows(paper.id)).toBe(1);
    // Younger than the periodic grace: left to a write that may still be under way.
    expect((await repairHalfWrites()).copies).toBe(0);
    expect((await repairHalfWrites(0)).copies).toBeGreaterThanOrEqual(1);
    expect((await QuestionModel.findById(question.id).lean())?.examYear).toBe(2022);
    expect(await journalRows(paper.id)).toBe(0);
  });

  it('when an approval cannot reveal the solutions, then the repair shows them with the paper', async () => {
    const { offering } = await makeOffering(actors.admin);
    const paper = await makePaper(actors.admin, offering.id, { status: 'pending' });
    const question = await makeQuestion(actors.admin, paper.id);
    const solution = await makeSolution(actors.admin, question.id);
    const lift = await refuseWrites({
      postgresUrl,
      collection: SolutionModel.collection.collectionName,
      operation: 'UPDATE',
    });
    try {
      await expect(
        setPaperStatus({ actor: actors.admin, id: paper.id, input: { status: 'approved' } }),
      ).rejects.toThrow(/refused by a test fault/);
    } finally {
      await lift();
    }
    expect((await SolutionModel.findById(solution.id).lean())?.visible).toBe(false);
    expect(await journalRows(paper.id)).toBe(1);
    await repairHalfWrites(0);
    expect((await QuestionModel.findById(question.id).lean())?.visible).toBe(true);
    expect((await SolutionModel.findById(solution.id).lean())?.visible).toBe(true);
    expect(await journalRows(paper.id)).toBe(0);
  });

  it('when a branch move cannot reach its semesters, then the repair gives them the new university', async () => {
    const from = await makeUniversity(actors.admin);
    const to = await makeUniversity(actors.admin);
    const branch = await makeBranch(actors.admin, from.id);
    const semester = await makeSemester(actors.admin, branch.id);
    const lift = await refuseWrites({
      postgresUrl,
      collection: SemesterModel.collection.collectionName,
      operation: 'UPDATE',
    });
    try {
      await expect(
        updateBranch({ actor: actors.admin, id: branch.id, input: { universityId: to.id } }),
      ).rejects.toThrow(/refused by a test fault/);
    } finally {
      await lift();
    }
    expect(String((await BranchModel.findById(branch.id).lean())?.universityId)).toBe(to.id);
    await repairHalfWrites(0);
    expect(String((await SemesterModel.findById(semester.id).lean())?.universityId)).toBe(to.id);
    expect(await journalRows(branch.id)).toBe(0);
  });

  it('when the term counts cannot be written, then the create still succeeds and the repair recounts', async () => {
    const word = `zq${uid().replace(/[^a-z]/g, 'x')}`;
    const lifts = [];
    for (const operation of ['INSERT', 'UPDATE'] as const) {
      lifts.push(
        await refuseWrites({ postgresUrl, collection: SEARCH_TERMS_COLLECTION, operation }),
      );
    }
    let created;
    try {
      created = await createSubject({ actor: actors.admin, input: { name: `Subject ${word}` } });
    } finally {
      for (const lift of lifts) await lift();
    }
    expect(created.name).toBe(`Subject ${word}`);
    expect(await staleMarker()).not.toBeNull();
    expect((await readTermCounts([stemKey(stemOf(word))])).get(stemKey(stemOf(word)))).toBe(0);
    expect((await repairHalfWrites()).termCounts).toBe(true);
    expect((await readTermCounts([stemKey(stemOf(word))])).get(stemKey(stemOf(word)))).toBe(1);
    expect(await staleMarker()).toBeNull();
  });
});

describe.skipIf(!postgresUrl)('a child whose parent changes while it is inserted', () => {
  it('when the copy cannot be rewritten after the insert, then the create rejects and the child is taken back out', async () => {
    const { offering } = await makeOffering(actors.admin);
    const paper = await makePaper(actors.admin, offering.id, { examYear: 2021 });
    const papers = await tableOf(postgresUrl, PaperModel.collection.collectionName);
    // The paper's year changes inside the question's insert: the re-read finds the copy stale.
    const liftChange = await beforeEachWrite({
      postgresUrl,
      collection: QuestionModel.collection.collectionName,
      operation: 'INSERT',
      sql: `UPDATE ${papers} SET _jsonb = jsonb_set(_jsonb, '{examYear}', '1999') WHERE _jsonb->>'_id' = NEW._jsonb->>'paperId'`,
    });
    const liftRefusal = await refuseWrites({
      postgresUrl,
      collection: QuestionModel.collection.collectionName,
      operation: 'UPDATE',
    });
    const text = `Inserted while its paper changed ${uid()}`;
    try {
      await expect(makeQuestion(actors.admin, paper.id, { text })).rejects.toThrow(
        /refused by a test fault/,
      );
    } finally {
      await liftRefusal();
      await liftChange();
    }
    expect((await PaperModel.findById(paper.id).lean())?.examYear).toBe(1999);
    expect(await QuestionModel.exists({ text })).toBeNull();
  });
});

describe.skipIf(!postgresUrl)('a delete that a new dependent races', () => {
  it('when a solution appears during the delete of its question, then 409 and the question is put back whole, keys and bands included', async () => {
    const { offering } = await makeOffering(actors.admin);
    const paper = await makePaper(actors.admin, offering.id);
    const question = await makeQuestion(actors.admin, paper.id, {
      text: `Explain the put back of a searched question ${uid()}`,
    });
    const other = await makeQuestion(actors.admin, paper.id);
    const solution = await makeSolution(actors.admin, other.id);
    const before = await QuestionModel.collection.findOne({ _id: new Types.ObjectId(question.id) });
    const solutions = await tableOf(postgresUrl, SolutionModel.collection.collectionName);
    // Inside the question's delete, a solution comes to reference it.
    const lift = await beforeEachWrite({
      postgresUrl,
      collection: QuestionModel.collection.collectionName,
      operation: 'DELETE',
      sql: `UPDATE ${solutions} SET _jsonb = jsonb_set(_jsonb, '{questionId}', OLD._jsonb->'_id') WHERE _jsonb->>'_id' = '${solution.id}'`,
    });
    try {
      await expect(deleteQuestion({ actor: actors.admin, id: question.id })).rejects.toThrow(
        /still references it/,
      );
    } finally {
      await lift();
    }
    const after = await QuestionModel.collection.findOne({ _id: new Types.ObjectId(question.id) });
    expect(after).toEqual(before);
    expect(before?.searchKeys0).toBeDefined();
    expect(before?.similarBand0).toBeDefined();
    // The delete's count change is undone by a recount.
    expect(await staleMarker()).not.toBeNull();
    expect((await repairHalfWrites()).termCounts).toBe(true);
  });
});
