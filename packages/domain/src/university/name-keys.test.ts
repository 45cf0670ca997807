import type {} from '@qpc/ferretdb/vitest-global-setup';
import { randomUUID } from 'node:crypto';
import { explainFind } from '@qpc/ferretdb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Actor } from '../access.js';
import { mongoose } from '../db.js';
import { paginate } from '../listing/pagination.js';
import { literalRegex } from '../listing/search-param.js';
import { useTestDatabase } from '../test-support/database.js';
import { makeActors } from '../test-support/callers.js';
import { UNIVERSITY_ORDER, UniversityModel } from './model.js';
import {
  backfillNameKeys,
  NAME_KEY_LENGTH,
  PENDING_KEY,
  nameKeysOf,
  rebuildNameKeys,
  resumeNameKeys,
  UniversityNameKeyModel,
} from './name-keys.js';
import {
  createUniversity,
  deleteUniversity,
  getUniversityById,
  listUniversities,
  toUniversity,
  updateUniversity,
} from './service.js';

useTestDatabase();
const postgresUrl = inject('postgresUrl');

let admin: Actor;
beforeAll(async () => {
  ({ admin } = await makeActors());
});

// Ten random lower-case letters, a to p (a UUID's hex digits, one letter each), so that a slice of
// one is found in no other test's names: a five-letter slice matches a given place of another tag
// once in 16^5 (about a million), where the former a-to-f tags padded with x collided in CI. The
// letters q, s, x, y and z, which the tests add around tags, never occur in one.
const tag = () =>
  Array.from(randomUUID().slice(0, 8) + randomUUID().slice(0, 2), (digit) =>
    String.fromCharCode(97 + parseInt(digit, 16)),
  ).join('');

const names = async (search: string, isActive?: boolean) =>
  (await listUniversities({ query: { search, isActive } })).items.map((u) => u.name);

const asc = (field: string) => ({ field, direction: 'asc' as const });
const desc = (field: string) => ({ field, direction: 'desc' as const });

/** What the list answered before the keys: the regular expression over every university. */
async function byRegex(query: {
  search: string;
  isActive: boolean | undefined;
  sort?: Record<string, 1 | -1>;
  page: number;
  limit: number;
  includeTotal: boolean;
}) {
  const regex = literalRegex(query.search);
  const filter: Record<string, unknown> = { $or: [{ name: regex }, { shortName: regex }] };
  if (query.isActive !== undefined) filter.isActive = query.isActive;
  return paginate(UniversityModel, filter, UNIVERSITY_ORDER, query, toUniversity);
}

describe('the universities search by name keys', () => {
  it('when lists are searched, then each answers what the regular expression over every university answers', async () => {
    const t = tag();
    const made = [
      `Alpha Tech Institute ${t}`,
      `alpha technical college ${t}`,
      `Beta TECHNOLOGY ${t}`,
      `Ünïversité Tech ${t}`,
      `\u212aelvin \u017ftate ${t}`,
      `Kelvin State (Tech.) ${t}`,
      `Gamma ${t}`,
    ];
    for (const [i, name] of made.entries()) {
      const created = await createUniversity({
        actor: admin,
        input: { name, shortName: i % 2 ? `AT${i}` : `Z${i}` },
      });
      if (i === 1 || i === 4) await deleteUniversity({ actor: admin, id: created.id });
    }
    const searches = ['tech', 'TeCh', 'a', 'at', `${t}`, `tech ${t}`, 'kelvin', 'state', '(tech.)'];
    searches.push('ünïv', 'é tech', `y ${t.slice(0, 3)}`, 'alpha tech', 'nothing here', 's', 'k');
    const lists = [
      { sort: undefined, page: 1, limit: 20, includeTotal: true },
      { sort: [desc('name')], page: 2, limit: 2, includeTotal: true },
      { sort: [desc('createdAt')], page: 1, limit: 3, includeTotal: false },
      { sort: [asc('shortName'), desc('name')], page: 1, limit: 20, includeTotal: true },
    ];
    for (const search of searches) {
      for (const isActive of [true, false, undefined]) {
        for (const { sort, ...page } of lists) {
          const query = { search, isActive, ...page };
          const got = await listUniversities({ query: sort ? { ...query, sort } : query });
          const spec = sort?.map(({ field, direction }) => [field, direction === 'desc' ? -1 : 1]);
          const expected = await byRegex({ ...query, sort: spec && Object.fromEntries(spec) });
          expect({ search, isActive, sort, got }).toEqual({
            search,
            isActive,
            sort,
            got: expected,
          });
        }
      }
    }
  }, 120_000);

  it('when the search is longer than the keys, inside a word or in another case, then it is found', async () => {
    const t = tag();
    const name = `Qz${t}Yx Polytechnic`;
    await createUniversity({ actor: admin, input: { name, shortName: `S${t}` } });
    expect(await names(t.slice(2, 7))).toEqual([name]);
    const long = `Z${t}YX POLYTECH`;
    expect(long.length).toBeGreaterThan(NAME_KEY_LENGTH);
    expect(await names(long)).toEqual([name]);
    expect(await names(`s${t.toUpperCase()}`)).toEqual([name]);
    expect(await names(`${t}Yx Polytechnics`)).toEqual([]);
    expect(await names(`${t.slice(0, 4)}Q`)).toEqual([]);
  });

  it('when the name, short name or state changes, then the search follows it', async () => {
    const [t, renamed, short] = [tag(), tag(), tag()];
    const created = await createUniversity({ actor: admin, input: { name: t, shortName: 'U' } });
    await updateUniversity({ actor: admin, id: created.id, input: { name: `New ${renamed}` } });
    expect(await names(t)).toEqual([]);
    expect(await names(renamed.slice(1, 6))).toEqual([`New ${renamed}`]);
    await updateUniversity({ actor: admin, id: created.id, input: { shortName: short } });
    expect(await names(short)).toEqual([`New ${renamed}`]);
    await deleteUniversity({ actor: admin, id: created.id });
    expect(await names(short, true)).toEqual([]);
    expect(await names(short, false)).toEqual([`New ${renamed}`]);
    await updateUniversity({ actor: admin, id: created.id, input: { isActive: true } });
    expect(await names(short, true)).toEqual([`New ${renamed}`]);
    const slug = `moved-${renamed}`;
    const moved = await updateUniversity({ actor: admin, id: created.id, input: { slug } });
    const listed = await listUniversities({ query: { search: short } });
    expect(listed.items).toEqual([moved]);
    expect(moved).toEqual(await getUniversityById({ actor: admin, id: created.id }));
    const pending = await UniversityNameKeyModel.countDocuments({ key: PENDING_KEY });
    expect(pending).toBe(0);
  });

  it('when universities were written without rows or a rewrite was cut short, then the start writes them', async () => {
    const [t, u] = [tag(), tag()];
    const raw = (name: string) => ({ name, shortName: 'R', slug: name, isActive: true });
    const inserted = await UniversityModel.collection.insertOne({
      ...raw(`raw-${t}`),
      deletedAt: null,
    });
    expect(await names(t)).toEqual([]);
    await mongoose.connection
      .db!.collection('migrations')
      .deleteOne({ _id: 'university-name-keys-1' as never });
    await backfillNameKeys();
    expect(await names(t)).toEqual([`raw-${t}`]);

    // A stop between the pending row and the rewrite: the university was renamed meanwhile.
    await UniversityNameKeyModel.collection.insertOne({
      key: PENDING_KEY,
      universityId: inserted.insertedId,
    });
    await UniversityModel.collection.updateOne(
      { _id: inserted.insertedId },
      { $set: { name: `raw-${u}` } },
    );
    expect(await names(u)).toEqual([]);
    expect(await backfillNameKeys()).toEqual({ updated: 1 });
    expect(await names(u)).toEqual([`raw-${u}`]);
    expect(await names(t)).toEqual([]);
    expect(await resumeNameKeys()).toBe(0);
  });

  it('when rebuilt, then every university has one row per distinct key', async () => {
    const rows = await rebuildNameKeys();
    const all = await UniversityModel.find({}, { name: 1, shortName: 1 }).lean();
    expect(rows).toBe(all.reduce((n, u) => n + nameKeysOf([u.name, u.shortName]).length, 0));
    expect(nameKeysOf(['AbA', 'ab'])).toEqual(
      expect.arrayContaining(['a', 'ab', 'aba', 'b', 'ba']),
    );
    expect(nameKeysOf(['AbA', 'ab'])).toHaveLength(5);
  });
});

describe.skipIf(!postgresUrl)('the universities search on the embedded PostgreSQL engine', () => {
  it('when the search is at most the key length, then its filter, sort and limit are pushed down', async () => {
    const explained = await explainFind(
      mongoose.connection.db!,
      UniversityNameKeyModel.collection.collectionName,
      { isActive: true, key: 'tech' },
      { sort: { name: 1, universityId: 1, _id: 1 }, skip: 20, limit: 21 },
    );
    expect(explained).toMatchObject({
      filterPushdown: true,
      sortPushdown: true,
      limitPushdown: true,
    });
  });
});
