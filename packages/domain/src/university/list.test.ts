import { describe, expect, it } from 'vitest';
import { useTestActors } from '../test-support/database.js';
import { tag, universityMaker } from '../test-support/universities.js';
import { deleteUniversity, listUniversities } from './service.js';

// listUniversities's tests (moved unchanged from service.test.ts, which stays under 400 lines).

const { actors } = useTestActors();

const university = universityMaker(actors);

describe('listUniversities', () => {
  it('when there are more than a page, then totals, flags and name order are right', async () => {
    const t = tag();
    for (const letter of ['E', 'C', 'A', 'D', 'B']) await university(`${t} ${letter}`);
    const first = await listUniversities({ actor: null, query: { search: t, limit: 2 } });
    expect(first.items.map((u) => u.name)).toEqual([`${t} A`, `${t} B`]);
    expect(first.pagination).toEqual({
      page: 1,
      limit: 2,
      total: 5,
      totalPages: 3,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const last = await listUniversities({
      actor: null,
      query: { search: t, limit: 2, page: 3 },
    });
    expect(last.items.map((u) => u.name)).toEqual([`${t} E`]);
    expect(last.pagination).toMatchObject({ page: 3, hasNextPage: false, hasPrevPage: true });
  });

  it('when names are equal, then the order is stable by id', async () => {
    const name = `Twin ${tag()}`;
    const a = await university(name);
    const b = await university(name);
    const page = await listUniversities({ query: { search: name } });
    expect(page.items.map((u) => u.id)).toEqual([a.id, b.id].sort());
  });

  it('when sorted by a list of fields and directions, then it follows them, the first direction of a repeated field, then ids', async () => {
    const t = tag();
    const b1 = await university(`${t} B`, 'X');
    const a = await university(`${t} A`, 'X');
    const b2 = await university(`${t} B`, 'X');
    const c = await university(`${t} C`, 'Y');
    const page = await listUniversities({
      query: {
        search: t,
        sort: [
          { field: 'shortName', direction: 'desc' },
          { field: 'name', direction: 'asc' },
          { field: 'shortName', direction: 'asc' },
        ],
      },
    });
    // Y before X; within X by name, the twins by id in the direction of the key before it.
    expect(page.items.map((u) => u.id)).toEqual([c.id, a.id, ...[b1.id, b2.id].sort()]);
  });

  it('when no query is given, then defaults are page 1 and limit 20', async () => {
    const page = await listUniversities({ actor: null });
    expect(page.pagination).toMatchObject({ page: 1, limit: 20 });
  });

  it('when searching, then it matches name or short name case-insensitively', async () => {
    const t = tag();
    await university(`Alpha ${t}`, 'AL');
    await university(`Beta`, `SHORT${t.toUpperCase()}`);
    const page = await listUniversities({ query: { search: t.toUpperCase() } });
    expect(page.items.map((u) => u.name).sort()).toEqual([`Alpha ${t}`, 'Beta']);
  });

  it('when the search has regex characters, then they are taken literally', async () => {
    const t = tag();
    await university(`abc ${t}`);
    await university(`a.c ${t}`);
    const dotted = await listUniversities({ query: { search: `a.c ${t}` } });
    expect(dotted.items.map((u) => u.name)).toEqual([`a.c ${t}`]);
    const paren = await listUniversities({ query: { search: '(' } });
    expect(paren.items).toEqual([]);
  });

  it('when isActive is true, false or absent, then active, deleted or both are listed', async () => {
    const t = tag();
    const active = await university(`${t} active`);
    const deleted = await university(`${t} deleted`);
    await deleteUniversity({ actor: actors.admin, id: deleted.id });
    const ids = async (isActive?: boolean) =>
      (
        await listUniversities({
          query: { search: t, ...(isActive === undefined ? {} : { isActive }) },
        })
      ).items.map((u) => u.id);
    expect(await ids()).toEqual([active.id, deleted.id]);
    expect(await ids(true)).toEqual([active.id]);
    expect(await ids(false)).toEqual([deleted.id]);
  });

  it.each([
    [{ isActive: 'yes' }, 'isActive'],
    [{ page: 0 }, 'page'],
    [{ limit: 101 }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ search: ['a', 'b'] }, 'search'],
    [{ 'search[$ne]': 'x' }, 'search[$ne]'],
  ])('when the query is %j, then it is refused with 400', async (query, path) => {
    const error = await listUniversities({ query }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details[0].path).toBe(path);
  });
});
