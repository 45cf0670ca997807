import { randomUUID } from 'node:crypto';
import type {} from '@qpc/ferretdb/vitest-global-setup';
import { explainFind } from '@qpc/ferretdb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { mongoose } from '../db.js';
import type { Actor } from '../access.js';
import { makeActors } from '../test-support/actors.js';
import { useTestDatabase } from '../test-support/database.js';
import { UniversityModel } from './model.js';
import { UNIVERSITY_ORDER } from './model.js';
import {
  backfillNameKeys,
  NAME_KEY_FIELDS,
  NAME_KEY_LENGTH,
  nameSearchFilter,
} from './name-keys.js';
import { createUniversity, listUniversities, updateUniversity } from './service.js';

useTestDatabase();
const postgresUrl = inject('postgresUrl');

let admin: Actor;
beforeAll(async () => {
  ({ admin } = await makeActors());
});

// Lower-case letters only, so that a slice of it is found in no other test's names.
const tag = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .padEnd(10, 'x')
    .slice(0, 10);

const names = async (search: string) =>
  (await listUniversities({ query: { search, isActive: 'all' } })).items.map((u) => u.name);

describe('the universities search by name keys', () => {
  it('when the search is inside a word, longer than the keys, or in mixed case, then it is found', async () => {
    const t = tag();
    const name = `Qz${t}Yx Polytechnic`;
    await createUniversity({ actor: admin, input: { name, shortName: `S${t}` } });
    const inner = t.slice(2, 7);
    expect(inner.length).toBeLessThanOrEqual(NAME_KEY_LENGTH);
    expect(await names(inner)).toEqual([name]);
    const long = `Z${t}YX POLYTECH`;
    expect(long.length).toBeGreaterThan(NAME_KEY_LENGTH);
    expect(await names(long)).toEqual([name]);
    expect(await names(`s${t.toUpperCase()}`)).toEqual([name]);
    expect(await names(`${t}Yx Polytechnics`)).toEqual([]);
    expect(await names(`${t.slice(0, 4)}Q`)).toEqual([]);
  });

  it('when the name or short name changes, then the old one is no longer found and the new one is', async () => {
    const [t, renamed, short] = [tag(), tag(), tag()];
    const created = await createUniversity({ actor: admin, input: { name: t, shortName: 'U' } });
    await updateUniversity({ actor: admin, id: created.id, input: { name: `New ${renamed}` } });
    expect(await names(t)).toEqual([]);
    expect(await names(renamed.slice(1, 6))).toEqual([`New ${renamed}`]);
    await updateUniversity({ actor: admin, id: created.id, input: { shortName: short } });
    expect(await names(short)).toEqual([`New ${renamed}`]);
    expect(await names(renamed)).toEqual([`New ${renamed}`]);
    const read = await UniversityModel.findById(created.id).lean<Record<string, unknown>>();
    expect(Object.keys(read!)).toEqual(expect.arrayContaining([...NAME_KEY_FIELDS]));
  });

  it('when the name and short name have their longest lengths, then it is created and found by its end', async () => {
    const t = tag();
    const name = `${'Long '.repeat(38)}${t}`;
    const shortName = `${'s'.repeat(40)}${t}`;
    expect([name.length, shortName.length]).toEqual([200, 50]);
    await createUniversity({ actor: admin, input: { name, shortName } });
    expect(await names(`long ${t.slice(0, 6)}`)).toEqual([name]);
  });

  it('when universities were written without keys, then the backfill writes them', async () => {
    const t = tag();
    const raw = { name: `Raw ${t}`, shortName: 'R', slug: `raw-${t}`, isActive: true };
    await UniversityModel.collection.insertOne({ ...raw, deletedAt: null });
    expect(await names(t)).toEqual([]);
    expect((await backfillNameKeys()).updated).toBeGreaterThanOrEqual(1);
    expect(await names(t)).toEqual([`Raw ${t}`]);
    expect((await backfillNameKeys()).updated).toBe(0);
  });
});

describe.skipIf(!postgresUrl)('the universities search on the embedded PostgreSQL engine', () => {
  it('when the search is at most the key length, then its filter, sort and limit are pushed down', async () => {
    const explained = await explainFind(
      mongoose.connection.db!,
      UniversityModel.collection.collectionName,
      { ...nameSearchFilter('Tech'), isActive: true },
      { sort: { ...UNIVERSITY_ORDER }, skip: 20, limit: 21 },
    );
    expect(explained).toMatchObject({
      filterPushdown: true,
      sortPushdown: true,
      limitPushdown: true,
    });
  });
});
