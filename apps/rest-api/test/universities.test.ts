import { universitySchema } from '@qpc/domain/schemas';
import { makeTree, makeUniversity, uid, UniversityModel } from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

describe('universities', () => {
  const { call, admin, editor, normal } = useApp();

  describe('create', () => {
    it('when an editor creates one, then 201 with Location, the contract shape and it can be read back', async () => {
      const name = `Osmania University ${uid()}`;
      const res = await call('POST', '/universities', {
        token: editor.token,
        body: { name, shortName: 'OU' },
      });
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      const data = res.body.data;
      expect(universitySchema.safeParse(data).success).toBe(true);
      expect(data).toMatchObject({ name, shortName: 'OU', isActive: true, deletedAt: null });
      expect(data).not.toHaveProperty('_id');
      expect(data).not.toHaveProperty('__v');
      expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
      expect(res.headers.get('location')).toBe(`/api/v1/universities/${data.slug}`);
      const read = await call('GET', res.headers.get('location')!);
      expect(read.status).toBe(200);
      expect(read.body.data.id).toBe(data.id);
    });

    it('when two universities share a name, then the second slug gets -2', async () => {
      const name = `Same Name ${uid()}`;
      const first = await call('POST', '/universities', {
        token: editor.token,
        body: { name, shortName: 'S' },
      });
      const second = await call('POST', '/universities', {
        token: editor.token,
        body: { name, shortName: 'S' },
      });
      expect(second.status).toBe(201);
      expect(second.body.data.slug).toBe(`${first.body.data.slug}-2`);
    });

    it('when the explicit slug is taken, then 409 CONFLICT naming slug', async () => {
      const slug = `taken-${uid()}`;
      await makeUniversity(admin.actor, { slug });
      const res = await call('POST', '/universities', {
        token: editor.token,
        body: { name: 'X', shortName: 'X', slug },
      });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('CONFLICT');
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'slug' })]);
    });

    it.each([
      ['a required field is missing', { name: 'Only a name' }, 'shortName'],
      ['a field is unknown', { name: 'N', shortName: 'S', motto: 'x' }, 'motto'],
      ['a field has the wrong type', { name: 42, shortName: 'S' }, 'name'],
      ['the slug is not kebab-case', { name: 'N', shortName: 'S', slug: 'Not A Slug' }, 'slug'],
      ['the name is empty', { name: '  ', shortName: 'S' }, 'name'],
    ])('when %s, then 400 VALIDATION_ERROR with details', async (_case, body, path) => {
      const before = await UniversityModel.countDocuments();
      const res = await call('POST', '/universities', { token: editor.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details[0].path).toBe(path);
      expect(await UniversityModel.countDocuments()).toBe(before);
    });
  });

  describe('read by slug', () => {
    it('when the slug exists, then 200 with an ETag, and 304 without a body when If-None-Match matches', async () => {
      const university = await makeUniversity(admin.actor);
      const first = await call('GET', `/universities/${university.slug}`);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ success: true, data: university });
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await call('GET', `/universities/${university.slug}`, {
        headers: { 'if-none-match': etag! },
      });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
    });

    it('when the resource changed since the ETag, then 200 with a new ETag', async () => {
      const university = await makeUniversity(admin.actor);
      const first = await call('GET', `/universities/${university.slug}`);
      await call('PATCH', `/universities/${university.id}`, {
        token: editor.token,
        body: { shortName: 'NEW' },
      });
      const again = await call('GET', `/universities/${university.slug}`, {
        headers: { 'if-none-match': first.headers.get('etag')! },
      });
      expect(again.status).toBe(200);
      expect(again.headers.get('etag')).not.toBe(first.headers.get('etag'));
    });

    it('when the slug does not exist, then 404 NOT_FOUND', async () => {
      const res = await call('GET', `/universities/missing-${uid()}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    });

    it('when the slug is malformed, then 400', async () => {
      const res = await call('GET', '/universities/Not_A_Slug');
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    });
  });

  describe('list', () => {
    it('when searching, then only matches by name or short name come back, ordered by name, with pagination', async () => {
      const tag = uid();
      await makeUniversity(admin.actor, { name: `Charlie ${tag}` });
      await makeUniversity(admin.actor, { name: `Alpha ${tag}` });
      await makeUniversity(admin.actor, { name: 'Bravo', shortName: `B${tag}` });
      await makeUniversity(admin.actor, { name: `Unrelated ${uid()}` });
      const res = await call('GET', `/universities?search=${tag}`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((u: { name: string }) => u.name)).toEqual([
        `Alpha ${tag}`,
        'Bravo',
        `Charlie ${tag}`,
      ]);
      expect(res.body.pagination).toEqual({
        page: 1,
        limit: 20,
        total: 3,
        totalPages: 1,
        hasNextPage: false,
        hasPrevPage: false,
      });
    });

    it('when paging, then page and limit select the slice and the metadata says where it is', async () => {
      const tag = uid();
      for (const letter of ['a', 'b', 'c', 'd', 'e'])
        await makeUniversity(admin.actor, { name: `${letter} ${tag}` });
      const second = await call('GET', `/universities?search=${tag}&page=2&limit=2`);
      expect(second.status).toBe(200);
      expect(second.body.data.map((u: { name: string }) => u.name)).toEqual([
        `c ${tag}`,
        `d ${tag}`,
      ]);
      expect(second.body.pagination).toEqual({
        page: 2,
        limit: 2,
        total: 5,
        totalPages: 3,
        hasNextPage: true,
        hasPrevPage: true,
      });
      const beyond = await call('GET', `/universities?search=${tag}&page=9&limit=2`);
      expect(beyond.body.data).toEqual([]);
      expect(beyond.body.pagination).toMatchObject({
        page: 9,
        total: 5,
        hasNextPage: false,
        hasPrevPage: true,
      });
    });

    it.each([
      ['page=0'],
      ['page=-1'],
      ['page=1.5'],
      ['limit=0'],
      ['limit=101'],
      ['limit=abc'],
      ['isActive=maybe'],
      ['colour=red'],
      ['search=a&search=b'],
      ['search[$ne]=x'],
    ])('when the query is %s, then 400 VALIDATION_ERROR', async (query) => {
      const res = await call('GET', `/universities?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    });

    it('when limit is 100, then it is accepted', async () => {
      const res = await call('GET', '/universities?limit=100');
      expect(res.status).toBe(200);
      expect(res.body.pagination.limit).toBe(100);
    });

    it('when a university is soft-deleted, then only isActive=false or all list it', async () => {
      const tag = uid();
      const kept = await makeUniversity(admin.actor, { name: `Kept ${tag}` });
      const gone = await makeUniversity(admin.actor, { name: `Gone ${tag}` });
      expect(
        (await call('DELETE', `/universities/${gone.id}`, { token: admin.token })).status,
      ).toBe(204);
      const ids = async (q: string) =>
        (await call('GET', `/universities?search=${tag}${q}`)).body.data.map(
          (u: { id: string }) => u.id,
        );
      expect(await ids('')).toEqual([kept.id]);
      expect(await ids('&isActive=true')).toEqual([kept.id]);
      expect(await ids('&isActive=false')).toEqual([gone.id]);
      expect(await ids('&isActive=all')).toEqual([gone.id, kept.id]);
    });
  });

  describe('update', () => {
    it('when an editor changes fields, then 200 with the new values', async () => {
      const university = await makeUniversity(admin.actor);
      const res = await call('PATCH', `/universities/${university.id}`, {
        token: editor.token,
        body: { name: 'Renamed University', shortName: 'RU' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: university.id,
        name: 'Renamed University',
        shortName: 'RU',
      });
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
    });

    it('when an editor sets isActive, then 403 and nothing changes; an admin may restore', async () => {
      const university = await makeUniversity(admin.actor);
      await call('DELETE', `/universities/${university.id}`, { token: admin.token });
      const refused = await call('PATCH', `/universities/${university.id}`, {
        token: editor.token,
        body: { isActive: true },
      });
      expect(refused.status).toBe(403);
      expect((await UniversityModel.findById(university.id).lean())!.isActive).toBe(false);
      const restored = await call('PATCH', `/universities/${university.id}`, {
        token: admin.token,
        body: { isActive: true },
      });
      expect(restored.status).toBe(200);
      expect(restored.body.data).toMatchObject({ isActive: true, deletedAt: null });
      expect((await call('GET', `/universities/${university.slug}`)).status).toBe(200);
    });

    it('when the new slug belongs to another university, then 409', async () => {
      const a = await makeUniversity(admin.actor);
      const b = await makeUniversity(admin.actor);
      const res = await call('PATCH', `/universities/${b.id}`, {
        token: editor.token,
        body: { slug: a.slug },
      });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('CONFLICT');
    });

    it.each([
      ['an empty body', {}],
      ['an unknown field', { nickname: 'x' }],
      ['a field of the wrong type', { shortName: 7 }],
    ])('when the body has %s, then 400', async (_case, body) => {
      const university = await makeUniversity(admin.actor);
      const res = await call('PATCH', `/universities/${university.id}`, {
        token: editor.token,
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    });

    it('when the id is malformed, then 400; when it does not exist, then 404', async () => {
      const bad = await call('PATCH', '/universities/not-an-id', {
        token: editor.token,
        body: { name: 'X' },
      });
      expect(bad.status).toBe(400);
      const missing = await call('PATCH', '/universities/0123456789abcdef01234567', {
        token: editor.token,
        body: { name: 'X' },
      });
      expect(missing.status).toBe(404);
    });
  });

  describe('delete', () => {
    it('when an admin deletes, then 204 without a body, the slug read is 404 and the record is kept with deletedAt', async () => {
      const university = await makeUniversity(admin.actor);
      const res = await call('DELETE', `/universities/${university.id}`, { token: admin.token });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await call('GET', `/universities/${university.slug}`)).status).toBe(404);
      const stored = await UniversityModel.findById(university.id).lean();
      expect(stored).toMatchObject({ isActive: false });
      expect(stored!.deletedAt).toBeInstanceOf(Date);
      expect(
        (await call('DELETE', `/universities/${university.id}`, { token: admin.token })).status,
      ).toBe(404);
    });
  });

  describe('a soft-deleted university', () => {
    it('when editors and admins read it and what is under it, then 200; anonymous and normal callers get 404', async () => {
      const tree = await makeTree(admin.actor);
      const university = tree.university;
      await call('DELETE', `/universities/${university.id}`, { token: admin.token });
      const reads = [
        `/universities/${university.slug}`,
        `/subject-offerings/${tree.offering.id}`,
        `/papers/${tree.paper.slug}`,
        `/questions/${tree.question.id}`,
      ];
      for (const path of reads) {
        for (const reader of [editor, admin]) {
          const res = await call('GET', path, { token: reader.token });
          expect(res.status, `${path} as ${reader.sub}`).toBe(200);
        }
        expect((await call('GET', path)).status, `${path} anonymous`).toBe(404);
        expect((await call('GET', path, { token: normal.token })).status, `${path} normal`).toBe(
          404,
        );
      }
      const read = await call('GET', reads[0]!, { token: editor.token });
      expect(read.body.data).toMatchObject({ id: university.id, isActive: false });
    });
  });
});
