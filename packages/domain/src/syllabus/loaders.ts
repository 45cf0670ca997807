// Batch loads of syllabi, modules and topics for the GraphQL gateway (see ../listing/loading.ts). Every
// level loads by the syllabus it hangs from: one indexed equality query per syllabus and level.
import { alignMany, alignOne, findByRootKeys } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import { visibleFilter } from '../visibility.js';
import type { Viewer } from '../visibility.js';
import { ModuleModel, SyllabusModel, TopicModel } from './model.js';
import type { Module, Syllabus, Topic } from './schema.js';

/** Modules and topics are listed by position, then creation, with the id as the last tiebreak. */
export const SYLLABUS_ITEM_ORDER = { order: 1, createdAt: 1, _id: 1 } as const;

/** The syllabus (without modules) of each subject offering, or null when it has none or is hidden. */
export async function loadSyllabiBySubjectOfferingIds(
  viewer: Viewer,
  subjectOfferingIds: readonly string[],
): Promise<(Syllabus | null)[]> {
  const docs = await findByRootKeys<unknown>(
    SyllabusModel,
    'subjectOfferingId',
    subjectOfferingIds,
    visibleFilter(viewer, 'academic'),
    {},
  );
  const syllabi = docs.map((d) => toDto<Syllabus>(d));
  return alignOne(subjectOfferingIds, syllabi, (s) => s.subjectOfferingId);
}

/** The modules (without topics) of each syllabus, ordered by order, then creation. */
export async function loadModulesBySyllabusIds(
  viewer: Viewer,
  syllabusIds: readonly string[],
): Promise<Module[][]> {
  const docs = await findByRootKeys<unknown>(
    ModuleModel,
    'syllabusId',
    syllabusIds,
    visibleFilter(viewer, 'academic'),
    SYLLABUS_ITEM_ORDER,
  );
  return alignMany(
    syllabusIds,
    docs.map((d) => toDto<Module>(d)),
    (m) => m.syllabusId,
  );
}

/** All topics of each syllabus (every module's), ordered by order, then creation. */
export async function loadTopicsBySyllabusIds(
  viewer: Viewer,
  syllabusIds: readonly string[],
): Promise<Topic[][]> {
  const docs = await findByRootKeys<unknown>(
    TopicModel,
    'syllabusId',
    syllabusIds,
    visibleFilter(viewer, 'academic'),
    SYLLABUS_ITEM_ORDER,
  );
  return alignMany(
    syllabusIds,
    docs.map((d) => toDto<Topic>(d)),
    (t) => t.syllabusId,
  );
}
