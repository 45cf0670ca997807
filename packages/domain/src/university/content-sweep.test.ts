import { Types } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import type { MaybeActor } from '../access.js';
import { mongoose } from '../db.js';
import { listPapers, setPaperStatus } from '../paper/service.js';
import { PaperModel } from '../paper/model.js';
import { QuestionModel } from '../question/model.js';
import { getQuestionById, listQuestions } from '../question/service.js';
import { SolutionModel } from '../solution/model.js';
import { getSolutionById, listSolutions } from '../solution/service.js';
import { listSimilarQuestions } from '../similar/service.js';
import { makeActor } from '../test-support/callers.js';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSolution,
} from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';
import { contentSweepsSettled, pendingSweep, resumeContentSweeps } from './content-sweep.js';
import { UniversityModel } from './model.js';
import { deleteUniversity, updateUniversity } from './service.js';

const { actors } = useTestActors();

/** A university with an approved paper, a question and a solution; returns their ids. */
async function university() {
  const offering = await makeOffering();
  const paper = await makePaper(offering.offeringId, { status: 'approved' });
  const question = (await makeQuestion(paper.id)).id;
  const solution = await makeSolution(question, (await makeActor('normal')).id);
  return { universityId: offering.universityId, paper: paper.id, question, solution };
}

/** What a caller sees of one university's content, through lists (with totals) and a read. */
async function seen(actor: MaybeActor, u: Awaited<ReturnType<typeof university>>) {
  const [papers, questions, solutions, question] = await Promise.all([
    listPapers({ actor, query: { universityId: u.universityId } }),
    listQuestions({ actor, query: { paperId: u.paper } }),
    listSolutions({ actor, query: { questionId: u.question } }),
    getQuestionById({ actor, id: u.question }).then(
      () => 200,
      (e: { status: number }) => e.status,
    ),
  ]);
  return {
    papers: papers.pagination.total,
    questions: questions.pagination.total,
    solutions: solutions.pagination.total,
    question,
  };
}

const copies = async (u: Awaited<ReturnType<typeof university>>) => [
  (await PaperModel.findById(u.paper).lean())!.visible,
  (await QuestionModel.findById(u.question).lean())!.visible,
  (await SolutionModel.findById(u.solution).lean())!.visible,
];

const shown = { papers: 1, questions: 1, solutions: 1, question: 200 };
const hidden = { papers: 0, questions: 0, solutions: 0, question: 404 };

describe("a university's content follows its soft delete and restore", () => {
  it('when a university is deactivated and its rewrite is held half-way, then no list, total or read shows its content, and resuming the rewrite settles the copies', async () => {
    const u = await university();
    const other = await university();
    // The state a DELETE leaves while its rewrite has reached the papers only (or a crash left).
    await UniversityModel.updateOne(
      { _id: u.universityId },
      { $set: { isActive: false, deletedAt: new Date(), ...pendingSweep() } },
    );
    await PaperModel.updateOne({ _id: u.paper }, { $set: { visible: false } });
    expect(await copies(u)).toEqual([false, true, true]);

    for (const actor of [null, actors.normal]) {
      expect(await seen(actor, u)).toEqual(hidden);
      expect(await seen(actor, other)).toEqual(shown);
    }
    expect(await seen(actors.editor, u)).toEqual(shown);

    expect(await resumeContentSweeps()).toBeGreaterThanOrEqual(1);
    expect(await copies(u)).toEqual([false, false, false]);
    expect(await UniversityModel.findById(u.universityId).lean()).toMatchObject({
      contentSweep: null,
      inViewer: true,
    });
    expect(await seen(null, u)).toEqual(hidden);
    expect(await copies(other)).toEqual([true, true, true]);
  });

  it('when the rewrite finishes between reading a document and reading the viewer, then the read is still a 404', async () => {
    const status = (read: Promise<unknown>) =>
      read.then(
        () => 200,
        (e: { status: number }) => e.status,
      );
    const reads = {
      question: (u: Awaited<ReturnType<typeof university>>) =>
        getQuestionById({ actor: null, id: u.question }),
      solution: (u: Awaited<ReturnType<typeof university>>) =>
        getSolutionById({ actor: null, id: u.solution }),
      similar: (u: Awaited<ReturnType<typeof university>>) =>
        listSimilarQuestions({ actor: null, id: u.question }),
    };
    for (const [name, read] of Object.entries(reads)) {
      const u = await university();
      // The state a DELETE answers with: the marker set, every copy still shown.
      await UniversityModel.updateOne(
        { _id: u.universityId },
        { $set: { isActive: false, deletedAt: new Date(), ...pendingSweep() } },
      );
      // The viewer's read of the universities (one `find` command) waits for the whole
      // rewrite: a document read before the viewer is then stale, and one read after it is not.
      const db = mongoose.connection.db!;
      const command = db.command.bind(db);
      let held: unknown;
      const spy = vi.spyOn(db, 'command').mockImplementation(((
        ...args: Parameters<typeof command>
      ) => {
        const [sent] = args;
        if (held !== undefined || sent.find !== UniversityModel.collection.collectionName) {
          return command(...args);
        }
        held = sent.filter;
        return resumeContentSweeps().then(() => command(...args));
      }) as never);
      try {
        expect({ name, status: await status(read(u)) }).toEqual({ name, status: 404 });
        // The held read was the viewer's.
        expect(held).toEqual({ inViewer: true });
      } finally {
        spy.mockRestore();
      }
      expect(await copies(u)).toEqual([false, false, false]);
    }
  });

  it('when a university is deleted, then its content is hidden from the answer on, and a restore shows it again before and after its rewrite', async () => {
    const u = await university();
    const editedAt = async () => (await QuestionModel.findById(u.question).lean())!.updatedAt;
    const before = await editedAt();
    await deleteUniversity({ actor: actors.admin, id: u.universityId });
    // Whatever the background rewrite has reached by now, nothing shows.
    expect(await seen(null, u)).toEqual(hidden);
    await contentSweepsSettled();
    expect(await copies(u)).toEqual([false, false, false]);
    // The copies are internal: rewriting them is no edit of the question.
    expect(await editedAt()).toEqual(before);

    await updateUniversity({ actor: actors.admin, id: u.universityId, input: { isActive: true } });
    expect(await seen(null, u)).toEqual(shown);
    await contentSweepsSettled();
    expect(await copies(u)).toEqual([true, true, true]);
    expect(await seen(actors.normal, u)).toEqual(shown);
    // Active and settled: the viewer no longer reads it.
    expect((await UniversityModel.findById(u.universityId).lean())!.inViewer).toBe(false);
  });

  it('when a university was deactivated by a build before `inViewer` existed, then the start flags it, settles the copies and clears the marker', async () => {
    const u = await university();
    await UniversityModel.collection.updateOne(
      { _id: new Types.ObjectId(u.universityId) },
      { $set: { isActive: false, contentSweep: new Types.ObjectId() }, $unset: { inViewer: '' } },
    );
    expect(await resumeContentSweeps()).toBeGreaterThanOrEqual(1);
    expect(await UniversityModel.findById(u.universityId).lean()).toMatchObject({
      contentSweep: null,
      inViewer: true,
    });
    expect(await copies(u)).toEqual([false, false, false]);
    expect(await seen(null, u)).toEqual(hidden);
  });

  it('when a restore follows a delete at once, while the rewrite runs, then the restore is never undone by the rewrite', async () => {
    const u = await university();
    for (let round = 0; round < 8; round += 1) {
      await deleteUniversity({ actor: actors.admin, id: u.universityId });
      // Let the rewrite reach a different point each round before the restore.
      await new Promise((resolve) => setTimeout(resolve, round * 3));
      await updateUniversity({
        actor: actors.admin,
        id: u.universityId,
        input: { isActive: true },
      });
      await contentSweepsSettled();
      expect(await UniversityModel.findById(u.universityId).lean()).toMatchObject({
        isActive: true,
        contentSweep: null,
        inViewer: false,
      });
      expect(await copies(u)).toEqual([true, true, true]);
    }
    expect(await seen(null, u)).toEqual(shown);
  });

  it('when a paper is approved under an inactive university, then it and its content stay hidden', async () => {
    const offering = await makeOffering();
    const paper = await makePaper(offering.offeringId, { status: 'pending' });
    const question = (await makeQuestion(paper.id)).id;
    await deleteUniversity({ actor: actors.admin, id: offering.universityId });
    await contentSweepsSettled();
    await setPaperStatus({ actor: actors.admin, id: paper.id, input: { status: 'approved' } });
    expect((await PaperModel.findById(paper.id).lean())!.visible).toBe(false);
    expect((await QuestionModel.findById(question).lean())!.visible).toBe(false);

    await updateUniversity({
      actor: actors.admin,
      id: offering.universityId,
      input: { isActive: true },
    });
    await contentSweepsSettled();
    expect((await PaperModel.findById(paper.id).lean())!.visible).toBe(true);
    expect((await QuestionModel.findById(question).lean())!.visible).toBe(true);
  });

  it('when a pending paper is under a university being restored, then it stays hidden', async () => {
    const u = await university();
    const pending = await makePaper(
      (await PaperModel.findById(u.paper).lean())!.subjectOfferingId.toString(),
      {
        status: 'pending',
      },
    );
    await deleteUniversity({ actor: actors.admin, id: u.universityId });
    await contentSweepsSettled();
    await updateUniversity({ actor: actors.admin, id: u.universityId, input: { isActive: true } });
    const listed = await listPapers({ actor: null, query: { universityId: u.universityId } });
    expect(listed.items.map((p) => p.id)).toEqual([u.paper]);
    await contentSweepsSettled();
    expect((await PaperModel.findById(pending.id).lean())!.visible).toBe(false);
  });
});
