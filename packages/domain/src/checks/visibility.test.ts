import { describe, expect, it } from 'vitest';
import type { Actor, MaybeActor } from '../access.js';
import { listBranches, getBranchById } from '../branch/service.js';
import { listPapers, getPaperById, getPaperBySlug, setPaperStatus } from '../paper/service.js';
import { PaperModel } from '../paper/model.js';
import { QuestionModel } from '../question/model.js';
import { getQuestionById, listModuleQuestions, listQuestions } from '../question/service.js';
import { listSemesters } from '../semester/service.js';
import { SolutionModel } from '../solution/model.js';
import {
  createSolution,
  getSolutionById,
  listSolutions,
  voteSolution,
} from '../solution/service.js';
import { getSubjectOfferingById, listSubjectOfferings } from '../subject-offering/service.js';
import { getModuleById, getSyllabus } from '../syllabus/service.js';
import { makeActor } from '../test-support/callers.js';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSolution,
} from '../test-support/content-fixtures.js';
import type { OfferingFixture } from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';
import { updateUniversity } from '../university/service.js';
import {
  asCaller,
  callerFor,
  isUniversityVisible,
  paperFieldsHiddenFrom,
  callerViewFor,
  isPublic,
  publicWhere,
  staleVisibleWhere,
  visibleFilter,
  visibleWhere,
} from '../visibility.js';
import type { CallerView } from '../visibility.js';

const { actors } = useTestActors();

/** An offering with an approved paper, a question in its first module and a solution. */
async function catalog(): Promise<{
  offering: OfferingFixture;
  paper: { id: string; slug: string };
  question: string;
  solution: string;
  author: Actor;
}> {
  const offering = await makeOffering();
  const paper = await makePaper(offering.offeringId, { status: 'approved' });
  const question = (await makeQuestion(paper.id, { moduleId: offering.modules[0]!.id })).id;
  const author = await makeActor('normal');
  const solution = await makeSolution(question, author.id);
  return { offering, paper, question, solution, author };
}

/** Soft-deletes (false) or restores (true) a university, as an admin. */
const setUniversityActive = (id: string, isActive: boolean) =>
  updateUniversity({ actor: actors.admin, id, input: { isActive } });

const status = (work: Promise<unknown>) =>
  work.then(
    () => 200,
    (error: { status?: number }) => error.status ?? 500,
  );

describe('visibility filters', () => {
  it('when the caller sees approved content only, then content filters are one equality on the copied flag', async () => {
    const anonymous = await callerViewFor(null);
    expect(visibleFilter(anonymous, 'paper')).toEqual({ visible: true });
    expect(visibleFilter(anonymous, 'question')).toEqual({ visible: true });
    expect(visibleFilter(anonymous, 'solution')).toEqual({ visible: true });
    expect(visibleFilter(await callerViewFor(actors.editor), 'question')).toEqual({});
  });

  it('when a read or an aggregation asks under a parent, then the conditions come from here, and nothing under a hidden university', async () => {
    const hidden = '507f1f77bcf86cd799439011';
    const viewer: CallerView = {
      actor: null,
      seesAll: false,
      inactiveUniversityIds: [hidden],
      deactivatingUniversityIds: [],
      reactivatingUniversityIds: [],
    };
    const offering = '507f1f77bcf86cd799439012';
    expect(visibleWhere(viewer, 'paper', { subjectOfferingId: offering })).toEqual({
      visible: true,
      subjectOfferingId: offering,
    });
    expect(visibleWhere(viewer, 'question', { subjectOfferingId: offering })).toEqual({
      visible: true,
      subjectOfferingId: offering,
    });
    expect(visibleWhere(viewer, 'academic', { universityId: hidden })).toEqual({
      _id: { $in: [] },
    });
    expect(
      visibleWhere(await callerViewFor(actors.editor), 'academic', { universityId: hidden }),
    ).toEqual({ universityId: hidden });
  });

  it('when a backfill or a sweep sets the copies, then its filters say what isPublic says', () => {
    const university = '507f1f77bcf86cd799439013';
    expect(isPublic('approved', true)).toBe(true);
    expect(publicWhere('paper', [university])).toEqual({
      status: 'approved',
      universityId: { $nin: [university] },
    });
    expect(publicWhere('solution', [])).toEqual({ paperStatus: 'approved' });
    // Restored: the approved ones still hidden become visible (isPublic true).
    expect(staleVisibleWhere('question', university, true)).toEqual({
      universityId: university,
      paperStatus: 'approved',
      visible: false,
    });
    // Deactivated: all that show become hidden (isPublic false whatever the status).
    expect(isPublic('approved', false)).toBe(false);
    expect(staleVisibleWhere('paper', university, false)).toEqual({
      universityId: university,
      visible: true,
    });
  });

  it('when a paper or a soft-deleted university is read, then only callers who see all get the status history, the creator and the university', () => {
    expect([...paperFieldsHiddenFrom(null)]).toEqual(['statusHistory', 'createdBy']);
    expect([...paperFieldsHiddenFrom(actors.normal)]).toEqual(['statusHistory', 'createdBy']);
    expect([...paperFieldsHiddenFrom(actors.editor)]).toEqual([]);
    expect(isUniversityVisible(actors.normal, { isActive: false })).toBe(false);
    expect(isUniversityVisible(actors.admin, { isActive: false })).toBe(true);
    expect(isUniversityVisible(null, { isActive: true })).toBe(true);
  });
});

describe('the caller of one request', () => {
  it('when several services read for the same caller, then the inactive universities are read once', async () => {
    const { offering, paper } = await catalog();
    const caller = callerFor(actors.normal);
    const [first, second] = await Promise.all([caller.view(), caller.view()]);
    // One read: every ask gets the same object (a second read would build a new one).
    expect(first).toBe(second);
    expect(asCaller(caller)).toBe(caller);
    expect(await callerViewFor(actors.normal)).not.toBe(first);
    await expect(
      getSubjectOfferingById({ actor: caller, id: offering.offeringId }),
    ).resolves.toMatchObject({ id: offering.offeringId });
    await expect(getPaperById({ actor: caller, id: paper.id })).resolves.toMatchObject({
      id: paper.id,
    });
  });

  it("when a service is given a bare actor, then it reads that actor's view", async () => {
    const { paper } = await catalog();
    const caller = asCaller(actors.editor);
    expect(caller.actor).toBe(actors.editor);
    expect((await caller.view()).seesAll).toBe(true);
    expect((await asCaller(null).view()).seesAll).toBe(false);
    await expect(getPaperById({ actor: actors.editor, id: paper.id })).resolves.toMatchObject({
      id: paper.id,
    });
  });

  it("when a university is deactivated after a request read its viewer, then the next request's viewer hides it", async () => {
    const { offering } = await catalog();
    const before = await callerFor(null).view();
    expect(before.inactiveUniversityIds).not.toContain(offering.universityId);
    await setUniversityActive(offering.universityId, false);
    const after = await callerFor(null).view();
    expect(after.inactiveUniversityIds).toContain(offering.universityId);
    await setUniversityActive(offering.universityId, true);
  });
});

describe('an inactive university hides everything under it', () => {
  it('when a university is soft-deleted, then anonymous and normal callers get 404 or empty lists on every read, editors still see all, and reactivation shows it again', async () => {
    const { offering, paper, question, solution } = await catalog();
    const reads = (actor: MaybeActor) => ({
      branch: status(getBranchById({ actor, id: offering.branchId })),
      offering: status(getSubjectOfferingById({ actor, id: offering.offeringId })),
      syllabus: status(getSyllabus({ actor, subjectOfferingId: offering.offeringId })),
      module: status(getModuleById({ actor, id: offering.modules[0]!.id })),
      moduleQuestions: status(listModuleQuestions({ actor, moduleId: offering.modules[0]!.id })),
      paper: status(getPaperById({ actor, id: paper.id })),
      paperBySlug: status(getPaperBySlug({ actor, slug: paper.slug })),
      question: status(getQuestionById({ actor, id: question })),
      solution: status(getSolutionById({ actor, id: solution })),
    });
    const lists = async (actor: MaybeActor) => ({
      branches: (await listBranches({ actor, query: { universityId: offering.universityId } }))
        .items.length,
      semesters: (await listSemesters({ actor, query: { branchId: offering.branchId } })).items
        .length,
      offerings: (
        await listSubjectOfferings({ actor, query: { universityId: offering.universityId } })
      ).items.length,
      papers: (await listPapers({ actor, query: { subjectOfferingId: offering.offeringId } })).items
        .length,
      questions: (await listQuestions({ actor, query: { paperId: paper.id } })).items.length,
      solutions: (await listSolutions({ actor, query: { questionId: question } })).items.length,
    });
    const settle = async (r: ReturnType<typeof reads>) =>
      Object.fromEntries(
        await Promise.all(Object.entries(r).map(async ([k, v]) => [k, await v] as const)),
      );
    const visible = {
      branches: 1,
      semesters: 1,
      offerings: 1,
      papers: 1,
      questions: 1,
      solutions: 1,
    };
    const allOk = Object.fromEntries(Object.keys(reads(null)).map((k) => [k, 200]));
    const all404 = Object.fromEntries(Object.keys(reads(null)).map((k) => [k, 404]));
    const empty = Object.fromEntries(Object.keys(visible).map((k) => [k, 0]));

    expect(await settle(reads(null))).toEqual(allOk);
    expect(await lists(null)).toEqual(visible);

    await setUniversityActive(offering.universityId, false);
    for (const actor of [null, actors.normal]) {
      expect(await settle(reads(actor))).toEqual(all404);
      expect(await lists(actor)).toEqual(empty);
    }
    for (const actor of [actors.editor, actors.admin]) {
      expect(await settle(reads(actor))).toEqual(allOk);
      expect(await lists(actor)).toEqual(visible);
    }

    await setUniversityActive(offering.universityId, true);
    expect(await settle(reads(actors.normal))).toEqual(allOk);
    expect(await lists(actors.normal)).toEqual(visible);
  });

  it('when a university is soft-deleted, then a normal user can neither answer (400: question not found) nor vote (404) under it', async () => {
    const { offering, question, solution } = await catalog();
    await setUniversityActive(offering.universityId, false);
    const answer = await createSolution({
      actor: actors.normal,
      input: { questionId: question, content: 'x' },
    }).catch((e: { status: number; details?: { path: string }[] }) => e);
    expect(answer).toMatchObject({ status: 400, details: [{ path: 'questionId' }] });
    expect(
      await status(voteSolution({ actor: actors.normal, id: solution, input: { value: 1 } })),
    ).toBe(404);
  });
});

describe('the paper status copied onto questions and solutions', () => {
  it('when a paper is unapproved and approved again, then its questions and solutions follow it', async () => {
    const { paper, question, solution } = await catalog();
    const copies = async () => {
      const [q, s, p] = await Promise.all([
        QuestionModel.findById(question).lean(),
        SolutionModel.findById(solution).lean(),
        PaperModel.findById(paper.id).lean(),
      ]);
      return [p!.visible, q!.paperStatus, q!.visible, s!.paperStatus, s!.visible];
    };
    expect(await copies()).toEqual([true, 'approved', true, 'approved', true]);

    await setPaperStatus({ actor: actors.admin, id: paper.id, input: { status: 'rejected' } });
    expect(await copies()).toEqual([false, 'rejected', false, 'rejected', false]);
    expect(await status(getQuestionById({ actor: null, id: question }))).toBe(404);
    expect(await status(getSolutionById({ actor: actors.normal, id: solution }))).toBe(404);

    await setPaperStatus({ actor: actors.admin, id: paper.id, input: { status: 'approved' } });
    expect(await copies()).toEqual([true, 'approved', true, 'approved', true]);
    expect(await status(getQuestionById({ actor: null, id: question }))).toBe(200);
  });

  it('when a copy is stale (a change stopped half-way), then setting the same status repairs it and records nothing', async () => {
    const { paper, question } = await catalog();
    await QuestionModel.updateOne(
      { _id: question },
      { $set: { paperStatus: 'pending', visible: false } },
    );
    const before = await getPaperById({ actor: actors.admin, id: paper.id });
    const after = await setPaperStatus({
      actor: actors.admin,
      id: paper.id,
      input: { status: 'approved' },
    });
    expect(after.statusHistory).toEqual(before.statusHistory);
    expect(await QuestionModel.findById(question).lean()).toMatchObject({
      paperStatus: 'approved',
      visible: true,
    });
  });
});
