import { createSubjectOffering, deleteUniversity } from '@qpc/domain';
import { branchSchema } from '@qpc/domain/schemas';
import {
  BranchModel,
  makeBranch,
  makeSemester,
  makeSubject,
  makeUniversity,
  uid,
} from '@qpc/domain/testing';
import type { TestUser } from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

const MISSING_ID = '0123456789abcdef01234567';

describe('branches', () => {
  const { call, admin, editor } = useApp();

  it('when an editor creates a branch, then 201 with Location and the contract shape', async () => {
    const university = await makeUniversity(admin.actor);
    const res = await call('POST', '/branches', {
      token: editor.token,
      body: { universityId: university.id, name: 'Computer Science', code: 'CSE' },
    });
    expect(res.status).toBe(201);
    expect(branchSchema.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data).toMatchObject({
      universityId: university.id,
      name: 'Computer Science',
      code: 'CSE',
    });
    expect(res.headers.get('location')).toBe(`/api/v1/branches/${res.body.data.id}`);
  });

  it.each([
    ['the university does not exist', () => Promise.resolve(MISSING_ID)],
    [
      'the university is soft-deleted',
      async (actor: TestUser['actor']) => {
        const university = await makeUniversity(actor);
        await deleteUniversity({ actor, id: university.id });
        return university.id;
      },
    ],
  ])('when %s, then 400 naming universityId and nothing is stored', async (_case, universityId) => {
    const before = await BranchModel.countDocuments();
    const res = await call('POST', '/branches', {
      token: editor.token,
      body: { universityId: await universityId(admin.actor), name: 'Orphan' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'universityId' })]);
    expect(await BranchModel.countDocuments()).toBe(before);
  });

  it.each([
    ['a malformed universityId', { universityId: 'abc', name: 'X' }],
    ['no name', { universityId: MISSING_ID }],
    ['an unknown field', { universityId: MISSING_ID, name: 'X', head: 'Dr X' }],
  ])('when the body has %s, then 400', async (_case, body) => {
    const res = await call('POST', '/branches', { token: editor.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('when listing by university and name, then only matching branches come back by name, paginated', async () => {
    const university = await makeUniversity(admin.actor);
    const other = await makeUniversity(admin.actor);
    const tag = uid();
    await makeBranch(admin.actor, university.id, { name: `Mechanical ${tag}` });
    await makeBranch(admin.actor, university.id, { name: `Civil ${tag}` });
    await makeBranch(admin.actor, university.id, { name: 'Electrical' });
    await makeBranch(admin.actor, other.id, { name: `Aero ${tag}` });
    const byUniversity = await call('GET', `/branches?universityId=${university.id}`);
    expect(byUniversity.body.data.map((b: { name: string }) => b.name)).toEqual([
      `Civil ${tag}`,
      'Electrical',
      `Mechanical ${tag}`,
    ]);
    expect(byUniversity.body.pagination).toMatchObject({ total: 3, page: 1, limit: 20 });
    const searched = await call(
      'GET',
      `/branches?universityId=${university.id}&search=${tag}&limit=1&page=2`,
    );
    expect(searched.body.data.map((b: { name: string }) => b.name)).toEqual([`Mechanical ${tag}`]);
    expect(searched.body.pagination).toEqual({
      page: 2,
      limit: 1,
      total: 2,
      totalPages: 2,
      hasNextPage: false,
      hasPrevPage: true,
    });
  });

  it.each([['universityId=nope'], ['page=0'], ['limit=101'], ['universityId=a&universityId=b']])(
    'when the list query is %s, then 400',
    async (query) => {
      expect((await call('GET', `/branches?${query}`)).status).toBe(400);
    },
  );

  it('when an editor renames a branch, then 200 with the new name', async () => {
    const branch = await makeBranch(admin.actor, (await makeUniversity(admin.actor)).id);
    const res = await call('PATCH', `/branches/${branch.id}`, {
      token: editor.token,
      body: { name: 'Renamed', code: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: branch.id, name: 'Renamed', code: null });
  });

  it('when a branch with offerings would move to another university, then 409', async () => {
    const university = await makeUniversity(admin.actor);
    const branch = await makeBranch(admin.actor, university.id);
    const semester = await makeSemester(admin.actor, branch.id);
    await createSubjectOffering({
      actor: admin.actor,
      input: {
        universityId: university.id,
        branchId: branch.id,
        semesterId: semester.id,
        subjectId: (await makeSubject(admin.actor)).id,
      },
    });
    const other = await makeUniversity(admin.actor);
    const res = await call('PATCH', `/branches/${branch.id}`, {
      token: editor.token,
      body: { universityId: other.id },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
  });

  it('when an admin deletes a branch without dependents, then 204 and it is gone', async () => {
    const branch = await makeBranch(admin.actor, (await makeUniversity(admin.actor)).id);
    const res = await call('DELETE', `/branches/${branch.id}`, { token: admin.token });
    expect(res.status).toBe(204);
    expect(await BranchModel.exists({ _id: branch.id })).toBeNull();
  });

  it('when the branch still has semesters, then 409 saying so and nothing is deleted', async () => {
    const branch = await makeBranch(admin.actor, (await makeUniversity(admin.actor)).id);
    await makeSemester(admin.actor, branch.id);
    const res = await call('DELETE', `/branches/${branch.id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/semester/);
    expect(await BranchModel.exists({ _id: branch.id })).not.toBeNull();
  });

  it('when the id is malformed, then 400; when it does not exist, then 404', async () => {
    expect((await call('DELETE', '/branches/xyz', { token: admin.token })).status).toBe(400);
    expect((await call('DELETE', `/branches/${MISSING_ID}`, { token: admin.token })).status).toBe(
      404,
    );
    expect(
      (await call('PATCH', `/branches/${MISSING_ID}`, { token: editor.token, body: { name: 'x' } }))
        .status,
    ).toBe(404);
  });
});
