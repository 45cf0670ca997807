import { describe, expect, it } from 'vitest';
import { createSubjectOffering } from '../subject-offering/service.js';
import { useTestActors } from '../test-support/database.js';
import { itRefusesDeletesByNonAdmins } from '../test-support/refusals.js';
import { makeBranch, makeSubject, makeUniversity } from '../test-support/service-fixtures.js';
import { SemesterModel } from './model.js';
import type { Semester } from './schema.js';
import {
  createSemester,
  deleteSemester,
  getSemesterById,
  listSemesters,
  updateSemester,
} from './service.js';

const { actors } = useTestActors();

async function branchId(): Promise<string> {
  const university = await makeUniversity(actors.admin);
  return (await makeBranch(actors.admin, university.id)).id;
}

async function semester(number = 1, branch?: string) {
  return createSemester({
    actor: actors.admin,
    input: { branchId: branch ?? (await branchId()), number },
  });
}

/** An offering of a new subject in the semester, made through the service. */
async function reference(semester: Semester) {
  const subject = await makeSubject(actors.admin);
  await createSubjectOffering({
    actor: actors.admin,
    input: {
      universityId: semester.universityId,
      branchId: semester.branchId,
      semesterId: semester.id,
      subjectId: subject.id,
    },
  });
}

const refusals = [
  ['anonymous', 401, () => null],
  ['normal', 403, () => actors.normal],
  ['deactivated', 403, () => actors.deactivated],
] as const;

describe('createSemester', () => {
  it('when an editor creates one, then it is returned with a null name by default', async () => {
    const branch = await branchId();
    const created = await createSemester({
      actor: actors.editor,
      input: { branchId: branch, number: 3 },
    });
    expect(created).toMatchObject({ branchId: branch, number: 3, name: null });
    expect(created.id).toMatch(/^[a-f0-9]{24}$/);
  });

  it.each(refusals)(
    'when the caller is %s, then it is refused with %i',
    async (_, status, actor) => {
      const branch = await branchId();
      const error = await createSemester({
        actor: actor(),
        input: { branchId: branch, number: 1 },
      }).catch((e) => e);
      expect(error.status).toBe(status);
      expect(await SemesterModel.exists({ branchId: branch })).toBeNull();
    },
  );

  it.each([0, 13, 1.5, '2'])(
    'when the number is %j, then it is refused with 400 naming number',
    async (number) => {
      const error = await createSemester({
        actor: actors.admin,
        input: { branchId: await branchId(), number },
      }).catch((e) => e);
      expect(error.status).toBe(400);
      expect(error.details[0].path).toBe('number');
    },
  );

  it('when the bounds 1 and 12 are used, then both are accepted', async () => {
    const branch = await branchId();
    expect((await semester(1, branch)).number).toBe(1);
    expect((await semester(12, branch)).number).toBe(12);
  });

  it('when the branch does not exist, then it is refused with 400 naming branchId', async () => {
    const error = await createSemester({
      actor: actors.admin,
      input: { branchId: 'f'.repeat(24), number: 1 },
    }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details[0].path).toBe('branchId');
  });

  it('when a field is unknown or branchId malformed, then it is refused with 400', async () => {
    const unknown = await createSemester({
      actor: actors.admin,
      input: { branchId: await branchId(), number: 1, year: 2 },
    }).catch((e) => e);
    expect(unknown.status).toBe(400);
    const malformed = await createSemester({
      actor: actors.admin,
      input: { branchId: '1', number: 1 },
    }).catch((e) => e);
    expect(malformed.status).toBe(400);
    expect(malformed.details[0].path).toBe('branchId');
  });

  it('when the number repeats in the branch, then it is refused with 409 naming branchId and number', async () => {
    const branch = await branchId();
    await semester(4, branch);
    const error = await semester(4, branch).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.details.map((d: { path: string }) => d.path)).toEqual(['branchId', 'number']);
    expect(await semester(4)).toMatchObject({ number: 4 });
  });
});

describe('getSemesterById', () => {
  it('when it exists, then anyone reads it; when unknown, then 404', async () => {
    const created = await semester();
    expect(await getSemesterById({ actor: null, id: created.id })).toEqual(created);
    const missing = await getSemesterById({ id: '0'.repeat(24) }).catch((e) => e);
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Semester not found');
    expect((await getSemesterById({ id: 'bad' }).catch((e) => e)).status).toBe(400);
  });
});

describe('listSemesters', () => {
  it('when filtered by branch, then its semesters come back by number, paginated', async () => {
    const branch = await branchId();
    for (const n of [5, 2, 8, 1]) await semester(n, branch);
    await semester(3);
    const page = await listSemesters({ actor: null, query: { branchId: branch, limit: 3 } });
    expect(page.items.map((s) => s.number)).toEqual([1, 2, 5]);
    expect(page.pagination).toEqual({
      page: 1,
      limit: 3,
      total: 4,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const next = await listSemesters({ query: { branchId: branch, limit: 3, page: 2 } });
    expect(next.items.map((s) => s.number)).toEqual([8]);
    expect(next.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });
  });

  it('when the query is invalid, then it is refused with 400', async () => {
    expect((await listSemesters({ query: { branchId: 'x' } }).catch((e) => e)).status).toBe(400);
    expect((await listSemesters({ query: { search: 'x' } }).catch((e) => e)).status).toBe(400);
  });
});

describe('updateSemester', () => {
  it('when an editor changes the number and name, then both change', async () => {
    const created = await semester(1);
    const updated = await updateSemester({
      actor: actors.editor,
      id: created.id,
      input: { number: 2, name: 'Second' },
    });
    expect(updated).toMatchObject({
      id: created.id,
      number: 2,
      name: 'Second',
      branchId: created.branchId,
    });
  });

  it.each(refusals)(
    'when the caller is %s, then it is refused with %i',
    async (_, status, actor) => {
      const created = await semester(1);
      const error = await updateSemester({
        actor: actor(),
        id: created.id,
        input: { number: 2 },
      }).catch((e) => e);
      expect(error.status).toBe(status);
      expect((await getSemesterById({ id: created.id })).number).toBe(1);
    },
  );

  it('when the body is empty or the number out of range, then it is refused with 400', async () => {
    const created = await semester(1);
    expect(
      (await updateSemester({ actor: actors.admin, id: created.id, input: {} }).catch((e) => e))
        .status,
    ).toBe(400);
    expect(
      (
        await updateSemester({ actor: actors.admin, id: created.id, input: { number: 13 } }).catch(
          (e) => e,
        )
      ).status,
    ).toBe(400);
  });

  it('when the new number is taken in the branch, then it is refused with 409', async () => {
    const branch = await branchId();
    await semester(1, branch);
    const second = await semester(2, branch);
    const error = await updateSemester({
      actor: actors.admin,
      id: second.id,
      input: { number: 1 },
    }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.details.map((d: { path: string }) => d.path)).toEqual(['branchId', 'number']);
    expect((await getSemesterById({ id: second.id })).number).toBe(2);
  });

  it('when moved to a missing branch, then 400; to a branch where the number is taken, then 409', async () => {
    const created = await semester(6);
    const missing = await updateSemester({
      actor: actors.admin,
      id: created.id,
      input: { branchId: '1'.repeat(24) },
    }).catch((e) => e);
    expect(missing.status).toBe(400);
    expect(missing.details[0].path).toBe('branchId');
    const other = await branchId();
    await semester(6, other);
    const taken = await updateSemester({
      actor: actors.admin,
      id: created.id,
      input: { branchId: other },
    }).catch((e) => e);
    expect(taken.status).toBe(409);
  });

  it('when subject offerings reference it, then it may not move to another branch (409)', async () => {
    const created = await semester(1);
    await reference(created);
    const error = await updateSemester({
      actor: actors.admin,
      id: created.id,
      input: { branchId: await branchId() },
    }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.details[0].path).toBe('branchId');
  });

  it('when the id is unknown, then 404', async () => {
    const error = await updateSemester({
      actor: actors.admin,
      id: '2'.repeat(24),
      input: { number: 1 },
    }).catch((e) => e);
    expect(error.status).toBe(404);
  });
});

describe('deleteSemester', () => {
  it('when an admin deletes an unreferenced one, then it is gone and a second delete is 404', async () => {
    const created = await semester();
    await deleteSemester({ actor: actors.admin, id: created.id });
    expect(await SemesterModel.exists({ _id: created.id })).toBeNull();
    expect(
      (await deleteSemester({ actor: actors.admin, id: created.id }).catch((e) => e)).status,
    ).toBe(404);
  });

  itRefusesDeletesByNonAdmins(actors, () => semester(), deleteSemester, SemesterModel);

  it('when subject offerings reference it, then it is refused with 409 naming them', async () => {
    const created = await semester();
    await reference(created);
    const error = await deleteSemester({ actor: actors.admin, id: created.id }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      'Semester cannot be deleted: 1 subject offering still references it',
    );
    expect(error.details[0].path).toBe('subjectOfferings');
    expect(await SemesterModel.exists({ _id: created.id })).not.toBeNull();
  });
});
