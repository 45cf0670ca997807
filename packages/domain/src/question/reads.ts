// Batch reads of questions, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts). A
// paper's, module's or topic's questions are their share of the offering's: one indexed query per
// offering, grouped by each kind of parent once.
import type { SortOrder } from 'mongoose';
import { groupBy, readerByParent, visibleReaderByIds } from '../listing/loading.js';
import type { ReadByParent, VisibleReadByIds } from '../listing/loading.js';
import { parseInput } from '../errors.js';
import { SORT_FIELDS, sortInput } from '../listing/list-query.js';
import type { SortKey } from '../listing/list-query.js';
import { orderOf } from '../listing/pagination.js';
import { QUESTION_ORDER, QuestionModel } from './model.js';
import type { Question } from './schema.js';
import { toQuestion } from './service.js';

/** One offering's questions the caller may see, in one order, by the id of each parent. */
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

const questionSort = sortInput(SORT_FIELDS.questions);

/** The batch read of offerings' questions in one database order. */
function readerInOrder(order: Record<string, SortOrder>): ReadByParent<QuestionsByParent> {
  return readerByParent(QuestionModel, 'question', {
    parent: 'subjectOfferingId',
    sort: order,
    toItem: toQuestion,
    group: (questions): QuestionsByParent => ({
      byPaper: groupBy(questions, (q) => q.paperId),
      byModule: groupBy(questions, (q) => q.moduleId),
      byTopic: groupBy(questions, (q) => q.topicId),
    }),
  });
}

const newestFirst = readerInOrder(QUESTION_ORDER);

/**
 * The questions of each subject offering the caller may see, by offering id, grouped by paper,
 * module and topic, each group in `sort`'s order (a list of `{ field, direction }` over the
 * question list's sort fields, `_id` appended), as the database returns them; without `sort`,
 * newest first (QUESTION_ORDER). One query per offering.
 */
export async function readQuestionsBySubjectOfferingIds(
  actor: Parameters<ReadByParent<QuestionsByParent>>[0],
  subjectOfferingIds: readonly string[],
  sort?: readonly SortKey[],
): Promise<Map<string, QuestionsByParent>> {
  const spec = parseInput(questionSort, sort, 'sort');
  const read = spec ? readerInOrder(orderOf({ sort: spec }, QUESTION_ORDER)) : newestFirst;
  return read(actor, subjectOfferingIds);
}
