// What other modules read of syllabi, each a query named for its use, so that the syllabus
// models stay this module's own (import-graph.test.ts keeps it so).
import { ModuleModel, SYLLABUS_ITEM_ORDER, TopicModel } from './model.js';

/** The modules and topics of an offering with their titles, each in syllabus order (SYLLABUS_ITEM_ORDER, as the tree). */
export function syllabusOfOffering<T>(subjectOfferingId: string): Promise<[T[], T[]]> {
  return Promise.all([
    ModuleModel.find({ subjectOfferingId }, { title: 1, order: 1 })
      .sort(SYLLABUS_ITEM_ORDER)
      .lean<T[]>(),
    TopicModel.find({ subjectOfferingId }, { moduleId: 1, title: 1, order: 1 })
      .sort(SYLLABUS_ITEM_ORDER)
      .lean<T[]>(),
  ]);
}
