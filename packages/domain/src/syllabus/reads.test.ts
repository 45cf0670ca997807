import { afterEach, describe, expect, it } from 'vitest';
import { mongoose } from '../db.js';
import { createSubjectOffering } from '../subject-offering/service.js';
import { useTestActors } from '../test-support/database.js';
import {
  makeBranch,
  makeOffering,
  makeSemester,
  makeSubject,
  makeUniversity,
} from '../test-support/service-fixtures.js';
import { contentSweepsSettled } from '../university/content-sweep.js';
import { deleteUniversity } from '../university/service.js';
import { readBranchesByIds, readBranchesByUniversityIds } from '../branch/reads.js';
import { readSemestersByBranchIds, readSemestersByIds } from '../semester/reads.js';
import { readSubjectOfferingsByIds } from '../subject-offering/reads.js';
import { readSubjectsByIds } from '../subject/reads.js';
import { readUniversitiesByIds } from '../university/reads.js';
import type { RequestCaller, CallerView } from '../visibility.js';
import {
  readModulesBySyllabusIds,
  readSyllabiBySubjectOfferingIds,
  readTopicsBySyllabusIds,
} from './reads.js';
import { createModule, createTopic, initSyllabus } from './service.js';

const { actors } = useTestActors();

afterEach(() => {
  mongoose.set('debug', false);
});

const anyone: CallerView = {
  actor: null,
  seesAll: false,
  inactiveUniversityIds: [],
  deactivatingUniversityIds: [],
  reactivatingUniversityIds: [],
};
/** A caller whose view is the given viewer (what `callerFor` reads from the database). */
const seeing = (viewer: CallerView): RequestCaller => ({ actor: null, view: async () => viewer });
/** Each key's entry of a batch read, as the gateway's DataLoaders answer them. */
const inKeyOrder = <T, M>(found: ReadonlyMap<string, T>, keys: readonly string[], missing: M) =>
  keys.map((key) => found.get(key) ?? missing);
const newId = () => new mongoose.Types.ObjectId();

/** Runs `work`, counting the database commands mongoose sends meanwhile. */
async function counted<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0;
  mongoose.set('debug', () => {
    queries += 1;
  });
  try {
    return { result: await work(), queries };
  } finally {
    mongoose.set('debug', false);
  }
}

/** Soft-deletes a university through the service, its content sweep finished. */
async function softDelete(universityId: string) {
  await deleteUniversity({ actor: actors.admin, id: universityId });
  await contentSweepsSettled();
}

describe('batch reads by id', () => {
  it('when universities are read, then each key finds its own in one query (deleted included)', async () => {
    const a = await makeUniversity(actors.admin);
    const b = await makeUniversity(actors.admin);
    await softDelete(b.id);
    const missing = newId().toHexString();
    const keys = [b.id, missing, a.id, 'not-an-id', b.id];
    const { result, queries } = await counted(async () =>
      inKeyOrder(await readUniversitiesByIds(keys), keys, null),
    );
    expect(queries).toBe(1);
    expect(result.map((u) => u?.id ?? null)).toEqual([b.id, null, a.id, null, b.id]);
    expect(result[0]).toMatchObject({ isActive: false, slug: b.slug });
    expect(result[0]).not.toHaveProperty('_id');
  });

  it('when branches, semesters, subjects and offerings are read, then each takes one query', async () => {
    const uni = await makeUniversity(actors.admin);
    const branches = [
      await makeBranch(actors.admin, uni.id, { name: 'A' }),
      await makeBranch(actors.admin, uni.id, { name: 'B' }),
    ];
    const semesters = [
      await makeSemester(actors.admin, branches[0]!.id, 1),
      await makeSemester(actors.admin, branches[0]!.id, 2),
    ];
    const subjects = [await makeSubject(actors.admin), await makeSubject(actors.admin)];
    const offering = await createSubjectOffering({
      actor: actors.admin,
      input: {
        universityId: uni.id,
        branchId: branches[0]!.id,
        semesterId: semesters[0]!.id,
        subjectId: subjects[0]!.id,
      },
    });
    const missing = newId().toHexString();

    const cases: [(ids: string[]) => Promise<ReadonlyMap<string, { id: string }>>, string[]][] = [
      [readBranchesByIds, branches.map((b) => b.id)],
      [readSemestersByIds, semesters.map((x) => x.id)],
      [readSubjectsByIds, subjects.map((x) => x.id)],
      [readSubjectOfferingsByIds, [offering.id]],
    ];
    for (const [read, ids] of cases) {
      const keys = [...ids].reverse().concat(missing);
      const { result, queries } = await counted(async () =>
        inKeyOrder(await read(keys), keys, null),
      );
      expect(queries).toBe(1);
      expect(result.map((r) => r?.id ?? null)).toEqual([...[...ids].reverse(), null]);
    }
  });

  it('when no key is well-formed, then nothing is found without a query', async () => {
    const keys = ['x', 'y'];
    const { result, queries } = await counted(async () =>
      inKeyOrder(await readSubjectsByIds(keys), keys, null),
    );
    expect(result).toEqual([null, null]);
    expect(queries).toBe(0);
  });
});

describe('batch reads of children', () => {
  it('when branches of many universities are read, then one indexed query per university returns them by name', async () => {
    const unis = [
      await makeUniversity(actors.admin),
      await makeUniversity(actors.admin),
      await makeUniversity(actors.admin),
    ];
    for (const [i, uni] of unis.slice(0, 2).entries()) {
      for (const name of ['Mech', 'Civil', 'EEE'])
        await makeBranch(actors.admin, uni.id, { name: `${name}${i}` });
    }
    const keys = [unis[1]!.id, unis[2]!.id, unis[0]!.id];
    const { result, queries } = await counted(async () =>
      inKeyOrder(await readBranchesByUniversityIds(seeing(anyone), keys), keys, []),
    );
    expect(queries).toBe(3);
    expect(result.map((list) => list.map((b) => b.name))).toEqual([
      ['Civil1', 'EEE1', 'Mech1'],
      [],
      ['Civil0', 'EEE0', 'Mech0'],
    ]);
    expect(result[0]!.every((b) => b.universityId === unis[1]!.id)).toBe(true);
  });

  it('when a university is hidden from the viewer, then its branches and semesters are empty without a query for it', async () => {
    const hidden = await makeUniversity(actors.admin);
    const branch = await makeBranch(actors.admin, hidden.id, { name: 'Hidden' });
    await makeSemester(actors.admin, branch.id, 1);
    await softDelete(hidden.id);
    const viewer: CallerView = { ...anyone, inactiveUniversityIds: [hidden.id] };
    const branches = await counted(() => readBranchesByUniversityIds(seeing(viewer), [hidden.id]));
    expect(branches).toEqual({ result: new Map(), queries: 0 });
    expect(await readSemestersByBranchIds(seeing(viewer), [branch.id])).toEqual(new Map());
    const editor: CallerView = { ...anyone, seesAll: true };
    expect(
      (await readSemestersByBranchIds(seeing(editor), [branch.id])).get(branch.id),
    ).toHaveLength(1);
  });

  it('when semesters of many branches are read, then one query per branch returns them by number', async () => {
    const uni = await makeUniversity(actors.admin);
    const branchIds = [
      (await makeBranch(actors.admin, uni.id)).id,
      (await makeBranch(actors.admin, uni.id)).id,
    ];
    for (const n of [3, 1, 2]) await makeSemester(actors.admin, branchIds[0]!, n);
    await makeSemester(actors.admin, branchIds[1]!, 7);
    const keys = [branchIds[1]!, branchIds[0]!];
    const { result, queries } = await counted(async () =>
      inKeyOrder(await readSemestersByBranchIds(seeing(anyone), keys), keys, []),
    );
    expect(queries).toBe(2);
    expect(result.map((list) => list.map((s) => s.number))).toEqual([[7], [1, 2, 3]]);
  });

  it('when syllabi, modules and topics are read, then each level is one query per syllabus, aligned and ordered', async () => {
    const offeringKeys: string[] = [];
    for (let i = 0; i < 3; i += 1)
      offeringKeys.push((await makeOffering(actors.admin)).offering.id);
    const syllabi = [
      await initSyllabus({ actor: actors.admin, input: { subjectOfferingId: offeringKeys[0] } }),
      await initSyllabus({ actor: actors.admin, input: { subjectOfferingId: offeringKeys[1] } }),
    ];
    const { result: loadedSyllabi, queries: q1 } = await counted(async () =>
      inKeyOrder(
        await readSyllabiBySubjectOfferingIds(seeing(anyone), offeringKeys),
        offeringKeys,
        null,
      ),
    );
    expect(q1).toBe(3);
    expect(loadedSyllabi.map((s) => s?.id ?? null)).toEqual([syllabi[0]!.id, syllabi[1]!.id, null]);
    expect(loadedSyllabi[0]).not.toHaveProperty('modules');

    const modules: { id: string }[] = [];
    for (const [title, order] of [
      ['B', 2],
      ['A', 1],
      ['C', 2],
    ] as const) {
      modules.push(
        await createModule({
          actor: actors.admin,
          input: { subjectOfferingId: offeringKeys[0], title, order },
        }),
      );
    }
    const syllabusKeys = syllabi.map((x) => x.id).reverse();
    const { result: loadedModules, queries: q2 } = await counted(async () =>
      inKeyOrder(await readModulesBySyllabusIds(seeing(anyone), syllabusKeys), syllabusKeys, []),
    );
    expect(q2).toBe(2);
    expect(loadedModules.map((list) => list.map((m) => m.title))).toEqual([[], ['A', 'B', 'C']]);

    for (const [i, module] of modules.entries()) {
      for (const order of [2, 1]) {
        await createTopic({
          actor: actors.admin,
          input: { moduleId: module.id, title: `${i}-${order}`, order },
        });
      }
    }
    const { result: loadedTopics, queries: q3 } = await counted(() =>
      readTopicsBySyllabusIds(seeing(anyone), [syllabi[0]!.id]),
    );
    // Every module's topics in one query: the whole level of one syllabus, grouped by module.
    expect(q3).toBe(1);
    const byModule = loadedTopics.get(syllabi[0]!.id)!;
    expect(modules.map((m) => byModule.get(m.id)?.map((t) => t.title))).toEqual([
      ['0-1', '0-2'],
      ['1-1', '1-2'],
      ['2-1', '2-2'],
    ]);
  });
});
