// Batch loads for the GraphQL gateway's per-request DataLoaders: each function answers for any
// number of keys with one query (or a fixed few), and returns results aligned with the keys.
import type { Types } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { LOAD_BATCH_SIZE } from '../db.js';
import { PaperModel } from '../paper/model.js';
import { canSeeUnapproved, PAPER_ORDER, toPaper } from '../paper/service.js';
import type { Paper } from '../paper/schema.js';
import { QuestionModel } from '../question/model.js';
import { QUESTION_ORDER, toQuestion } from '../question/service.js';
import type { Question } from '../question/schema.js';
import { SolutionModel } from '../solution/model.js';
import { compareSolutions, withVotes } from '../solution/service.js';
import type { Solution } from '../solution/schema.js';
import { UserModel } from '../user/model.js';
import { toUser } from '../user/service.js';
import type { User } from '../user/schema.js';

const OBJECT_ID = /^[a-f0-9]{24}$/i;

/** The well-formed ids among the keys, lowercased and deduplicated; malformed keys load nothing. */
function validIds(ids: readonly string[]): string[] {
  return [
    ...new Set(
      ids
        .filter((id) => typeof id === 'string' && OBJECT_ID.test(id))
        .map((id) => id.toLowerCase()),
    ),
  ];
}

function key(id: unknown): string {
  return String(id).toLowerCase();
}

function alignOne<T>(ids: readonly string[], items: T[], idOf: (item: T) => string): (T | null)[] {
  const byId = new Map(items.map((item) => [idOf(item), item]));
  return ids.map((id) => byId.get(key(id)) ?? null);
}

function alignMany<T>(
  ids: readonly string[],
  items: T[],
  groupOf: (item: T) => string | null,
): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groupOf(item);
    if (group === null) continue;
    const list = groups.get(group) ?? [];
    list.push(item);
    groups.set(group, list);
  }
  return ids.map((id) => groups.get(key(id)) ?? []);
}

/**
 * Drops the questions whose paper the caller may not see: one query for callers who see
 * approved content only, none for editors and admins.
 */
async function visibleQuestionDocs<T extends { paperId: Types.ObjectId }>(
  actor: MaybeActor,
  docs: T[],
): Promise<T[]> {
  if (canSeeUnapproved(actor) || docs.length === 0) return docs;
  const paperIds = [...new Set(docs.map((d) => key(d.paperId)))];
  const approved = await PaperModel.find({ _id: { $in: paperIds }, status: 'approved' }, { _id: 1 })
    .batchSize(LOAD_BATCH_SIZE)
    .lean();
  const visible = new Set(approved.map((p) => key(p._id)));
  return docs.filter((d) => visible.has(key(d.paperId)));
}

/** Papers by id (null when missing or not visible to the caller). One query. */
export async function loadPapersByIds(
  actor: MaybeActor,
  ids: readonly string[],
): Promise<(Paper | null)[]> {
  const valid = validIds(ids);
  if (valid.length === 0) return ids.map(() => null);
  const filter: Record<string, unknown> = { _id: { $in: valid } };
  if (!canSeeUnapproved(actor)) filter.status = 'approved';
  const docs = await PaperModel.find(filter).batchSize(LOAD_BATCH_SIZE).lean();
  return alignOne(
    ids,
    docs.map((d) => toPaper(d, actor)),
    (p) => p.id,
  );
}

/** The papers of each subject offering the caller may see, in list order. One query. */
export async function loadPapersBySubjectOfferingIds(
  actor: MaybeActor,
  ids: readonly string[],
): Promise<Paper[][]> {
  const valid = validIds(ids);
  if (valid.length === 0) return ids.map(() => []);
  const filter: Record<string, unknown> = { subjectOfferingId: { $in: valid } };
  if (!canSeeUnapproved(actor)) filter.status = 'approved';
  const docs = await PaperModel.find(filter).sort(PAPER_ORDER).batchSize(LOAD_BATCH_SIZE).lean();
  return alignMany(
    ids,
    docs.map((d) => toPaper(d, actor)),
    (p) => p.subjectOfferingId,
  );
}

/** Questions by id (null when missing or not visible). At most two queries. */
export async function loadQuestionsByIds(
  actor: MaybeActor,
  ids: readonly string[],
): Promise<(Question | null)[]> {
  const valid = validIds(ids);
  if (valid.length === 0) return ids.map(() => null);
  const docs = await visibleQuestionDocs(
    actor,
    await QuestionModel.find({ _id: { $in: valid } })
      .batchSize(LOAD_BATCH_SIZE)
      .lean(),
  );
  return alignOne(ids, docs.map(toQuestion), (q) => q.id);
}

async function loadQuestionsBy(
  actor: MaybeActor,
  field: 'paperId' | 'moduleId' | 'topicId',
  ids: readonly string[],
): Promise<Question[][]> {
  const valid = validIds(ids);
  if (valid.length === 0) return ids.map(() => []);
  const docs = await QuestionModel.find({ [field]: { $in: valid } })
    .sort(QUESTION_ORDER)
    .batchSize(LOAD_BATCH_SIZE)
    .lean();
  const visible = await visibleQuestionDocs(actor, docs);
  return alignMany(ids, visible.map(toQuestion), (q) => q[field]);
}

/** The visible questions of each paper, newest first. At most two queries. */
export function loadQuestionsByPaperIds(
  actor: MaybeActor,
  ids: readonly string[],
): Promise<Question[][]> {
  return loadQuestionsBy(actor, 'paperId', ids);
}

/** The visible questions of each module, newest first. At most two queries. */
export function loadQuestionsByModuleIds(
  actor: MaybeActor,
  ids: readonly string[],
): Promise<Question[][]> {
  return loadQuestionsBy(actor, 'moduleId', ids);
}

/** The visible questions of each topic, newest first. At most two queries. */
export function loadQuestionsByTopicIds(
  actor: MaybeActor,
  ids: readonly string[],
): Promise<Question[][]> {
  return loadQuestionsBy(actor, 'topicId', ids);
}

/**
 * The solutions of each visible question, best score first, with counts derived from the votes
 * and the caller's myVote. At most five queries (two for visibility, the solutions, one vote
 * aggregate, the caller's votes).
 */
export async function loadSolutionsByQuestionIds(
  actor: MaybeActor,
  ids: readonly string[],
): Promise<Solution[][]> {
  let questionIds = validIds(ids);
  if (questionIds.length > 0 && !canSeeUnapproved(actor)) {
    const questions = await QuestionModel.find({ _id: { $in: questionIds } }, { paperId: 1 })
      .batchSize(LOAD_BATCH_SIZE)
      .lean();
    questionIds = (await visibleQuestionDocs(actor, questions)).map((q) => key(q._id));
  }
  if (questionIds.length === 0) return ids.map(() => []);
  const docs = await SolutionModel.find({ questionId: { $in: questionIds } })
    .batchSize(LOAD_BATCH_SIZE)
    .lean();
  const solutions = (await withVotes(actor, docs)).sort((a, b) =>
    compareSolutions(
      { score: a.score, createdAt: Date.parse(a.createdAt), id: a.id },
      { score: b.score, createdAt: Date.parse(b.createdAt), id: b.id },
    ),
  );
  return alignMany(ids, solutions, (s) => s.questionId);
}

/** Users by document id (null when missing). One query. */
export async function loadUsersByIds(ids: readonly string[]): Promise<(User | null)[]> {
  const valid = validIds(ids);
  if (valid.length === 0) return ids.map(() => null);
  const docs = await UserModel.find({ _id: { $in: valid } })
    .batchSize(LOAD_BATCH_SIZE)
    .lean();
  return alignOne(ids, docs.map(toUser), (u) => u.id);
}
