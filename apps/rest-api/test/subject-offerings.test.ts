import { subjectOfferingSchema } from '@qpc/domain/schemas';
import {
  makeBranch,
  makeOffering,
  makePaper,
  makeSemester,
  makeSubject,
  makeUniversity,
  SubjectOfferingModel,
} from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

describe('subject offerings', () => {
  const { call, admin, editor } = useApp();
  const structure = async () => {
    const university = await makeUniversity(admin.actor);
    const branch = await makeBranch(admin.actor, university.id);
    const semester = await makeSemester(admin.actor, branch.id);
    const subject = await makeSubject(admin.actor);
    return {
      universityId: university.id,
      branchId: branch.id,
      semesterId: semester.id,
      subjectId: subject.id,
    };
  };

  it('when an editor creates an offering, then 201 with Location; the same combination again is 409', async () => {
    const ids = await structure();
    const res = await call('POST', '/subject-offerings', {
      token: editor.token,
      body: { ...ids, regulation: 'R22' },
    });
    expect(res.status).toBe(201);
    expect(subjectOfferingSchema.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data).toMatchObject({ ...ids, regulation: 'R22' });
    expect(res.headers.get('location')).toBe(`/api/v1/subject-offerings/${res.body.data.id}`);
    const again = await call('POST', '/subject-offerings', {
      token: editor.token,
      body: { ...ids, regulation: 'R22' },
    });
    expect(again.status).toBe(409);
    expect(await SubjectOfferingModel.countDocuments({ subjectId: ids.subjectId })).toBe(1);
  });

  it('when the branch belongs to another university, then 400 naming branchId', async () => {
    const ids = await structure();
    const foreign = await makeBranch(admin.actor, (await makeUniversity(admin.actor)).id);
    const res = await call('POST', '/subject-offerings', {
      token: editor.token,
      body: { ...ids, branchId: foreign.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain('branchId');
  });

  it('when the semester belongs to another branch, then 400 naming semesterId', async () => {
    const ids = await structure();
    const otherBranch = await makeBranch(admin.actor, ids.universityId);
    const foreign = await makeSemester(admin.actor, otherBranch.id);
    const res = await call('POST', '/subject-offerings', {
      token: editor.token,
      body: { ...ids, semesterId: foreign.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'semesterId' })]);
  });

  it('when a reference is missing or malformed, then 400', async () => {
    const ids = await structure();
    expect(
      (
        await call('POST', '/subject-offerings', {
          token: editor.token,
          body: { ...ids, subjectId: '0123456789abcdef01234567' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/subject-offerings', {
          token: editor.token,
          body: { ...ids, subjectId: 'x' },
        })
      ).status,
    ).toBe(400);
    const { subjectId: _omitted, ...incomplete } = ids;
    expect(
      (await call('POST', '/subject-offerings', { token: editor.token, body: incomplete })).status,
    ).toBe(400);
  });

  it('when listing with each filter, then only the matching offerings come back', async () => {
    const a = await makeOffering(admin.actor);
    const b = await makeOffering(admin.actor);
    const ids = async (query: string) =>
      (await call('GET', `/subject-offerings?${query}`)).body.data.map((o: { id: string }) => o.id);
    expect(await ids(`universityId=${a.university.id}`)).toEqual([a.offering.id]);
    expect(await ids(`branchId=${b.branch.id}`)).toEqual([b.offering.id]);
    expect(await ids(`semesterId=${a.semester.id}`)).toEqual([a.offering.id]);
    expect(await ids(`subjectId=${b.subject.id}`)).toEqual([b.offering.id]);
    expect(await ids(`universityId=${a.university.id}&subjectId=${b.subject.id}`)).toEqual([]);
    const page = await call('GET', `/subject-offerings?universityId=${a.university.id}`);
    expect(page.body.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 1,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });
  });

  it.each([['branchId=zzz'], ['page=0'], ['limit=1000'], ['regulation=R22']])(
    'when the list query is %s, then 400',
    async (query) => {
      expect((await call('GET', `/subject-offerings?${query}`)).status).toBe(400);
    },
  );

  it('when an admin deletes an offering, then 204; one with papers is 409', async () => {
    const free = await makeOffering(admin.actor);
    expect(
      (await call('DELETE', `/subject-offerings/${free.offering.id}`, { token: admin.token }))
        .status,
    ).toBe(204);
    expect(
      (await call('DELETE', `/subject-offerings/${free.offering.id}`, { token: admin.token }))
        .status,
    ).toBe(404);
    const used = await makeOffering(admin.actor);
    await makePaper(admin.actor, used.offering.id);
    const refused = await call('DELETE', `/subject-offerings/${used.offering.id}`, {
      token: admin.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/paper/);
  });
});
