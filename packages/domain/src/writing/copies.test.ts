import { describe, expect, it } from 'vitest';
import { BranchModel } from '../branch/model.js';
import { updateBranch } from '../branch/service.js';
import { PaperModel } from '../paper/model.js';
import { QuestionModel } from '../question/model.js';
import { SemesterModel } from '../semester/model.js';
import { SolutionModel } from '../solution/model.js';
import type { AnyModel } from '../storage/model-helpers.js';
import { makeActor } from '../test-support/callers.js';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSolution,
} from '../test-support/content-fixtures.js';
import { useTestDatabase } from '../test-support/database.js';
import { makeBranch, makeSemester, makeUniversity } from '../test-support/service-fixtures.js';
import { assertMovable, copyToChildren } from './copies.js';
import { REFERENCES, sourceOf } from './reference-table.js';

useTestDatabase();

const statusOf = async (model: AnyModel, id: string) =>
  model.findById(id, { _id: 0, paperStatus: 1, visible: 1 }).lean();

describe('the copies of the reference table', () => {
  it('when a reference copies fields, then each is a path of the child and reads a path of the parent', () => {
    const copies = REFERENCES.flatMap((r) =>
      Object.entries(r.copies).map(([to, copy]) => ({ r, to, from: sourceOf(copy) })),
    );
    expect(copies.length).toBeGreaterThan(10);
    for (const { r, to, from } of copies) {
      expect(r.child.schema.path(to), `${r.child.modelName}.${to}`).toBeDefined();
      expect(r.parent.schema.path(from), `${r.parent.modelName}.${from}`).toBeDefined();
    }
  });

  it("when references copy fields, then a parent's own copying row comes before its children's (the backfill order)", () => {
    const copying = REFERENCES.filter((r) => Object.keys(r.copies).length > 0);
    copying.forEach((r, i) => {
      const later = copying.slice(i + 1).filter((other) => other.child === r.parent);
      expect(
        later.map((other) => `${other.child.modelName}.${other.field}`),
        `${r.child.modelName}.${r.field}`,
      ).toEqual([]);
    });
  });

  it("when a paper's status and flag are copied down, then its questions and their solutions follow, and another paper's do not", async () => {
    const offering = await makeOffering();
    const paper = await makePaper(offering.offeringId, { status: 'approved' });
    const other = await makePaper(offering.offeringId, { status: 'approved' });
    const author = await makeActor('normal');
    const question = await makeQuestion(paper.id);
    const solution = await makeSolution(question.id, author.id);
    const untouched = await makeSolution((await makeQuestion(other.id)).id, author.id);

    await copyToChildren(PaperModel, paper.id, { status: 'pending', visible: false, title: 'T' });

    const hidden = { paperStatus: 'pending', visible: false };
    expect(await statusOf(QuestionModel, question.id)).toEqual(hidden);
    expect(await statusOf(SolutionModel, solution)).toEqual(hidden);
    expect(await statusOf(SolutionModel, untouched)).toEqual({
      paperStatus: 'approved',
      visible: true,
    });
  });

  it('when a branch without offerings moves to another university, then its semesters follow', async () => {
    const admin = await makeActor('admin');
    const offering = await makeOffering();
    const target = await makeUniversity(admin);
    const branch = await makeBranch(admin, offering.universityId);
    const semester = await makeSemester(admin, branch.id);

    await updateBranch({
      actor: admin,
      id: branch.id,
      input: { universityId: target.id },
    });

    const moved = await SemesterModel.findById(semester.id).lean();
    expect(String(moved!.universityId)).toBe(target.id);
  });

  it('when a subject offering names the branch, then its move is refused with 409 naming universityId', async () => {
    const offering = await makeOffering();
    const refusal = await assertMovable({
      model: BranchModel,
      id: offering.branchId,
      field: 'universityId',
      label: 'Branch',
    }).then(
      () => null,
      (error: { status: number; message: string; details: unknown }) => error,
    );
    expect(refusal?.status).toBe(409);
    expect(refusal?.message).toBe(
      'Branch cannot move to another university: 1 subject offering still references it',
    );
    expect(refusal?.details).toEqual([
      { path: 'universityId', message: 'subject offerings reference this branch' },
    ]);
    // Semesters copy the university instead: they never pin the branch.
    const admin = await makeActor('admin');
    const lone = await makeBranch(admin, offering.universityId);
    await makeSemester(admin, lone.id);
    await expect(
      assertMovable({
        model: BranchModel,
        id: lone.id,
        field: 'universityId',
        label: 'Branch',
      }),
    ).resolves.toBeUndefined();
  });
});
