import { afterEach, describe, expect, it } from 'vitest';
import { mongoose } from '../db.js';
import { logCommands } from '../test-support/command-log.js';
import { useTestActors } from '../test-support/database.js';
import { makeOffering } from '../test-support/service-fixtures.js';
import { ModuleModel, SyllabusModel, TopicModel } from './model.js';
import {
  createModule,
  createTopic,
  getModuleById,
  getSyllabus,
  getTopicById,
  initSyllabus,
} from './service.js';

const { actors } = useTestActors();
afterEach(() => {
  mongoose.set('debug', false);
});

const newId = () => new mongoose.Types.ObjectId();

async function offeringId(): Promise<string> {
  return (await makeOffering(actors.admin)).offering.id;
}

async function withSyllabus(): Promise<string> {
  const subjectOfferingId = await offeringId();
  await initSyllabus({ actor: actors.admin, input: { subjectOfferingId } });
  return subjectOfferingId;
}

/** Counts the database commands sent while `work` runs. */
async function countQueries(work: () => Promise<unknown>): Promise<number> {
  return (await logCommands(work)).log.length;
}

const refusals = [
  ['anonymous', 401, () => null],
  ['normal', 403, () => actors.normal],
  ['deactivated', 403, () => actors.deactivated],
] as const;

describe('initSyllabus', () => {
  it('when an editor initializes one, then an empty syllabus exists for the offering', async () => {
    const subjectOfferingId = await offeringId();
    const created = await initSyllabus({ actor: actors.editor, input: { subjectOfferingId } });
    expect(created).toMatchObject({ subjectOfferingId });
    expect(Object.keys(created).sort()).toEqual([
      'createdAt',
      'id',
      'subjectOfferingId',
      'universityId',
      'updatedAt',
    ]);
    expect(await getSyllabus({ subjectOfferingId })).toEqual({ ...created, modules: [] });
  });

  it.each(refusals)(
    'when the caller is %s, then it is refused with %i',
    async (_, status, actor) => {
      const subjectOfferingId = await offeringId();
      expect(
        (await initSyllabus({ actor: actor(), input: { subjectOfferingId } }).catch((e) => e))
          .status,
      ).toBe(status);
      expect(await SyllabusModel.exists({ subjectOfferingId })).toBeNull();
    },
  );

  it('when the offering does not exist, then it is refused with 400 naming subjectOfferingId', async () => {
    const error = await initSyllabus({
      actor: actors.admin,
      input: { subjectOfferingId: newId().toHexString() },
    }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details[0].path).toBe('subjectOfferingId');
  });

  it('when the id is malformed or a field unknown, then it is refused with 400', async () => {
    expect(
      (
        await initSyllabus({ actor: actors.admin, input: { subjectOfferingId: 'x' } }).catch(
          (e) => e,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await initSyllabus({
          actor: actors.admin,
          input: { subjectOfferingId: await offeringId(), modules: [] },
        }).catch((e) => e)
      ).status,
    ).toBe(400);
  });

  it('when a second syllabus is initialized, then it is refused with 409', async () => {
    const subjectOfferingId = await withSyllabus();
    const error = await initSyllabus({ actor: actors.admin, input: { subjectOfferingId } }).catch(
      (e) => e,
    );
    expect(error.status).toBe(409);
    expect(error.details[0].path).toBe('subjectOfferingId');
    expect(await SyllabusModel.countDocuments({ subjectOfferingId })).toBe(1);
  });
});

describe('createModule', () => {
  it('when an editor adds modules without order, then they are numbered after the last one', async () => {
    const subjectOfferingId = await withSyllabus();
    const first = await createModule({
      actor: actors.editor,
      input: { subjectOfferingId, title: 'Intro' },
    });
    await createModule({
      actor: actors.admin,
      input: { subjectOfferingId, title: 'Late', order: 10 },
    });
    const next = await createModule({
      actor: actors.admin,
      input: { subjectOfferingId, title: 'Next' },
    });
    expect(first).toMatchObject({ subjectOfferingId, title: 'Intro', order: 1 });
    expect(first.syllabusId).toMatch(/^[a-f0-9]{24}$/);
    expect(next.order).toBe(11);
  });

  it.each(refusals)(
    'when the caller is %s, then it is refused with %i',
    async (_, status, actor) => {
      const subjectOfferingId = await withSyllabus();
      const error = await createModule({
        actor: actor(),
        input: { subjectOfferingId, title: 'X' },
      }).catch((e) => e);
      expect(error.status).toBe(status);
      expect(await ModuleModel.exists({ subjectOfferingId })).toBeNull();
    },
  );

  it('when the offering has no syllabus, then it is refused with 400 naming subjectOfferingId', async () => {
    const error = await createModule({
      actor: actors.admin,
      input: { subjectOfferingId: await offeringId(), title: 'X' },
    }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details).toEqual([
      { path: 'subjectOfferingId', message: 'the subject offering has no syllabus yet' },
    ]);
  });

  it.each([
    [{ title: '' }, 'title'],
    [{ title: 'X', order: -1 }, 'order'],
    [{ title: 'X', order: 1.5 }, 'order'],
    [{ title: 'X', order: '2' }, 'order'],
    [{ title: 'X', topics: [] }, 'topics'],
  ])('when the body has %j, then it is refused with 400', async (input, path) => {
    const subjectOfferingId = await withSyllabus();
    const error = await createModule({
      actor: actors.admin,
      input: { subjectOfferingId, ...input },
    }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details[0].path).toBe(path);
  });
});

describe('createTopic', () => {
  it('when an editor adds topics, then they belong to the module and its offering', async () => {
    const subjectOfferingId = await withSyllabus();
    const module = await createModule({
      actor: actors.admin,
      input: { subjectOfferingId, title: 'M' },
    });
    const first = await createTopic({
      actor: actors.editor,
      input: { moduleId: module.id, title: 'T1' },
    });
    const second = await createTopic({
      actor: actors.editor,
      input: { moduleId: module.id, title: 'T2' },
    });
    expect(first).toMatchObject({ moduleId: module.id, subjectOfferingId, title: 'T1', order: 1 });
    expect(second.order).toBe(2);
  });

  it.each(refusals)(
    'when the caller is %s, then it is refused with %i',
    async (_, status, actor) => {
      const subjectOfferingId = await withSyllabus();
      const module = await createModule({
        actor: actors.admin,
        input: { subjectOfferingId, title: 'M' },
      });
      const error = await createTopic({
        actor: actor(),
        input: { moduleId: module.id, title: 'T' },
      }).catch((e) => e);
      expect(error.status).toBe(status);
      expect(await TopicModel.exists({ moduleId: module.id })).toBeNull();
    },
  );

  it('when the module does not exist, then it is refused with 400 naming moduleId', async () => {
    const error = await createTopic({
      actor: actors.admin,
      input: { moduleId: newId().toHexString(), title: 'T' },
    }).catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.details[0].path).toBe('moduleId');
  });

  it('when moduleId is malformed or a field unknown, then it is refused with 400', async () => {
    expect(
      (
        await createTopic({ actor: actors.admin, input: { moduleId: '1', title: 'T' } }).catch(
          (e) => e,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await createTopic({
          actor: actors.admin,
          input: {
            moduleId: newId().toHexString(),
            title: 'T',
            subjectOfferingId: newId().toHexString(),
          },
        }).catch((e) => e)
      ).status,
    ).toBe(400);
  });
});

describe('getSyllabus', () => {
  it('when read by anyone, then modules and topics come back ordered by order, then creation', async () => {
    const subjectOfferingId = await withSyllabus();
    const m2 = await createModule({
      actor: actors.admin,
      input: { subjectOfferingId, title: 'Two', order: 2 },
    });
    const m1 = await createModule({
      actor: actors.admin,
      input: { subjectOfferingId, title: 'One', order: 1 },
    });
    const m2b = await createModule({
      actor: actors.admin,
      input: { subjectOfferingId, title: 'Two b', order: 2 },
    });
    const t3 = await createTopic({
      actor: actors.admin,
      input: { moduleId: m1.id, title: 'c', order: 3 },
    });
    const t1 = await createTopic({
      actor: actors.admin,
      input: { moduleId: m1.id, title: 'a', order: 1 },
    });
    const u1 = await createTopic({
      actor: actors.admin,
      input: { moduleId: m2.id, title: 'x', order: 0 },
    });

    const syllabus = await getSyllabus({ actor: null, subjectOfferingId });
    expect(syllabus.subjectOfferingId).toBe(subjectOfferingId);
    expect(syllabus.modules.map((m) => m.id)).toEqual([m1.id, m2.id, m2b.id]);
    expect(syllabus.modules[0]).toEqual({ ...m1, topics: [t1, t3] });
    expect(syllabus.modules[1]?.topics).toEqual([u1]);
    expect(syllabus.modules[2]?.topics).toEqual([]);
  });

  it('when the syllabus has many modules, then it is still read in a fixed number of queries', async () => {
    const small = await withSyllabus();
    const large = await withSyllabus();
    const smallModule = await createModule({
      actor: actors.admin,
      input: { subjectOfferingId: small, title: 'M' },
    });
    await createTopic({ actor: actors.admin, input: { moduleId: smallModule.id, title: 'T' } });
    for (let i = 0; i < 6; i += 1) {
      const m = await createModule({
        actor: actors.admin,
        input: { subjectOfferingId: large, title: `M${i}` },
      });
      for (let j = 0; j < 3; j += 1)
        await createTopic({ actor: actors.admin, input: { moduleId: m.id, title: `T${j}` } });
    }
    const asEditor = (id: string) => getSyllabus({ actor: actors.editor, subjectOfferingId: id });
    expect(await countQueries(() => asEditor(small))).toBe(3);
    expect(await countQueries(() => asEditor(large))).toBe(3);
    // Callers who do not see everything read the inactive universities once more (visibility).
    expect(await countQueries(() => getSyllabus({ subjectOfferingId: large }))).toBe(4);
    const tree = await getSyllabus({ subjectOfferingId: large });
    expect(tree.modules).toHaveLength(6);
    expect(tree.modules.every((m) => m.topics.length === 3)).toBe(true);
  });

  it('when the offering exists without a syllabus, then 404 "Syllabus not found"', async () => {
    const error = await getSyllabus({ subjectOfferingId: await offeringId() }).catch((e) => e);
    expect(error.status).toBe(404);
    expect(error.message).toBe('Syllabus not found');
  });

  it('when the offering does not exist, then 404; when the id is malformed, then 400', async () => {
    const missing = await getSyllabus({ subjectOfferingId: newId().toHexString() }).catch((e) => e);
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Subject offering not found');
    const bad = await getSyllabus({ subjectOfferingId: 'bad' }).catch((e) => e);
    expect(bad.status).toBe(400);
    expect(bad.details[0].path).toBe('subjectOfferingId');
  });
});

describe('getModuleById and getTopicById', () => {
  it('when they exist, then anyone reads them', async () => {
    const subjectOfferingId = await withSyllabus();
    const module = await createModule({
      actor: actors.admin,
      input: { subjectOfferingId, title: 'M' },
    });
    const topic = await createTopic({
      actor: actors.admin,
      input: { moduleId: module.id, title: 'T' },
    });
    expect(await getModuleById({ actor: null, id: module.id })).toEqual(module);
    expect(await getTopicById({ actor: null, id: topic.id })).toEqual(topic);
  });

  it('when they are unknown, then 404; when malformed, then 400', async () => {
    const id = newId().toHexString();
    const module = await getModuleById({ id }).catch((e) => e);
    const topic = await getTopicById({ id }).catch((e) => e);
    expect([module.status, module.message]).toEqual([404, 'Module not found']);
    expect([topic.status, topic.message]).toEqual([404, 'Topic not found']);
    expect((await getModuleById({ id: 'x' }).catch((e) => e)).status).toBe(400);
    expect((await getTopicById({ id: 'x' }).catch((e) => e)).status).toBe(400);
  });
});
