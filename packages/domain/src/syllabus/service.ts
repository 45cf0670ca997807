import type { Types } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import { objectId } from '../common-schemas.js';
import { invalidReference, NotFoundError, parseInput } from '../errors.js';
import { deleteUnlessReferenced, insertUnderParent, readParent } from '../writing/references.js';
import { copiedProjection, inheritedFrom } from '../writing/reference-table.js';
import { toDto } from '../storage/serialize.js';
import { withUniqueCheck } from '../writing/unique.js';
import { definedFields, orNotFound, updateById } from '../writing/update.js';
import { asCaller, callerViewFor, isVisible, readVisible } from '../visibility.js';
import type { Caller, CallerView } from '../visibility.js';
import { groupBy } from '../listing/loading.js';
import { ModuleModel, SYLLABUS_ITEM_ORDER, SyllabusModel, TopicModel } from './model.js';
import type { Module, ModuleWithTopics, Syllabus, SyllabusWithModules, Topic } from './schema.js';
import {
  createModuleInput,
  createTopicInput,
  initSyllabusInput,
  updateSyllabusItemInput,
} from './schema.js';
import type { AnyModel, AnyFilter } from '../storage/model-helpers.js';
import { documentId } from '../storage/document-id.js';

export { SYLLABUS_ITEM_ORDER } from './model.js';

const syllabusNotFound = () => new NotFoundError('Syllabus not found');
const moduleNotFound = () => new NotFoundError('Module not found');
const topicNotFound = () => new NotFoundError('Topic not found');

/** The syllabus of an offering the viewer may see (404 naming what is missing). */
async function readSyllabus(viewer: CallerView, subjectOfferingId: string) {
  const syllabus = await SyllabusModel.findOne({ subjectOfferingId }).lean();
  if (syllabus && isVisible(viewer, 'academic', syllabus)) return syllabus;
  const offering = await readParent<{ universityId: unknown }>(
    SyllabusModel,
    'subjectOfferingId',
    subjectOfferingId,
    { universityId: 1 },
  );
  if (!offering || !isVisible(viewer, 'academic', offering)) {
    throw new NotFoundError('Subject offering not found');
  }
  throw syllabusNotFound();
}

/** Reads the full syllabus of a subject offering in three queries (404 when it or the offering is missing or hidden). */
export async function getSyllabus({
  actor,
  subjectOfferingId,
}: {
  actor?: Caller;
  subjectOfferingId: string;
}): Promise<SyllabusWithModules> {
  const offeringId = parseInput(objectId, subjectOfferingId, 'subjectOfferingId');
  const syllabus = await readSyllabus(await asCaller(actor).view(), offeringId);
  // Both levels by the syllabus they hang from: two indexed equality queries.
  const [modules, topics] = await Promise.all([
    ModuleModel.find({ syllabusId: syllabus._id }).sort(SYLLABUS_ITEM_ORDER).lean(),
    TopicModel.find({ syllabusId: syllabus._id }).sort(SYLLABUS_ITEM_ORDER).lean(),
  ]);
  const topicsByModule = groupBy(
    topics.map((t) => toDto<Topic>(t)),
    (t) => t.moduleId,
  );
  return {
    ...toDto<Syllabus>(syllabus),
    modules: modules.map((m): ModuleWithTopics => ({
      ...toDto<Module>(m),
      topics: topicsByModule.get(m._id.toHexString()) ?? [],
    })),
  };
}

/** Reads the syllabus of a subject offering without its modules (404 when it or the offering is missing or hidden). */
export async function findSyllabus({
  actor,
  subjectOfferingId,
}: {
  actor?: Caller;
  subjectOfferingId: string;
}): Promise<Syllabus> {
  const offeringId = parseInput(objectId, subjectOfferingId, 'subjectOfferingId');
  return toDto<Syllabus>(await readSyllabus(await asCaller(actor).view(), offeringId));
}

/** Reads a syllabus by its own id, without its modules (404 when it or its offering is missing or hidden). */
export async function getSyllabusById({
  actor,
  id,
}: {
  actor?: Caller;
  id: string;
}): Promise<Syllabus> {
  const syllabusId = parseInput(objectId, id, 'id');
  const doc = await SyllabusModel.findById(syllabusId, { subjectOfferingId: 1 }).lean();
  if (!doc) throw syllabusNotFound();
  return findSyllabus({ actor, subjectOfferingId: String(doc.subjectOfferingId) });
}

/** Creates the (single) syllabus of a subject offering (admin or editor); a second one is a 409. */
export async function initSyllabus({
  actor,
  input,
  id,
}: {
  actor: MaybeActor;
  input: unknown;
  /** The new resource's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
}): Promise<Syllabus> {
  assertCan(actor, 'catalog:write');
  const { subjectOfferingId } = parseInput(initSyllabusInput, input);
  const offering = await readParent<{ universityId: Types.ObjectId }>(
    SyllabusModel,
    'subjectOfferingId',
    subjectOfferingId,
    { universityId: 1 },
  );
  if (!offering) throw invalidReference('subjectOfferingId', 'subject offering not found');
  const doc = await insertUnderParent({
    child: SyllabusModel,
    field: 'subjectOfferingId',
    parentId: subjectOfferingId,
    insert: async () =>
      (
        await withUniqueCheck(
          SyllabusModel,
          { subjectOfferingId },
          () =>
            SyllabusModel.create({
              _id: documentId(id),
              subjectOfferingId,
              ...inheritedFrom(SyllabusModel, 'subjectOfferingId', offering),
            }),
          'This subject offering already has a syllabus',
        )
      ).toObject(),
  });
  return toDto<Syllabus>(doc);
}

/** Adds a module to the syllabus of a subject offering (admin or editor); the syllabus must exist (400). */
export async function createModule({
  actor,
  input,
  id,
}: {
  actor: MaybeActor;
  input: unknown;
  /** The new resource's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
}): Promise<Module> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createModuleInput, input);
  const syllabus = await SyllabusModel.findOne(
    { subjectOfferingId: data.subjectOfferingId },
    copiedProjection(ModuleModel, 'syllabusId', ['_id']),
  ).lean();
  if (!syllabus) {
    const hasOffering = await readParent(
      SyllabusModel,
      'subjectOfferingId',
      data.subjectOfferingId,
      {
        _id: 1,
      },
    );
    throw invalidReference(
      'subjectOfferingId',
      hasOffering ? 'the subject offering has no syllabus yet' : 'subject offering not found',
    );
  }
  const order = data.order ?? (await nextOrder(ModuleModel, { syllabusId: syllabus._id }));
  const doc = await insertUnderParent({
    child: ModuleModel,
    field: 'syllabusId',
    parentId: syllabus._id,
    insert: async () =>
      (
        await ModuleModel.create({
          _id: documentId(id),
          syllabusId: syllabus._id,
          ...inheritedFrom(ModuleModel, 'syllabusId', syllabus),
          title: data.title,
          order,
        })
      ).toObject(),
  });
  return toDto<Module>(doc);
}

/** Adds a topic to a module (admin or editor); the module must exist (400). */
export async function createTopic({
  actor,
  input,
  id,
}: {
  actor: MaybeActor;
  input: unknown;
  /** The new resource's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
}): Promise<Topic> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createTopicInput, input);
  const module = await ModuleModel.findById(data.moduleId).lean();
  if (!module) throw invalidReference('moduleId', 'module not found');
  const order = data.order ?? (await nextOrder(TopicModel, { moduleId: module._id }));
  const doc = await insertUnderParent({
    child: TopicModel,
    field: 'moduleId',
    parentId: module._id,
    insert: async () =>
      (
        await TopicModel.create({
          _id: documentId(id),
          moduleId: module._id,
          ...inheritedFrom(TopicModel, 'moduleId', module),
          title: data.title,
          order,
        })
      ).toObject(),
  });
  return toDto<Topic>(doc);
}

/** Reads a module by id, without its topics (404 when missing or hidden). */
export async function getModuleById({
  actor,
  id,
}: {
  actor?: Caller;
  id: string;
}): Promise<Module> {
  const moduleId = parseInput(objectId, id, 'id');
  const { doc } = await readVisible(
    actor,
    'academic',
    () => ModuleModel.findById(moduleId).lean(),
    moduleNotFound,
  );
  return toDto<Module>(doc);
}

/** Reads a topic by id (404 when missing or hidden). */
export async function getTopicById({ actor, id }: { actor?: Caller; id: string }): Promise<Topic> {
  const topicId = parseInput(objectId, id, 'id');
  const { doc } = await readVisible(
    actor,
    'academic',
    () => TopicModel.findById(topicId).lean(),
    topicNotFound,
  );
  return toDto<Topic>(doc);
}

/** Renames or reorders a module (admin or editor). */
export async function updateModule({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
}): Promise<Module> {
  assertCan(actor, 'catalog:write');
  const moduleId = parseInput(objectId, id, 'id');
  const data = parseInput(updateSyllabusItemInput, input);
  const $set = definedFields(data, ['title', 'order']);
  const doc = await orNotFound(
    updateById<unknown>(ModuleModel, moduleId, { $set }),
    moduleNotFound,
  );
  return toDto<Module>(doc);
}

/** Renames or reorders a topic within its module (admin or editor); it never moves to another module. */
export async function updateTopic({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
}): Promise<Topic> {
  assertCan(actor, 'catalog:write');
  const topicId = parseInput(objectId, id, 'id');
  const data = parseInput(updateSyllabusItemInput, input);
  const $set = definedFields(data, ['title', 'order']);
  const doc = await orNotFound(updateById<unknown>(TopicModel, topicId, { $set }), topicNotFound);
  return toDto<Topic>(doc);
}

/** Deletes a module (admin); refused with 409 while topics or questions reference it. */
export async function deleteModule({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<void> {
  assertCan(actor, 'catalog:delete');
  const moduleId = parseInput(objectId, id, 'id');
  await deleteUnlessReferenced({ model: ModuleModel, id: moduleId, label: 'Module' });
}

/** Deletes a topic (admin); refused with 409 while questions reference it. */
export async function deleteTopic({ actor, id }: { actor: MaybeActor; id: string }): Promise<void> {
  assertCan(actor, 'catalog:delete');
  const topicId = parseInput(objectId, id, 'id');
  await deleteUnlessReferenced({ model: TopicModel, id: topicId, label: 'Topic' });
}

/** Deletes the syllabus of a subject offering (admin); refused with 409 while it has modules. */
export async function deleteSyllabus({
  actor,
  subjectOfferingId,
}: {
  actor: MaybeActor;
  subjectOfferingId: string;
}): Promise<void> {
  assertCan(actor, 'catalog:delete');
  const offeringId = parseInput(objectId, subjectOfferingId, 'subjectOfferingId');
  const syllabus = await readSyllabus(await callerViewFor(actor), offeringId);
  await deleteUnlessReferenced({
    model: SyllabusModel,
    id: String(syllabus._id),
    label: 'Syllabus',
  });
}

/** One past the highest order among the siblings, 1 for the first. Racing creates may tie; creation order breaks it. */
async function nextOrder(model: AnyModel, siblings: AnyFilter): Promise<number> {
  const last = await model
    .findOne(siblings, { order: 1 })
    .sort({ order: -1 })
    .lean<{ order: number } | null>();
  return (last?.order ?? 0) + 1;
}
