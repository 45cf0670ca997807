import { describe, expect, it } from 'vitest';
import { useTestActors } from '../test-support/database.js';
import { tag, universityMaker } from '../test-support/universities.js';
import { UniversityModel } from './model.js';
import {
  createUniversity,
  deleteUniversity,
  getUniversityById,
  getUniversityBySlug,
  updateUniversity,
} from './service.js';

const { actors } = useTestActors();

const university = universityMaker(actors);

describe('createUniversity', () => {
  it('when an editor creates one, then it is active with a slug generated from the name', async () => {
    const t = tag();
    const created = await createUniversity({
      actor: actors.editor,
      input: { name: `Osmania University ${t}`, shortName: 'OU' },
    });
    expect(created).toMatchObject({
      name: `Osmania University ${t}`,
      shortName: 'OU',
      slug: `osmania-university-${t}`,
      isActive: true,
      deletedAt: null,
    });
    expect(created.id).toMatch(/^[a-f0-9]{24}$/);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    expect(created).not.toHaveProperty('_id');
    expect(created).not.toHaveProperty('__v');
  });

  it('when an admin creates one, then it is stored', async () => {
    const created = await university();
    expect(await UniversityModel.exists({ _id: created.id })).not.toBeNull();
  });

  it.each([
    ['anonymous', 401, () => null],
    ['normal', 403, () => actors.normal],
    ['deactivated', 403, () => actors.deactivated],
  ])('when the caller is %s, then it is refused with %i', async (_, status, actor) => {
    const name = `Refused ${tag()}`;
    const error = await createUniversity({ actor: actor(), input: { name, shortName: 'R' } }).catch(
      (e) => e,
    );
    expect(error.status).toBe(status);
    expect(await UniversityModel.exists({ name })).toBeNull();
  });

  it('when an anonymous caller sends an invalid body, then authorization is checked first (401)', async () => {
    const error = await createUniversity({ actor: null, input: { bogus: 1 } }).catch((e) => e);
    expect(error.status).toBe(401);
  });

  it('when the body has an unknown field, then it is refused with 400 naming it', async () => {
    const error = await createUniversity({
      actor: actors.admin,
      input: { name: 'X', shortName: 'X', isActive: false },
    }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details[0].message).toContain('isActive');
  });

  it('when a required field is missing or empty, then it is refused with 400 naming it', async () => {
    const missing = await createUniversity({ actor: actors.admin, input: { name: 'X' } }).catch(
      (e) => e,
    );
    expect(missing.status).toBe(400);
    expect(missing.details.map((d: { path: string }) => d.path)).toContain('shortName');
    const empty = await createUniversity({
      actor: actors.admin,
      input: { name: '  ', shortName: 'X' },
    }).catch((e) => e);
    expect(empty.status).toBe(400);
    expect(empty.details[0].path).toBe('name');
  });

  it('when the slug is not kebab-case, then it is refused with 400', async () => {
    const error = await createUniversity({
      actor: actors.admin,
      input: { name: 'X', shortName: 'X', slug: 'Not A Slug' },
    }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details[0].path).toBe('slug');
  });

  it('when an explicit slug is taken, then it is refused with 409 naming slug', async () => {
    const slug = `taken-${tag()}`;
    await createUniversity({ actor: actors.admin, input: { name: 'A', shortName: 'A', slug } });
    const error = await createUniversity({
      actor: actors.admin,
      input: { name: 'B', shortName: 'B', slug },
    }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.details).toEqual([{ path: 'slug', message: 'already taken' }]);
  });

  it('when two universities share a name, then the second gets the -2 slug', async () => {
    const name = `Same Name ${tag()}`;
    const first = await university(name);
    const second = await university(name);
    expect(second.slug).toBe(`${first.slug}-2`);
  });
});

describe('getUniversityBySlug and getUniversityById', () => {
  it('when an anonymous caller reads an active one, then it is returned by slug and by id', async () => {
    const created = await university();
    expect(await getUniversityBySlug({ actor: null, slug: created.slug })).toEqual(created);
    expect(await getUniversityById({ actor: undefined, id: created.id })).toEqual(created);
  });

  it('when the university is soft-deleted, then both reads are 404 for anonymous and normal callers', async () => {
    const created = await university();
    await deleteUniversity({ actor: actors.admin, id: created.id });
    for (const actor of [null, actors.normal]) {
      const bySlug = await getUniversityBySlug({ actor, slug: created.slug }).catch((e) => e);
      const byId = await getUniversityById({ actor, id: created.id }).catch((e) => e);
      expect(bySlug.status).toBe(404);
      expect(byId.status).toBe(404);
      expect(byId.message).toBe('University not found');
    }
  });

  it('when the university is soft-deleted, then editors and admins still read it by slug and by id', async () => {
    const created = await university();
    await deleteUniversity({ actor: actors.admin, id: created.id });
    for (const actor of [actors.editor, actors.admin]) {
      const bySlug = await getUniversityBySlug({ actor, slug: created.slug });
      expect(bySlug).toMatchObject({ id: created.id, isActive: false });
      expect(await getUniversityById({ actor, id: created.id })).toEqual(bySlug);
    }
  });

  it('when the slug or id is unknown, then it is 404; when malformed, then 400', async () => {
    expect((await getUniversityBySlug({ slug: `nope-${tag()}` }).catch((e) => e)).status).toBe(404);
    expect((await getUniversityById({ id: 'a'.repeat(24) }).catch((e) => e)).status).toBe(404);
    const bad = await getUniversityById({ id: 'not-an-id' }).catch((e) => e);
    expect(bad.status).toBe(400);
    expect(bad.details[0].path).toBe('id');
    expect((await getUniversityBySlug({ slug: 'Bad Slug' }).catch((e) => e)).status).toBe(400);
  });
});

describe('updateUniversity', () => {
  it('when an editor renames one, then only the given fields change', async () => {
    const created = await university();
    const updated = await updateUniversity({
      actor: actors.editor,
      id: created.id,
      input: { name: 'Renamed' },
    });
    expect(updated).toMatchObject({
      name: 'Renamed',
      shortName: created.shortName,
      slug: created.slug,
    });
  });

  it.each([
    ['anonymous', 401, () => null],
    ['normal', 403, () => actors.normal],
    ['deactivated', 403, () => actors.deactivated],
  ])('when the caller is %s, then it is refused with %i', async (_, status, actor) => {
    const created = await university();
    const error = await updateUniversity({
      actor: actor(),
      id: created.id,
      input: { name: 'Nope' },
    }).catch((e) => e);
    expect(error.status).toBe(status);
    expect((await getUniversityById({ id: created.id })).name).toBe(created.name);
  });

  it('when the body is empty or has unknown fields, then it is refused with 400', async () => {
    const created = await university();
    const empty = await updateUniversity({ actor: actors.admin, id: created.id, input: {} }).catch(
      (e) => e,
    );
    expect(empty.status).toBe(400);
    const unknown = await updateUniversity({
      actor: actors.admin,
      id: created.id,
      input: { deletedAt: null },
    }).catch((e) => e);
    expect(unknown.status).toBe(400);
  });

  it('when the id is unknown, then 404; when malformed, then 400', async () => {
    expect(
      (
        await updateUniversity({
          actor: actors.admin,
          id: 'b'.repeat(24),
          input: { name: 'X' },
        }).catch((e) => e)
      ).status,
    ).toBe(404);
    expect(
      (
        await updateUniversity({ actor: actors.admin, id: '123', input: { name: 'X' } }).catch(
          (e) => e,
        )
      ).status,
    ).toBe(400);
  });

  it('when the new slug is taken, then it is refused with 409 naming slug', async () => {
    const a = await university();
    const b = await university();
    const error = await updateUniversity({
      actor: actors.admin,
      id: b.id,
      input: { slug: a.slug },
    }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.details.map((d: { path: string }) => d.path)).toEqual(['slug']);
  });

  it('when an editor sets isActive, then it is refused with 403', async () => {
    const created = await university();
    const error = await updateUniversity({
      actor: actors.editor,
      id: created.id,
      input: { isActive: false },
    }).catch((e) => e);
    expect(error.status).toBe(403);
    expect((await getUniversityById({ id: created.id })).isActive).toBe(true);
  });

  it('when an admin sets isActive false then true, then it is soft-deleted and restored', async () => {
    const created = await university();
    const deleted = await updateUniversity({
      actor: actors.admin,
      id: created.id,
      input: { isActive: false },
    });
    expect(deleted.isActive).toBe(false);
    expect(deleted.deletedAt).not.toBeNull();
    const restored = await updateUniversity({
      actor: actors.admin,
      id: created.id,
      input: { isActive: true },
    });
    expect(restored).toMatchObject({ isActive: true, deletedAt: null });
    expect((await getUniversityBySlug({ slug: created.slug })).id).toBe(created.id);
  });
});

describe('deleteUniversity', () => {
  it('when an admin deletes one, then it is soft-deleted and a second delete is 404', async () => {
    const created = await university();
    await expect(
      deleteUniversity({ actor: actors.admin, id: created.id }),
    ).resolves.toBeUndefined();
    const stored = await UniversityModel.findById(created.id).lean();
    expect(stored?.isActive).toBe(false);
    expect(stored?.deletedAt).toBeInstanceOf(Date);
    const again = await deleteUniversity({ actor: actors.admin, id: created.id }).catch((e) => e);
    expect(again.status).toBe(404);
  });

  it.each([
    ['anonymous', 401, () => null],
    ['normal', 403, () => actors.normal],
    ['editor', 403, () => actors.editor],
    ['deactivated', 403, () => actors.deactivated],
  ])('when the caller is %s, then it is refused with %i', async (_, status, actor) => {
    const created = await university();
    const error = await deleteUniversity({ actor: actor(), id: created.id }).catch((e) => e);
    expect(error.status).toBe(status);
    expect((await UniversityModel.findById(created.id).lean())?.isActive).toBe(true);
  });

  it('when the id is unknown, then 404; when malformed, then 400', async () => {
    expect(
      (await deleteUniversity({ actor: actors.admin, id: 'c'.repeat(24) }).catch((e) => e)).status,
    ).toBe(404);
    expect((await deleteUniversity({ actor: actors.admin, id: 'zz' }).catch((e) => e)).status).toBe(
      400,
    );
  });
});
