// Batch reads of syllabi, modules and topics, for the GraphQL gateway's DataLoaders (see
// ../listing/loading.ts). Every level is read by the syllabus or offering it hangs from: one
// indexed equality query per root and level, grouped by parent in memory.
import { groupBy, readChildren, readChildrenByParent } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import type { ActorOrCaller } from '../visibility.js';
import { ModuleModel, SyllabusModel, TopicModel } from './model.js';
import type { Module, Syllabus, Topic } from './schema.js';
import { SYLLABUS_ITEM_ORDER } from './service.js';

/** The syllabus (without modules) of each subject offering the caller may see, by offering id. */
export async function readSyllabiBySubjectOfferingIds(
  actor: ActorOrCaller,
  subjectOfferingIds: readonly string[],
): Promise<Map<string, Syllabus>> {
  const syllabi = await readChildren(actor, subjectOfferingIds, {
    model: SyllabusModel,
    kind: 'academic',
    parent: 'subjectOfferingId',
    sort: {},
    toItem: (doc) => toDto<Syllabus>(doc),
  });
  return new Map(syllabi.map((s) => [s.subjectOfferingId, s]));
}

/** The modules (without topics) of each syllabus, by syllabus id, ordered by order, then creation. */
export function readModulesBySyllabusIds(
  actor: ActorOrCaller,
  syllabusIds: readonly string[],
): Promise<Map<string, Module[]>> {
  return readChildrenByParent(actor, syllabusIds, {
    model: ModuleModel,
    kind: 'academic',
    parent: 'syllabusId',
    sort: SYLLABUS_ITEM_ORDER,
    toItem: (doc) => toDto<Module>(doc),
  });
}

/**
 * The topics of each syllabus grouped by module: syllabus id to module id to topics, ordered by
 * order, then creation. One query per syllabus, whatever the number of modules.
 */
export async function readTopicsBySyllabusIds(
  actor: ActorOrCaller,
  syllabusIds: readonly string[],
): Promise<Map<string, Map<string, Topic[]>>> {
  const bySyllabus = await readChildrenByParent(actor, syllabusIds, {
    model: TopicModel,
    kind: 'academic',
    parent: 'syllabusId',
    sort: SYLLABUS_ITEM_ORDER,
    toItem: (doc) => toDto<Topic>(doc),
  });
  return new Map(
    [...bySyllabus].map(([syllabusId, topics]) => [syllabusId, groupBy(topics, (t) => t.moduleId)]),
  );
}
