// Batch loads of questions for the GraphQL gateway (see ../listing/loading.ts). A paper's, module's or
// topic's questions are the questions of its offering, filtered: one indexed query per offering.
import { alignMany, alignOne, findByIds, findByRootKeys, validIds } from '../listing/loading.js';
import { visibleFilter } from '../visibility.js';
import type { Viewer } from '../visibility.js';
import { QuestionModel } from './model.js';
import type { Question } from './schema.js';
import { QUESTION_ORDER, toQuestion } from './service.js';

/** Questions by id (null when missing or not visible). One query. */
export async function loadQuestionsByIds(
  viewer: Viewer,
  ids: readonly string[],
): Promise<(Question | null)[]> {
  const docs = await findByIds<unknown>(
    QuestionModel,
    validIds(ids),
    visibleFilter(viewer, 'question'),
  );
  return alignOne(ids, docs.map(toQuestion), (q) => q.id);
}

/** The visible questions of each subject offering, newest first. One query per offering. */
export async function loadQuestionsBySubjectOfferingIds(
  viewer: Viewer,
  subjectOfferingIds: readonly string[],
): Promise<Question[][]> {
  const docs = await findByRootKeys<unknown>(
    QuestionModel,
    'subjectOfferingId',
    subjectOfferingIds,
    visibleFilter(viewer, 'question'),
    QUESTION_ORDER,
  );
  return alignMany(subjectOfferingIds, docs.map(toQuestion), (q) => q.subjectOfferingId);
}
