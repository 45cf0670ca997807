import type {} from '@qpc/ferretdb/vitest-global-setup';
import { describe, expect, inject, it } from 'vitest';
import { NotFoundError } from '../errors.js';
import { useTestActors } from '../test-support/database.js';
import { refuseWrites } from '../test-support/faults.js';
import { tag } from '../test-support/universities.js';
import { UniversityModel } from './model.js';
import { nameKeysOf, PENDING_KEY, resumeNameKeys, UniversityNameKeyModel } from './name-keys.js';
import {
  createUniversity,
  getUniversityById,
  listUniversities,
  updateUniversity,
} from './service.js';

const { actors } = useTestActors();
const postgresUrl = inject('postgresUrl');

const namesFound = async (search: string) =>
  (await listUniversities({ query: { search, limit: 100 } })).items.map((u) => u.name);
const rowsOf = (id: string) =>
  UniversityNameKeyModel.find({ universityId: id, key: { $ne: PENDING_KEY } }).lean();
const pendingOf = (id: string) =>
  UniversityNameKeyModel.countDocuments({ universityId: id, key: PENDING_KEY });

describe('a university whose names have no ASCII letter (the "©" probe)', () => {
  it('when it is created, then it answers the university whole: found, searched, no key rows, nothing pending', async () => {
    expect(nameKeysOf(['©', 'È'])).toEqual([]);
    const created = await createUniversity({
      actor: actors.editor,
      input: { name: '©', shortName: 'È' },
    });
    expect(created).toMatchObject({ name: '©', shortName: 'È', slug: 'c', isActive: true });
    expect((await getUniversityById({ id: created.id })).id).toBe(created.id);
    expect(await namesFound('©')).toContain('©');
    expect(await rowsOf(created.id)).toEqual([]);
    expect(await pendingOf(created.id)).toBe(0);
  });

  it('when a university is renamed to one without ASCII letters, then its old keys are gone', async () => {
    const t = tag();
    const created = await createUniversity({
      actor: actors.editor,
      input: { name: `Keyed ${t}`, shortName: 'K' },
    });
    expect(await namesFound(t)).toEqual([`Keyed ${t}`]);
    await updateUniversity({
      actor: actors.editor,
      id: created.id,
      input: { name: `中文大学`, shortName: '中' },
    });
    expect(await namesFound(t)).toEqual([]);
    expect(await rowsOf(created.id)).toEqual([]);
    expect(await pendingOf(created.id)).toBe(0);
  });
});

describe.skipIf(!postgresUrl)('a university write whose name keys the engine refuses', () => {
  const refuseKeyRows = () =>
    refuseWrites({
      postgresUrl,
      collection: UniversityNameKeyModel.collection.collectionName,
      operation: 'INSERT',
      // The pending row goes through: the fault hits the rows written after the university.
      when: `NEW._jsonb->>'key' <> '${PENDING_KEY}'`,
    });

  it('when a create fails after the university was written, then it rejects and leaves no university behind', async () => {
    const name = `Half ${tag()}`;
    const lift = await refuseKeyRows();
    try {
      await expect(
        createUniversity({ actor: actors.editor, input: { name, shortName: 'H' } }),
      ).rejects.toThrow(/refused by a test fault/);
    } finally {
      await lift();
    }
    expect(await UniversityModel.exists({ name })).toBeNull();
    expect(
      (await listUniversities({ query: { limit: 100 } })).items.map((u) => u.name),
    ).not.toContain(name);
    expect(await namesFound(name)).toEqual([]);
    // The pending row left behind is harmless: the repair finds no university and clears it.
    await resumeNameKeys();
    expect(await UniversityNameKeyModel.exists({ key: PENDING_KEY })).toBeNull();
  });

  it('when an update fails after the university was written, then the repair completes its keys', async () => {
    const t = tag();
    const created = await createUniversity({
      actor: actors.editor,
      input: { name: `Before ${t}`, shortName: 'B' },
    });
    const lift = await refuseKeyRows();
    try {
      await expect(
        updateUniversity({ actor: actors.editor, id: created.id, input: { name: `After ${t}` } }),
      ).rejects.toThrow(/refused by a test fault/);
    } finally {
      await lift();
    }
    expect(await pendingOf(created.id)).toBe(1);
    // A periodic repair leaves rewrites younger than its grace alone; the one at start does not.
    expect(await resumeNameKeys(60_000)).toBe(0);
    expect(await resumeNameKeys()).toBeGreaterThanOrEqual(1);
    expect(await pendingOf(created.id)).toBe(0);
    expect(await namesFound(`After ${t}`)).toEqual([`After ${t}`]);
    expect(await namesFound(`Before ${t}`)).toEqual([]);
    const keys = (await rowsOf(created.id)).map((row) => row.key).sort();
    expect(keys).toEqual(nameKeysOf([`After ${t}`, 'B']).sort());
  });

  it('when the create itself is refused, then nothing is left and the error is not a not-found', async () => {
    const name = `Refused ${tag()}`;
    const lift = await refuseWrites({
      postgresUrl,
      collection: UniversityModel.collection.collectionName,
      operation: 'INSERT',
    });
    let caught: unknown;
    try {
      await createUniversity({ actor: actors.editor, input: { name, shortName: 'R' } });
    } catch (error) {
      caught = error;
    } finally {
      await lift();
    }
    expect(caught).toBeInstanceOf(Error);
    expect(caught).not.toBeInstanceOf(NotFoundError);
    expect(await UniversityModel.exists({ name })).toBeNull();
    await resumeNameKeys();
    expect(await UniversityNameKeyModel.exists({ key: PENDING_KEY })).toBeNull();
  });
});
