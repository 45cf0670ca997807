import { describe, expect, it } from 'vitest';
import { initSyllabus } from '../syllabus/service.js';
import { useTestActors } from '../test-support/database.js';
import { itRefusesDeletesByNonAdmins } from '../test-support/refusals.js';
import {
  makeBranch,
  makePaper,
  makeSemester,
  makeSubject,
  makeUniversity,
} from '../test-support/service-fixtures.js';
import { contentSweepsSettled } from '../university/content-sweep.js';
import { deleteUniversity } from '../university/service.js';
import { SubjectOfferingModel } from './model.js';
import {
  createSubjectOffering,
  deleteSubjectOffering,
  getSubjectOfferingById,
  listSubjectOfferings,
} from './service.js';

const { actors } = useTestActors();

/**
 * A consistent university > branch > semester chain and a subject, as id strings, made by the
 * services; an inactive university is soft-deleted by the service once its chain is made.
 */
async function chain(options: { isUniversityActive?: boolean } = {}) {
  const university = await makeUniversity(actors.admin);
  const branch = await makeBranch(actors.admin, university.id);
  const semester = await makeSemester(actors.admin, branch.id);
  const subject = await makeSubject(actors.admin);
  if (options.isUniversityActive === false) {
    await deleteUniversity({ actor: actors.admin, id: university.id });
    await contentSweepsSettled();
  }
  return {
    universityId: university.id,
    branchId: branch.id,
    semesterId: semester.id,
    subjectId: subject.id,
  };
}

async function offering(input?: Record<string, unknown>) {
  return createSubjectOffering({ actor: actors.admin, input: input ?? (await chain()) });
}

const refusals = [
  ['anonymous', 401, () => null],
  ['normal', 403, () => actors.normal],
  ['deactivated', 403, () => actors.deactivated],
] as const;

describe('createSubjectOffering', () => {
  it('when an editor offers a subject in a consistent chain, then it is created', async () => {
    const ids = await chain();
    const created = await createSubjectOffering({
      actor: actors.editor,
      input: { ...ids, regulation: 'R22' },
    });
    expect(created).toMatchObject({ ...ids, regulation: 'R22' });
    expect(Object.keys(created).sort()).toEqual(
      [
        'branchId',
        'createdAt',
        'id',
        'regulation',
        'semesterId',
        'subjectId',
        'universityId',
        'updatedAt',
      ].sort(),
    );
  });

  it.each(refusals)(
    'when the caller is %s, then it is refused with %i',
    async (_, status, actor) => {
      const ids = await chain();
      expect(
        (await createSubjectOffering({ actor: actor(), input: ids }).catch((e) => e)).status,
      ).toBe(status);
      expect(await SubjectOfferingModel.exists({ subjectId: ids.subjectId })).toBeNull();
    },
  );

  it.each(['universityId', 'branchId', 'semesterId', 'subjectId'])(
    'when %s does not exist, then it is refused with 400 naming it',
    async (field) => {
      const ids = await chain();
      const error = await offering({ ...ids, [field]: '5'.repeat(24) }).catch((e) => e);
      expect(error.status).toBe(400);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details.map((d: { path: string }) => d.path)).toEqual([field]);
    },
  );

  it.each(['universityId', 'branchId', 'semesterId', 'subjectId'])(
    'when %s is malformed, then it is refused with 400 naming it',
    async (field) => {
      const error = await offering({ ...(await chain()), [field]: 'nope' }).catch((e) => e);
      expect(error.status).toBe(400);
      expect(error.details[0].path).toBe(field);
    },
  );

  it('when the university is soft-deleted, then it is refused with 400 naming universityId', async () => {
    const error = await offering(await chain({ isUniversityActive: false })).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details[0].path).toBe('universityId');
  });

  it('when the branch belongs to another university, then it is refused with 400 naming branchId', async () => {
    const a = await chain();
    const b = await chain();
    const error = await offering({ ...a, universityId: b.universityId }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details).toEqual([
      { path: 'branchId', message: 'branch does not belong to the university' },
    ]);
  });

  it('when the semester belongs to another branch, then it is refused with 400 naming semesterId', async () => {
    const a = await chain();
    const b = await chain();
    const error = await offering({ ...a, semesterId: b.semesterId }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details).toEqual([
      { path: 'semesterId', message: 'semester does not belong to the branch' },
    ]);
  });

  it('when several references are missing, then every one is named', async () => {
    const ids = await chain();
    const error = await offering({
      ...ids,
      semesterId: '6'.repeat(24),
      subjectId: '7'.repeat(24),
    }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details.map((d: { path: string }) => d.path)).toEqual(['semesterId', 'subjectId']);
  });

  it('when an unknown field is sent, then it is refused with 400', async () => {
    const error = await offering({ ...(await chain()), year: 2024 }).catch((e) => e);
    expect(error.status).toBe(400);
  });

  it('when the same combination is offered twice, then the second is refused with 409', async () => {
    const ids = await chain();
    await offering(ids);
    const error = await offering({ ...ids, regulation: null }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.code).toBe('CONFLICT');
    expect(error.details.map((d: { path: string }) => d.path)).toEqual([
      'universityId',
      'branchId',
      'semesterId',
      'subjectId',
      'regulation',
    ]);
    await offering({ ...ids, regulation: 'R18' });
    expect((await offering({ ...ids, regulation: 'R18' }).catch((e) => e)).status).toBe(409);
    expect(await SubjectOfferingModel.countDocuments({ subjectId: ids.subjectId })).toBe(2);
  });
});

describe('getSubjectOfferingById', () => {
  it('when it exists, then anyone reads it; when unknown, then 404', async () => {
    const created = await offering();
    expect(await getSubjectOfferingById({ actor: null, id: created.id })).toEqual(created);
    const missing = await getSubjectOfferingById({ id: '8'.repeat(24) }).catch((e) => e);
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Subject offering not found');
    expect((await getSubjectOfferingById({ id: '8' }).catch((e) => e)).status).toBe(400);
  });
});

describe('listSubjectOfferings', () => {
  it('when filtered, then only matching offerings come back, oldest first, paginated', async () => {
    const ids = await chain();
    const other = await makeSubject(actors.admin);
    const first = await offering({ ...ids, regulation: 'R1' });
    const second = await offering({ ...ids, regulation: 'R2' });
    const third = await offering({ ...ids, subjectId: other.id });
    await offering();

    const byBranch = await listSubjectOfferings({
      actor: null,
      query: { branchId: ids.branchId, limit: 2 },
    });
    expect(byBranch.items.map((o) => o.id)).toEqual([first.id, second.id]);
    expect(byBranch.pagination).toEqual({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const page2 = await listSubjectOfferings({
      query: { branchId: ids.branchId, limit: 2, page: 2 },
    });
    expect(page2.items.map((o) => o.id)).toEqual([third.id]);

    const bySubject = await listSubjectOfferings({ query: { subjectId: ids.subjectId } });
    expect(bySubject.items.map((o) => o.id)).toEqual([first.id, second.id]);
    const combined = await listSubjectOfferings({
      query: {
        universityId: ids.universityId,
        semesterId: ids.semesterId,
        subjectId: other.id,
      },
    });
    expect(combined.items.map((o) => o.id)).toEqual([third.id]);
  });

  it('when a filter is malformed or unknown, then it is refused with 400', async () => {
    expect(
      (await listSubjectOfferings({ query: { semesterId: 'x' } }).catch((e) => e)).status,
    ).toBe(400);
    expect(
      (await listSubjectOfferings({ query: { paperId: '9'.repeat(24) } }).catch((e) => e)).status,
    ).toBe(400);
  });
});

describe('deleteSubjectOffering', () => {
  it('when an admin deletes an unreferenced one, then it is gone', async () => {
    const created = await offering();
    await deleteSubjectOffering({ actor: actors.admin, id: created.id });
    expect(await SubjectOfferingModel.exists({ _id: created.id })).toBeNull();
    expect(
      (await deleteSubjectOffering({ actor: actors.admin, id: created.id }).catch((e) => e)).status,
    ).toBe(404);
  });

  itRefusesDeletesByNonAdmins(
    actors,
    () => offering(),
    deleteSubjectOffering,
    SubjectOfferingModel,
  );

  it('when a syllabus and papers reference it, then it is refused with 409 naming both', async () => {
    const created = await offering();
    await initSyllabus({ actor: actors.admin, input: { subjectOfferingId: created.id } });
    for (const examYear of [2022, 2023]) {
      await makePaper(actors.admin, created.id, { status: 'pending', examYear });
    }
    const error = await deleteSubjectOffering({ actor: actors.admin, id: created.id }).catch(
      (e) => e,
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      'Subject offering cannot be deleted: 1 syllabus and 2 papers still reference it',
    );
    expect(error.details.map((d: { path: string }) => d.path)).toEqual(['syllabus', 'papers']);
    expect(await SubjectOfferingModel.exists({ _id: created.id })).not.toBeNull();
  });

  it('when only a syllabus references it, then it is refused with 409', async () => {
    const created = await offering();
    await initSyllabus({ actor: actors.admin, input: { subjectOfferingId: created.id } });
    const error = await deleteSubjectOffering({ actor: actors.admin, id: created.id }).catch(
      (e) => e,
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      'Subject offering cannot be deleted: 1 syllabus still references it',
    );
  });
});
