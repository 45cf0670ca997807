// Batch reads of syllabi, modules and topics, for the GraphQL gateway's DataLoaders (see
// ../listing/loading.ts). Every level is read by the syllabus or offering it hangs from: one
// indexed equality query per root and level, grouped by parent in memory.
import { findByRootKeys, groupBy } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import { asCaller } from '../visibility.js';
import type { ActorOrCaller } from '../visibility.js';
import { ModuleModel, SyllabusModel, TopicModel } from './model.js';
import type { Module, Syllabus, Topic } from './schema.js';
import { SYLLABUS_ITEM_ORDER } from './service.js';

/** The syllabus (without modules) of each subject offering the caller may see, by offering id. */
export async function readSyllabiBySubjectOfferingIds(
  actor: ActorOrCaller,
  subjectOfferingIds: readonly string[],
): Promise<Map<string, Syllabus>> {
  const viewer = await asCaller(actor).viewer();
  const docs = await findByRootKeys<unknown>(
    SyllabusModel,
    viewer,
    'academic',
    'subjectOfferingId',
    subjectOfferingIds,
    {},
  );
  return new Map(docs.map((d) => toDto<Syllabus>(d)).map((s) => [s.subjectOfferingId, s]));
}

/** The modules (without topics) of each syllabus, by syllabus id, ordered by order, then creation. */
export async function readModulesBySyllabusIds(
  actor: ActorOrCaller,
  syllabusIds: readonly string[],
): Promise<Map<string, Module[]>> {
  const viewer = await asCaller(actor).viewer();
  const docs = await findByRootKeys<unknown>(
    ModuleModel,
    viewer,
    'academic',
    'syllabusId',
    syllabusIds,
    SYLLABUS_ITEM_ORDER,
  );
  return groupBy(
    docs.map((d) => toDto<Module>(d)),
    (m) => m.syllabusId,
  );
}

/**
 * The topics of each syllabus grouped by module: syllabus id to module id to topics, ordered by
 * order, then creation. One query per syllabus, whatever the number of modules.
 */
export async function readTopicsBySyllabusIds(
  actor: ActorOrCaller,
  syllabusIds: readonly string[],
): Promise<Map<string, Map<string, Topic[]>>> {
  const viewer = await asCaller(actor).viewer();
  const docs = await findByRootKeys<unknown>(
    TopicModel,
    viewer,
    'academic',
    'syllabusId',
    syllabusIds,
    SYLLABUS_ITEM_ORDER,
  );
  const bySyllabus = groupBy(
    docs.map((d) => toDto<Topic>(d)),
    (t) => t.syllabusId,
  );
  return new Map(
    [...bySyllabus].map(([syllabusId, topics]) => [syllabusId, groupBy(topics, (t) => t.moduleId)]),
  );
}
