// Syllabus, modules and topics through the graph: the tree, its question lists and its writes.
import { createModule, createTopic } from '@qpc/domain';
import {
  makeCatalog,
  ModuleModel,
  SyllabusModel,
  TopicModel,
  uid as tag,
} from '@qpc/domain/testing';
import { describe, expect, it } from 'vitest';
import { useGateway } from './support/suite.js';
import { roleMatrix, WRITERS } from './support/matrix.js';
import { createCase, recordCase, storedIn } from './support/write-cases.js';

const { gw, callers, admin } = useGateway();

describe('syllabus(subjectOfferingId) and its tree', () => {
  it('when a syllabus is read, then modules and topics come in order with the REST fields', async () => {
    const c = await makeCatalog(admin);
    const second = await createModule({
      actor: admin,
      input: { subjectOfferingId: c.offering.id, title: 'Module 2' },
    });
    const early = await createModule({
      actor: admin,
      input: { subjectOfferingId: c.offering.id, title: 'Module 0', order: 0 },
    });
    const topicB = await createTopic({
      actor: admin,
      input: { moduleId: second.id, title: 'B', order: 5 },
    });
    const topicA = await createTopic({
      actor: admin,
      input: { moduleId: second.id, title: 'A', order: 2 },
    });
    const { body } = await gw.gql(
      `query ($id: ObjectID!) { syllabus(subjectOfferingId: $id) {
        id subjectOfferingId createdAt updatedAt
        modules { id syllabusId subjectOfferingId title order createdAt updatedAt topics { id moduleId subjectOfferingId title order } } } }`,
      { id: c.offering.id },
    );
    expect(body.errors).toBeUndefined();
    const syllabus = body.data.syllabus;
    expect(syllabus.subjectOfferingId).toBe(c.offering.id);
    expect(syllabus.modules.map((m: { id: string }) => m.id)).toEqual([
      early.id,
      c.module.id,
      second.id,
    ]);
    expect(syllabus.modules[2].topics).toEqual(
      [topicA, topicB].map((t) => ({
        id: t.id,
        moduleId: second.id,
        subjectOfferingId: c.offering.id,
        title: t.title,
        order: t.order,
      })),
    );
    expect(syllabus.modules[0]).toMatchObject({
      syllabusId: syllabus.id,
      title: 'Module 0',
      order: 0,
      topics: [],
    });
  });

  it('when the offering has no syllabus or does not exist, then NOT_FOUND and null', async () => {
    const { body } = await gw.gql(
      '{ syllabus(subjectOfferingId: "bbbbbbbbbbbbbbbbbbbbbbbb") { id } }',
    );
    expect(body.data).toEqual({ syllabus: null });
    expect(body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('when SubjectOffering.syllabus is followed down, then Syllabus.modules and Module.topics load through loaders', async () => {
    const c = await makeCatalog(admin);
    const { body } = await gw.gql(
      'query ($id: ObjectID!) { subjectOffering(id: $id) { syllabus { modules { id topics { id } } } } }',
      { id: c.offering.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.subjectOffering.syllabus.modules).toEqual([
      { id: c.module.id, topics: [{ id: c.topic.id }] },
    ]);
  });

  it('when Module.questions and Topic.questions are asked anonymously, then only questions of approved papers come', async () => {
    const c = await makeCatalog(admin);
    const query = `query ($id: ObjectID!) { syllabus(subjectOfferingId: $id) {
      modules { questions { id paperId } topics { questions { id paperId } } } } }`;
    const anonymous = await gw.gql(query, { id: c.offering.id });
    expect(anonymous.body.errors).toBeUndefined();
    const [module] = anonymous.body.data.syllabus.modules;
    expect(module.questions).toEqual([{ id: c.question.id, paperId: c.approved.id }]);
    expect(module.topics[0].questions).toEqual([{ id: c.question.id, paperId: c.approved.id }]);
  });

  it('when an editor asks Module.questions and Topic.questions, then every question comes, newest first', async () => {
    const c = await makeCatalog(admin);
    const query = `query ($id: ObjectID!) { syllabus(subjectOfferingId: $id) { modules { questions { id } topics { questions { id } } } } }`;
    const { body } = await gw.gql(query, { id: c.offering.id }, callers.headers('editor'));
    const [module] = body.data.syllabus.modules;
    // The hidden question names only a topic: the domain files it under that topic's module too.
    expect(module.questions).toEqual([{ id: c.hiddenQuestion.id }, { id: c.question.id }]);
    expect(module.topics[0].questions).toEqual([
      { id: c.hiddenQuestion.id },
      { id: c.question.id },
    ]);
  });
});

// An offering of a fresh catalog with its syllabus and modules removed.
async function offeringWithoutSyllabus() {
  const c = await makeCatalog(admin);
  await SyllabusModel.deleteOne({ subjectOfferingId: c.offering.id });
  await ModuleModel.deleteMany({ subjectOfferingId: c.offering.id });
  return c.offering;
}
const newModule = async () => ({
  subjectOfferingId: (await makeCatalog(admin)).offering.id,
  title: `Module ${tag()}`,
});
const newTopic = async () => ({
  moduleId: (await makeCatalog(admin)).module.id,
  title: `Topic ${tag()}`,
  order: 7,
});

describe('syllabus mutations by role', () => {
  roleMatrix({ gw, callers }, [
    recordCase(
      'initSyllabus',
      WRITERS,
      offeringWithoutSyllabus,
      'mutation ($id: ObjectID!) { initSyllabus(subjectOfferingId: $id) { id subjectOfferingId modules { id } } }',
      async (offering) => Boolean(await SyllabusModel.exists({ subjectOfferingId: offering.id })),
    ),
    createCase(
      'createModule',
      'id title order topics { id }',
      newModule,
      storedIn(ModuleModel, 'title'),
    ),
    createCase(
      'createTopic',
      'id title moduleId',
      newTopic,
      storedIn(TopicModel, 'title', 'order'),
    ),
  ]);

  it('when a module is created for an offering without syllabus, then BAD_USER_INPUT names subjectOfferingId', async () => {
    const c = await makeCatalog(admin);
    await SyllabusModel.deleteOne({ subjectOfferingId: c.offering.id });
    const { body } = await gw.gql(
      'mutation ($id: ObjectID!) { createModule(input: { subjectOfferingId: $id, title: "Orphan" }) { id } }',
      { id: c.offering.id },
      callers.headers('editor'),
    );
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].extensions.details).toEqual([
      { path: 'subjectOfferingId', message: 'the subject offering has no syllabus yet' },
    ]);
    expect(await ModuleModel.exists({ title: 'Orphan' })).toBeNull();
  });

  it('when a second syllabus is initialized, then CONFLICT', async () => {
    const c = await makeCatalog(admin);
    const { body } = await gw.gql(
      'mutation ($id: ObjectID!) { initSyllabus(subjectOfferingId: $id) { id } }',
      { id: c.offering.id },
      callers.headers('admin'),
    );
    expect(body.errors[0].extensions.code).toBe('CONFLICT');
    expect(await SyllabusModel.countDocuments({ subjectOfferingId: c.offering.id })).toBe(1);
  });
});
