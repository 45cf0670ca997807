// Batch reads of questions, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts). A
// paper's, module's or topic's questions are their share of the offering's: one indexed query per
// offering, grouped by each kind of parent once.
import { byId, findByIds, groupBy, readChildrenByParent, validIds } from '../listing/loading.js';
import { asCaller, visibleFilter } from '../visibility.js';
import type { ActorOrCaller } from '../visibility.js';
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
export async function readQuestionsByIds(
  actor: ActorOrCaller,
  ids: readonly string[],
): Promise<Map<string, Question>> {
  const viewer = await asCaller(actor).viewer();
  const docs = await findByIds<unknown>(
    QuestionModel,
    validIds(ids),
    visibleFilter(viewer, 'question'),
  );
  return byId(docs.map(toQuestion));
}

/**
 * The questions of each subject offering the caller may see, by offering id, grouped by paper,
 * module and topic (newest first in each). One query per offering.
 */
export async function readQuestionsBySubjectOfferingIds(
  actor: ActorOrCaller,
  subjectOfferingIds: readonly string[],
): Promise<Map<string, QuestionsByParent>> {
  const byOffering = await readChildrenByParent(actor, subjectOfferingIds, {
    model: QuestionModel,
    kind: 'question',
    parent: 'subjectOfferingId',
    sort: QUESTION_ORDER,
    toItem: toQuestion,
  });
  return new Map(
    [...byOffering].map(([offeringId, questions]) => [
      offeringId,
      {
        byPaper: groupBy(questions, (q) => q.paperId),
        byModule: groupBy(questions, (q) => q.moduleId),
        byTopic: groupBy(questions, (q) => q.topicId),
      },
    ]),
  );
}
