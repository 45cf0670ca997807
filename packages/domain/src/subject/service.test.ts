import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSubjectOffering } from '../subject-offering/service.js';
import { useTestActors } from '../test-support/database.js';
import { itRefusesDeletesByNonAdmins } from '../test-support/refusals.js';
import { makeBranch, makeSemester, makeUniversity } from '../test-support/service-fixtures.js';
import { SubjectModel } from './model.js';
import {
  createSubject,
  deleteSubject,
  getSubjectById,
  getSubjectBySlug,
  listSubjects,
  updateSubject,
} from './service.js';

const { actors } = useTestActors();

const tag = () => randomUUID().slice(0, 8);

async function subject(name = `Subject ${tag()}`, extra: Record<string, unknown> = {}) {
  return createSubject({ actor: actors.admin, input: { name, ...extra } });
}

const refusals = [
  ['anonymous', 401, () => null],
  ['normal', 403, () => actors.normal],
  ['deactivated', 403, () => actors.deactivated],
] as const;

describe('createSubject', () => {
  it('when an editor creates one, then the slug comes from the name and optional fields are null', async () => {
    const t = tag();
    const created = await createSubject({
      actor: actors.editor,
      input: { name: `Data Structures ${t}` },
    });
    expect(created).toMatchObject({
      name: `Data Structures ${t}`,
      slug: `data-structures-${t}`,
      code: null,
      description: null,
    });
    expect(Object.keys(created).sort()).toEqual(
      ['code', 'createdAt', 'description', 'id', 'name', 'slug', 'updatedAt'].sort(),
    );
  });

  it('when every field is given, then they are stored', async () => {
    const slug = `ds-${tag()}`;
    const created = await subject('DS', { code: 'CS201', slug, description: 'Lists and trees' });
    expect(created).toMatchObject({
      name: 'DS',
      code: 'CS201',
      slug,
      description: 'Lists and trees',
    });
  });

  it.each(refusals)(
    'when the caller is %s, then it is refused with %i',
    async (_, status, actor) => {
      const name = `Refused ${tag()}`;
      expect(
        (await createSubject({ actor: actor(), input: { name } }).catch((e) => e)).status,
      ).toBe(status);
      expect(await SubjectModel.exists({ name })).toBeNull();
    },
  );

  it.each([
    [{ name: 'X', unknown: 1 }, 'unknown'],
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'X', slug: 'Upper-Case' }, 'slug'],
    [{ name: 'X', slug: 'double--dash' }, 'slug'],
    [{ name: 'X', code: 5 }, 'code'],
  ])('when the body is %j, then it is refused with 400', async (input, path) => {
    const error = await createSubject({ actor: actors.admin, input }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details[0].path).toBe(path);
  });

  it('when an explicit slug is taken, then it is refused with 409 naming slug', async () => {
    const slug = `explicit-${tag()}`;
    await subject('A', { slug });
    const error = await subject('B', { slug }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.details[0].path).toBe('slug');
  });

  it('when generated slugs collide, then -2 and -3 are used', async () => {
    const name = `Operating Systems ${tag()}`;
    const slugs = [
      (await subject(name)).slug,
      (await subject(name)).slug,
      (await subject(name)).slug,
    ];
    const base = slugs[0];
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
  });

  it('when 50 subjects with the same name are created in parallel, then all succeed with distinct slugs', async () => {
    const name = `Parallel ${tag()}`;
    const created = await Promise.all(Array.from({ length: 50 }, () => subject(name)));
    const slugs = new Set(created.map((s) => s.slug));
    expect(slugs.size).toBe(50);
    expect(await SubjectModel.countDocuments({ name })).toBe(50);
    for (const slug of slugs) expect(slug).toMatch(new RegExp(`^parallel-[a-f0-9]{8}(-\\d+)?$`));
  });
});

describe('getSubjectBySlug and getSubjectById', () => {
  it('when it exists, then anyone reads it by slug and by id', async () => {
    const created = await subject();
    expect(await getSubjectBySlug({ actor: null, slug: created.slug })).toEqual(created);
    expect(await getSubjectById({ id: created.id })).toEqual(created);
  });

  it('when unknown, then 404; when malformed, then 400', async () => {
    const missing = await getSubjectBySlug({ slug: `missing-${tag()}` }).catch((e) => e);
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Subject not found');
    expect((await getSubjectById({ id: '3'.repeat(24) }).catch((e) => e)).status).toBe(404);
    expect((await getSubjectById({ id: 'x' }).catch((e) => e)).status).toBe(400);
    expect((await getSubjectBySlug({ slug: '$bad' }).catch((e) => e)).status).toBe(400);
  });
});

describe('listSubjects', () => {
  it('when there are several pages, then totals and name order are right', async () => {
    const t = tag();
    for (const letter of ['D', 'B', 'A', 'C']) await subject(`${t} ${letter}`);
    const first = await listSubjects({ actor: null, query: { search: t, limit: 3 } });
    expect(first.items.map((s) => s.name)).toEqual([`${t} A`, `${t} B`, `${t} C`]);
    expect(first.pagination).toEqual({
      page: 1,
      limit: 3,
      total: 4,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const second = await listSubjects({ query: { search: t, limit: 3, page: 2 } });
    expect(second.items.map((s) => s.name)).toEqual([`${t} D`]);
    expect(second.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });
    const beyond = await listSubjects({ query: { search: t, limit: 3, page: 5 } });
    expect(beyond.items).toEqual([]);
    expect(beyond.pagination.total).toBe(4);
  });

  it('when searching, then name and code match literally, case-insensitively', async () => {
    const t = tag();
    await subject(`abc ${t}`);
    await subject(`a.c ${t}`);
    await subject('Other', { code: `CODE-${t.toUpperCase()}` });
    expect(
      (await listSubjects({ query: { search: `a.c ${t}` } })).items.map((s) => s.name),
    ).toEqual([`a.c ${t}`]);
    expect(
      (await listSubjects({ query: { search: `code-${t}` } })).items.map((s) => s.name),
    ).toEqual(['Other']);
    expect((await listSubjects({ query: { search: `(${t}` } })).items).toEqual([]);
  });

  it('when the query is invalid, then it is refused with 400', async () => {
    expect((await listSubjects({ query: { page: -1 } }).catch((e) => e)).status).toBe(400);
    expect(
      (await listSubjects({ query: { search: 'x'.repeat(101) } }).catch((e) => e)).status,
    ).toBe(400);
    expect((await listSubjects({ query: { sort: 'popularity' } }).catch((e) => e)).status).toBe(
      400,
    );
  });
});

describe('updateSubject', () => {
  it('when an editor updates fields, then only those change', async () => {
    const created = await subject(undefined, { code: 'C1', description: 'D' });
    const updated = await updateSubject({
      actor: actors.editor,
      id: created.id,
      input: { name: 'Renamed', description: null },
    });
    expect(updated).toMatchObject({
      name: 'Renamed',
      code: 'C1',
      description: null,
      slug: created.slug,
    });
  });

  it.each(refusals)(
    'when the caller is %s, then it is refused with %i',
    async (_, status, actor) => {
      const created = await subject();
      expect(
        (
          await updateSubject({ actor: actor(), id: created.id, input: { name: 'N' } }).catch(
            (e) => e,
          )
        ).status,
      ).toBe(status);
      expect((await getSubjectById({ id: created.id })).name).toBe(created.name);
    },
  );

  it('when the slug changes to a free one, then it is used; to a taken one, then 409 naming slug', async () => {
    const a = await subject();
    const b = await subject();
    const fresh = `fresh-${tag()}`;
    expect(
      (await updateSubject({ actor: actors.admin, id: b.id, input: { slug: fresh } })).slug,
    ).toBe(fresh);
    const error = await updateSubject({
      actor: actors.admin,
      id: b.id,
      input: { slug: a.slug },
    }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.details.map((d: { path: string }) => d.path)).toEqual(['slug']);
    expect((await getSubjectById({ id: b.id })).slug).toBe(fresh);
  });

  it('when the body is empty or unknown, or the id unknown, then 400 or 404', async () => {
    const created = await subject();
    expect(
      (await updateSubject({ actor: actors.admin, id: created.id, input: {} }).catch((e) => e))
        .status,
    ).toBe(400);
    expect(
      (
        await updateSubject({ actor: actors.admin, id: created.id, input: { id: 'x' } }).catch(
          (e) => e,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await updateSubject({
          actor: actors.admin,
          id: '4'.repeat(24),
          input: { name: 'X' },
        }).catch((e) => e)
      ).status,
    ).toBe(404);
  });
});

describe('deleteSubject', () => {
  it('when an admin deletes an unreferenced one, then it is gone', async () => {
    const created = await subject();
    await deleteSubject({ actor: actors.admin, id: created.id });
    expect(await SubjectModel.exists({ _id: created.id })).toBeNull();
    expect(
      (await deleteSubject({ actor: actors.admin, id: created.id }).catch((e) => e)).status,
    ).toBe(404);
  });

  itRefusesDeletesByNonAdmins(actors, () => subject(), deleteSubject, SubjectModel);

  it('when subject offerings reference it, then it is refused with 409 naming them', async () => {
    const created = await subject();
    const university = await makeUniversity(actors.admin);
    const branch = await makeBranch(actors.admin, university.id);
    const semester = await makeSemester(actors.admin, branch.id);
    for (const regulation of ['R20', 'R22']) {
      await createSubjectOffering({
        actor: actors.admin,
        input: {
          universityId: university.id,
          branchId: branch.id,
          semesterId: semester.id,
          subjectId: created.id,
          regulation,
        },
      });
    }
    const error = await deleteSubject({ actor: actors.admin, id: created.id }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.message).toBe('Subject cannot be deleted: 2 subject offerings still reference it');
    expect(await SubjectModel.exists({ _id: created.id })).not.toBeNull();
  });
});
