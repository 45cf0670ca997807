import { createSubjectOffering } from '@qpc/domain';
import { subjectSchema } from '@qpc/domain/schemas';
import {
  makeBranch,
  makeSemester,
  makeSubject,
  makeUniversity,
  SubjectModel,
  uid,
} from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

describe('subjects', () => {
  const { call, admin, editor } = useApp();

  it('when an editor creates a subject, then 201 with a generated slug and Location by slug', async () => {
    const name = `Data Structures ${uid()}`;
    const res = await call('POST', '/subjects', {
      token: editor.token,
      body: { name, code: 'CS201', description: 'Trees' },
    });
    expect(res.status).toBe(201);
    expect(subjectSchema.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data.slug).toBe(name.toLowerCase().replace(/ /g, '-'));
    expect(res.headers.get('location')).toBe(`/api/v1/subjects/${res.body.data.slug}`);
  });

  it('when the explicit slug is taken, then 409; a generated one gets a suffix', async () => {
    const name = `Algorithms ${uid()}`;
    const first = await makeSubject(admin.actor, { name });
    const generated = await call('POST', '/subjects', { token: editor.token, body: { name } });
    expect(generated.body.data.slug).toBe(`${first.slug}-2`);
    const explicit = await call('POST', '/subjects', {
      token: editor.token,
      body: { name: 'Other', slug: first.slug },
    });
    expect(explicit.status).toBe(409);
  });

  it('when read by slug, then 200 with an ETag and 304 on revalidation; an unknown slug is 404', async () => {
    const subject = await makeSubject(admin.actor);
    const res = await call('GET', `/subjects/${subject.slug}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(subject);
    const again = await call('GET', `/subjects/${subject.slug}`, {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect((await call('GET', `/subjects/nothing-${uid()}`)).status).toBe(404);
  });

  it('when listing, then subjects come ordered by name with pagination metadata', async () => {
    const tag = uid();
    for (const prefix of ['Zeta', 'Alpha', 'Mu'])
      await makeSubject(admin.actor, { name: `${prefix} ${tag}` });
    const res = await call('GET', `/subjects?search=${tag}&limit=2`);
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual([
      `Alpha ${tag}`,
      `Mu ${tag}`,
    ]);
    expect(res.body.pagination).toEqual({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
    });
  });

  it.each([['page=0'], ['limit=101'], ['limit=abc'], ['sort=popularity']])(
    'when the list query is %s, then 400',
    async (query) => {
      expect((await call('GET', `/subjects?${query}`)).status).toBe(400);
    },
  );

  it('when an editor updates a subject, then 200; an unknown field is 400', async () => {
    const subject = await makeSubject(admin.actor);
    const res = await call('PATCH', `/subjects/${subject.id}`, {
      token: editor.token,
      body: { description: 'New text', code: 'X1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ description: 'New text', code: 'X1' });
    expect(
      (
        await call('PATCH', `/subjects/${subject.id}`, {
          token: editor.token,
          body: { credits: 4 },
        })
      ).status,
    ).toBe(400);
  });

  it('when an admin deletes a subject, then 204; one with an offering is 409 and kept', async () => {
    const free = await makeSubject(admin.actor);
    expect((await call('DELETE', `/subjects/${free.id}`, { token: admin.token })).status).toBe(204);
    expect((await call('GET', `/subjects/${free.slug}`)).status).toBe(404);
    const used = await makeSubject(admin.actor);
    const university = await makeUniversity(admin.actor);
    const branch = await makeBranch(admin.actor, university.id);
    const semester = await makeSemester(admin.actor, branch.id);
    await createSubjectOffering({
      actor: admin.actor,
      input: {
        universityId: university.id,
        branchId: branch.id,
        semesterId: semester.id,
        subjectId: used.id,
      },
    });
    const refused = await call('DELETE', `/subjects/${used.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(await SubjectModel.exists({ _id: used.id })).not.toBeNull();
  });
});
