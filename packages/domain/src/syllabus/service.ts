import type { Model, QueryFilter } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import { objectId } from '../common-schemas.js';
import { invalidReference, NotFoundError, parseInput } from '../errors.js';
import { orNotFound } from '../update.js';
import { toDto } from '../serialize.js';
import { SubjectOfferingModel } from '../subject-offering/model.js';
import { withUniqueCheck } from '../unique.js';
import { ModuleModel, SyllabusModel, TopicModel } from './model.js';
import type { Module, ModuleWithTopics, Syllabus, SyllabusWithModules, Topic } from './schema.js';
import { createModuleInput, createTopicInput, initSyllabusInput } from './schema.js';

/** Modules and topics are listed by position, then creation, with the id as the last tiebreak. */
const SYLLABUS_ITEM_ORDER = { order: 1, createdAt: 1, _id: 1 } as const;

/** Reads the full syllabus of a subject offering in three queries (404 when it or the offering is missing). */
export async function getSyllabus({
  subjectOfferingId,
}: {
  actor?: MaybeActor;
  subjectOfferingId: string;
}): Promise<SyllabusWithModules> {
  const offeringId = parseInput(objectId, subjectOfferingId, 'subjectOfferingId');
  const syllabus = await SyllabusModel.findOne({ subjectOfferingId: offeringId }).lean();
  if (!syllabus) {
    const hasOffering = await SubjectOfferingModel.exists({ _id: offeringId });
    throw new NotFoundError(hasOffering ? 'Syllabus not found' : 'Subject offering not found');
  }
  const modules = await ModuleModel.find({ syllabusId: syllabus._id })
    .sort(SYLLABUS_ITEM_ORDER)
    .lean();
  const topics = modules.length
    ? await TopicModel.find({ moduleId: { $in: modules.map((m) => m._id) } })
        .sort(SYLLABUS_ITEM_ORDER)
        .lean()
    : [];

  const topicsByModule = new Map<string, Topic[]>();
  for (const topic of topics) {
    const key = topic.moduleId.toHexString();
    const list = topicsByModule.get(key) ?? [];
    list.push(toDto<Topic>(topic));
    topicsByModule.set(key, list);
  }
  return {
    ...toDto<Syllabus>(syllabus),
    modules: modules.map((m): ModuleWithTopics => ({
      ...toDto<Module>(m),
      topics: topicsByModule.get(m._id.toHexString()) ?? [],
    })),
  };
}

/** Creates the (single) syllabus of a subject offering (admin or editor); a second one is a 409. */
export async function initSyllabus({
  actor,
  input,
}: {
  actor: MaybeActor;
  input: unknown;
}): Promise<Syllabus> {
  assertCan(actor, 'catalog:write');
  const { subjectOfferingId } = parseInput(initSyllabusInput, input);
  if (!(await SubjectOfferingModel.exists({ _id: subjectOfferingId }))) {
    throw invalidReference('subjectOfferingId', 'subject offering not found');
  }
  const doc = await withUniqueCheck(
    SyllabusModel,
    { subjectOfferingId },
    () => SyllabusModel.create({ subjectOfferingId }),
    'This subject offering already has a syllabus',
  );
  return toDto<Syllabus>(doc.toObject());
}

/** Adds a module to the syllabus of a subject offering (admin or editor); the syllabus must exist (400). */
export async function createModule({
  actor,
  input,
}: {
  actor: MaybeActor;
  input: unknown;
}): Promise<Module> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createModuleInput, input);
  const syllabus = await SyllabusModel.findOne(
    { subjectOfferingId: data.subjectOfferingId },
    { _id: 1 },
  ).lean();
  if (!syllabus) {
    const hasOffering = await SubjectOfferingModel.exists({ _id: data.subjectOfferingId });
    throw invalidReference(
      'subjectOfferingId',
      hasOffering ? 'the subject offering has no syllabus yet' : 'subject offering not found',
    );
  }
  const order = data.order ?? (await nextOrder(ModuleModel, { syllabusId: syllabus._id }));
  const doc = await ModuleModel.create({
    syllabusId: syllabus._id,
    subjectOfferingId: data.subjectOfferingId,
    title: data.title,
    order,
  });
  return toDto<Module>(doc.toObject());
}

/** Adds a topic to a module (admin or editor); the module must exist (400). */
export async function createTopic({
  actor,
  input,
}: {
  actor: MaybeActor;
  input: unknown;
}): Promise<Topic> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createTopicInput, input);
  const module = await ModuleModel.findById(data.moduleId, { subjectOfferingId: 1 }).lean();
  if (!module) throw invalidReference('moduleId', 'module not found');
  const order = data.order ?? (await nextOrder(TopicModel, { moduleId: module._id }));
  const doc = await TopicModel.create({
    moduleId: module._id,
    subjectOfferingId: module.subjectOfferingId,
    title: data.title,
    order,
  });
  return toDto<Topic>(doc.toObject());
}

/** Reads a module by id, without its topics (404 when missing). */
export async function getModuleById({ id }: { actor?: MaybeActor; id: string }): Promise<Module> {
  const moduleId = parseInput(objectId, id, 'id');
  const doc = await orNotFound(
    ModuleModel.findById(moduleId).lean(),
    () => new NotFoundError('Module not found'),
  );
  return toDto<Module>(doc);
}

/** Reads a topic by id (404 when missing). */
export async function getTopicById({ id }: { actor?: MaybeActor; id: string }): Promise<Topic> {
  const topicId = parseInput(objectId, id, 'id');
  const doc = await orNotFound(
    TopicModel.findById(topicId).lean(),
    () => new NotFoundError('Topic not found'),
  );
  return toDto<Topic>(doc);
}

/** One past the highest order among the siblings, 1 for the first. Racing creates may tie; creation order breaks it. */
async function nextOrder(model: Model<any>, siblings: QueryFilter<any>): Promise<number> {
  const last = await model
    .findOne(siblings, { order: 1 })
    .sort({ order: -1 })
    .lean<{ order: number } | null>();
  return (last?.order ?? 0) + 1;
}
