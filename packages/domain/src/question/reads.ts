// Batch reads of questions, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts). A
// paper's, module's or topic's questions are their share of the offering's: one indexed query per
// offering, grouped by each kind of parent once.
import { groupBy, readerByParent, visibleReaderByIds } from '../listing/loading.js';
import type { ReadByParent, VisibleReadByIds } from '../listing/loading.js';
import { QUESTION_ORDER, QuestionModel } from './model.js';
import type { Question } from './schema.js';
import { toQuestion } from './service.js';

/** One offering's questions the caller may see, newest first, by the id of each parent. */
export interface QuestionsByParent {
  byPaper: ReadonlyMap<string, readonly Question[]>;
  byModule: ReadonlyMap<string, readonly Question[]>;
  byTopic: ReadonlyMap<string, readonly Question[]>;
}

/** Questions by id, those the caller may see. One query. */
export const readQuestionsByIds: VisibleReadByIds<Question> = visibleReaderByIds(
  QuestionModel,
  'question',
  toQuestion,
);

/**
 * The questions of each subject offering the caller may see, by offering id, grouped by paper,
 * module and topic (newest first in each). One query per offering.
 */
export const readQuestionsBySubjectOfferingIds: ReadByParent<QuestionsByParent> = readerByParent(
  QuestionModel,
  'question',
  {
    parent: 'subjectOfferingId',
    sort: QUESTION_ORDER,
    toItem: toQuestion,
    group: (questions): QuestionsByParent => ({
      byPaper: groupBy(questions, (q) => q.paperId),
      byModule: groupBy(questions, (q) => q.moduleId),
      byTopic: groupBy(questions, (q) => q.topicId),
    }),
  },
);
