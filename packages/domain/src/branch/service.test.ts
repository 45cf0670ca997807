import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSubjectOffering } from '../subject-offering/service.js';
import { useTestActors } from '../test-support/database.js';
import { itRefusesDeletesByNonAdmins } from '../test-support/refusals.js';
import { makeSemester, makeSubject, makeUniversity } from '../test-support/service-fixtures.js';
import { contentSweepsSettled } from '../university/content-sweep.js';
import { deleteUniversity } from '../university/service.js';
import { BranchModel } from './model.js';
import type { Branch } from './schema.js';
import {
  createBranch,
  deleteBranch,
  getBranchById,
  listBranches,
  updateBranch,
} from './service.js';

const { actors } = useTestActors();

const tag = () => randomUUID().slice(0, 8);

/** A university made by the service; an inactive one is soft-deleted by the service too. */
async function universityId(isActive = true): Promise<string> {
  const university = await makeUniversity(actors.admin);
  if (!isActive) {
    await deleteUniversity({ actor: actors.admin, id: university.id });
    await contentSweepsSettled();
  }
  return university.id;
}

/** An offering in the branch (a new semester numbered `number` and a new subject), by the services. */
async function offeringIn(branch: Branch, number = 1) {
  const semester = await makeSemester(actors.admin, branch.id, number);
  const subject = await makeSubject(actors.admin);
  return createSubjectOffering({
    actor: actors.admin,
    input: {
      universityId: branch.universityId,
      branchId: branch.id,
      semesterId: semester.id,
      subjectId: subject.id,
    },
  });
}

async function branch(name = `Branch ${tag()}`, university?: string) {
  return createBranch({
    actor: actors.admin,
    input: { universityId: university ?? (await universityId()), name },
  });
}

const refusals = [
  ['anonymous', 401, () => null],
  ['normal', 403, () => actors.normal],
  ['deactivated', 403, () => actors.deactivated],
] as const;

describe('createBranch', () => {
  it('when an editor creates one in an active university, then it is returned as a plain object', async () => {
    const uni = await universityId();
    const created = await createBranch({
      actor: actors.editor,
      input: { universityId: uni, name: ' Computer Science ', code: 'CSE' },
    });
    expect(created).toMatchObject({ universityId: uni, name: 'Computer Science', code: 'CSE' });
    expect(Object.keys(created).sort()).toEqual([
      'code',
      'createdAt',
      'id',
      'name',
      'universityId',
      'updatedAt',
    ]);
  });

  it('when no code is given, then code is null', async () => {
    expect((await branch()).code).toBeNull();
  });

  it.each(refusals)(
    'when the caller is %s, then it is refused with %i',
    async (_, status, actor) => {
      const name = `Refused ${tag()}`;
      const error = await createBranch({
        actor: actor(),
        input: { universityId: await universityId(), name },
      }).catch((e) => e);
      expect(error.status).toBe(status);
      expect(await BranchModel.exists({ name })).toBeNull();
    },
  );

  it('when the university is soft-deleted, then it is refused with 400 naming universityId', async () => {
    const error = await createBranch({
      actor: actors.admin,
      input: { universityId: await universityId(false), name: 'X' },
    }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details[0].path).toBe('universityId');
  });

  it('when the university does not exist, then it is refused with 400 naming universityId', async () => {
    const error = await createBranch({
      actor: actors.admin,
      input: { universityId: 'a'.repeat(24), name: 'X' },
    }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details[0].path).toBe('universityId');
  });

  it('when universityId is malformed or a field is unknown, then it is refused with 400', async () => {
    const malformed = await createBranch({
      actor: actors.admin,
      input: { universityId: 'x', name: 'X' },
    }).catch((e) => e);
    expect(malformed.status).toBe(400);
    expect(malformed.details[0].path).toBe('universityId');
    const unknown = await createBranch({
      actor: actors.admin,
      input: { universityId: await universityId(), name: 'X', extra: true },
    }).catch((e) => e);
    expect(unknown.status).toBe(400);
  });
});

describe('getBranchById', () => {
  it('when the branch exists, then anyone reads it', async () => {
    const created = await branch();
    expect(await getBranchById({ actor: null, id: created.id })).toEqual(created);
  });

  it('when the id is unknown, then 404; when malformed, then 400', async () => {
    const missing = await getBranchById({ id: 'd'.repeat(24) }).catch((e) => e);
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Branch not found');
    expect((await getBranchById({ id: 'nope' }).catch((e) => e)).status).toBe(400);
  });
});

describe('listBranches', () => {
  it('when filtered by university, then only its branches come back, ordered by name and paginated', async () => {
    const uni = await universityId();
    for (const name of ['Mechanical', 'Civil', 'Electrical']) await branch(name, uni);
    await branch('Aeronautics');
    const first = await listBranches({ actor: null, query: { universityId: uni, limit: 2 } });
    expect(first.items.map((b) => b.name)).toEqual(['Civil', 'Electrical']);
    expect(first.pagination).toEqual({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const second = await listBranches({ query: { universityId: uni, limit: 2, page: 2 } });
    expect(second.items.map((b) => b.name)).toEqual(['Mechanical']);
    expect(second.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });
  });

  it('when searching, then the name matches literally and case-insensitively', async () => {
    const uni = await universityId();
    await branch('abc', uni);
    await branch('a.c', uni);
    await branch('ABC Lab', uni);
    const dotted = await listBranches({ query: { universityId: uni, search: 'a.c' } });
    expect(dotted.items.map((b) => b.name)).toEqual(['a.c']);
    const insensitive = await listBranches({ query: { universityId: uni, search: 'abc' } });
    expect(insensitive.items.map((b) => b.name)).toEqual(['abc', 'ABC Lab'].sort());
    const paren = await listBranches({ query: { universityId: uni, search: '(' } });
    expect(paren.items).toEqual([]);
  });

  it.each([
    [{ universityId: 'zzz' }, 'universityId'],
    [{ limit: 0 }, 'limit'],
    [{ other: 'x' }, 'other'],
  ])('when the query is %j, then it is refused with 400', async (query, path) => {
    const error = await listBranches({ query }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details[0].path).toBe(path);
  });
});

describe('updateBranch', () => {
  it('when an editor changes the name and clears the code, then both change', async () => {
    const created = await createBranch({
      actor: actors.admin,
      input: { universityId: await universityId(), name: 'Old', code: 'OLD' },
    });
    const updated = await updateBranch({
      actor: actors.editor,
      id: created.id,
      input: { name: 'New', code: null },
    });
    expect(updated).toMatchObject({
      id: created.id,
      name: 'New',
      code: null,
      universityId: created.universityId,
    });
  });

  it.each(refusals)(
    'when the caller is %s, then it is refused with %i',
    async (_, status, actor) => {
      const created = await branch();
      const error = await updateBranch({
        actor: actor(),
        id: created.id,
        input: { name: 'Nope' },
      }).catch((e) => e);
      expect(error.status).toBe(status);
      expect((await getBranchById({ id: created.id })).name).toBe(created.name);
    },
  );

  it('when the body is empty, then it is refused with 400', async () => {
    const created = await branch();
    expect(
      (await updateBranch({ actor: actors.admin, id: created.id, input: {} }).catch((e) => e))
        .status,
    ).toBe(400);
  });

  it('when moved to an active university, then it moves; to an inactive one, then 400', async () => {
    const created = await branch();
    const target = await universityId();
    const moved = await updateBranch({
      actor: actors.admin,
      id: created.id,
      input: { universityId: target },
    });
    expect(moved.universityId).toBe(target);
    const error = await updateBranch({
      actor: actors.admin,
      id: created.id,
      input: { universityId: await universityId(false) },
    }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details[0].path).toBe('universityId');
  });

  it('when subject offerings reference it, then it may not move to another university (409)', async () => {
    const created = await branch();
    await offeringIn(created);
    const error = await updateBranch({
      actor: actors.admin,
      id: created.id,
      input: { universityId: await universityId() },
    }).catch((e) => e);
    expect(error.status).toBe(409);
    expect((await getBranchById({ id: created.id })).universityId).toBe(created.universityId);
  });

  it('when the id is unknown, then 404', async () => {
    const error = await updateBranch({
      actor: actors.admin,
      id: 'e'.repeat(24),
      input: { name: 'X' },
    }).catch((e) => e);
    expect(error.status).toBe(404);
  });
});

describe('deleteBranch', () => {
  it('when an admin deletes one with no dependents, then it is gone', async () => {
    const created = await branch();
    await deleteBranch({ actor: actors.admin, id: created.id });
    expect(await BranchModel.exists({ _id: created.id })).toBeNull();
    expect(
      (await deleteBranch({ actor: actors.admin, id: created.id }).catch((e) => e)).status,
    ).toBe(404);
  });

  itRefusesDeletesByNonAdmins(actors, () => branch(), deleteBranch, BranchModel);

  it('when semesters and offerings reference it, then it is refused with 409 naming them', async () => {
    const created = await branch();
    await offeringIn(created, 1);
    await makeSemester(actors.admin, created.id, 2);
    const error = await deleteBranch({ actor: actors.admin, id: created.id }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('2 semesters');
    expect(error.message).toContain('1 subject offering');
    expect(error.details.map((d: { path: string }) => d.path)).toEqual([
      'semesters',
      'subjectOfferings',
    ]);
    expect(await BranchModel.exists({ _id: created.id })).not.toBeNull();
  });

  it('when only semesters reference it, then the message names only semesters', async () => {
    const created = await branch();
    await makeSemester(actors.admin, created.id, 3);
    const error = await deleteBranch({ actor: actors.admin, id: created.id }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.message).toBe('Branch cannot be deleted: 1 semester still references it');
  });
});
