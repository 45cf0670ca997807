// Batch reads of syllabi, modules and topics, for the GraphQL gateway's DataLoaders (see
// ../listing/loading.ts). Every level is read by the syllabus or offering it hangs from: one
// indexed equality query per root and level, grouped by parent in memory.
import { groupBy, readerByParent } from '../listing/loading.js';
import type { ReadByParent } from '../listing/loading.js';
import { ModuleModel, SYLLABUS_ITEM_ORDER, SyllabusModel, TopicModel } from './model.js';
import type { Module, Syllabus, Topic } from './schema.js';

// An offering has one syllabus at most (a unique index): its group is that syllabus.
/** The syllabus (without modules) of each subject offering the caller may see, by offering id. */
export const readSyllabiBySubjectOfferingIds: ReadByParent<Syllabus> = readerByParent<
  Syllabus,
  Syllabus
>(SyllabusModel, 'academic', {
  parent: 'subjectOfferingId',
  sort: {},
  group: ([syllabus]) => syllabus,
});

/** The modules (without topics) of each syllabus, by syllabus id, ordered by order, then creation. */
export const readModulesBySyllabusIds: ReadByParent<Module[]> = readerByParent(
  ModuleModel,
  'academic',
  {
    parent: 'syllabusId',
    sort: SYLLABUS_ITEM_ORDER,
  },
);

/**
 * The topics of each syllabus grouped by module: syllabus id to module id to topics, ordered by
 * order, then creation. One query per syllabus, whatever the number of modules.
 */
export const readTopicsBySyllabusIds: ReadByParent<Map<string, Topic[]>> = readerByParent<
  Topic,
  Map<string, Topic[]>
>(TopicModel, 'academic', {
  parent: 'syllabusId',
  sort: SYLLABUS_ITEM_ORDER,
  group: (topics) => groupBy(topics, (t) => t.moduleId),
});
