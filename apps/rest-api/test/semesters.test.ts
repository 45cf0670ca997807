import { createSubjectOffering } from '@qpc/domain';
import { semesterSchema } from '@qpc/domain/schemas';
import {
  makeBranch,
  makeSemester,
  makeSubject,
  makeUniversity,
  SemesterModel,
} from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

describe('semesters', () => {
  const { call, admin, editor } = useApp();
  const newBranch = async () => makeBranch(admin.actor, (await makeUniversity(admin.actor)).id);

  it('when an editor creates a semester, then 201 with Location and the contract shape', async () => {
    const branch = await newBranch();
    const res = await call('POST', '/semesters', {
      token: editor.token,
      body: { branchId: branch.id, number: 5, name: 'III-I' },
    });
    expect(res.status).toBe(201);
    expect(semesterSchema.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data).toMatchObject({ branchId: branch.id, number: 5, name: 'III-I' });
    expect(res.headers.get('location')).toBe(`/api/v1/semesters/${res.body.data.id}`);
  });

  it('when the branch already has that number, then 409 and only one is stored', async () => {
    const branch = await newBranch();
    await makeSemester(admin.actor, branch.id, 2);
    const res = await call('POST', '/semesters', {
      token: editor.token,
      body: { branchId: branch.id, number: 2 },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(await SemesterModel.countDocuments({ branchId: branch.id })).toBe(1);
  });

  it.each([
    ['number 0', { number: 0 }],
    ['number 13', { number: 13 }],
    ['a fractional number', { number: 1.5 }],
    ['a number as a string', { number: '3' }],
  ])('when the body has %s, then 400 naming number', async (_case, extra) => {
    const branch = await newBranch();
    const res = await call('POST', '/semesters', {
      token: editor.token,
      body: { branchId: branch.id, ...extra },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('number');
  });

  it('when the branch does not exist, then 400 naming branchId', async () => {
    const res = await call('POST', '/semesters', {
      token: editor.token,
      body: { branchId: '0123456789abcdef01234567', number: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'branchId' })]);
  });

  it('when listing by branch, then its semesters come back by number with pagination', async () => {
    const branch = await newBranch();
    for (const n of [3, 1, 2]) await makeSemester(admin.actor, branch.id, n);
    await makeSemester(admin.actor, (await newBranch()).id, 1);
    const res = await call('GET', `/semesters?branchId=${branch.id}&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { number: number }) => s.number)).toEqual([1, 2]);
    expect(res.body.pagination).toEqual({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
    });
  });

  it.each([['branchId=1'], ['page=abc'], ['limit=101'], ['number=1']])(
    'when the list query is %s, then 400',
    async (query) => {
      expect((await call('GET', `/semesters?${query}`)).status).toBe(400);
    },
  );

  it('when an editor updates a semester, then 200; to a taken number, then 409', async () => {
    const branch = await newBranch();
    await makeSemester(admin.actor, branch.id, 1);
    const second = await makeSemester(admin.actor, branch.id, 2);
    const renamed = await call('PATCH', `/semesters/${second.id}`, {
      token: editor.token,
      body: { name: 'Second' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Second', number: 2 });
    const clash = await call('PATCH', `/semesters/${second.id}`, {
      token: editor.token,
      body: { number: 1 },
    });
    expect(clash.status).toBe(409);
  });

  it('when an admin deletes a semester, then 204; with an offering, then 409', async () => {
    const university = await makeUniversity(admin.actor);
    const branch = await makeBranch(admin.actor, university.id);
    const free = await makeSemester(admin.actor, branch.id, 1);
    const used = await makeSemester(admin.actor, branch.id, 2);
    await createSubjectOffering({
      actor: admin.actor,
      input: {
        universityId: university.id,
        branchId: branch.id,
        semesterId: used.id,
        subjectId: (await makeSubject(admin.actor)).id,
      },
    });
    expect((await call('DELETE', `/semesters/${free.id}`, { token: admin.token })).status).toBe(
      204,
    );
    const refused = await call('DELETE', `/semesters/${used.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/subject offering/);
    expect(await SemesterModel.exists({ _id: used.id })).not.toBeNull();
  });
});
