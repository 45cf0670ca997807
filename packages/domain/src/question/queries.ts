// What other modules read and write of questions, each a query named for its use, so that the
// question model stays this module's own (import-graph.test.ts keeps it so).
import type { mongo } from 'mongoose';
import { LOAD_BATCH_SIZE } from '../listing/loading.js';
import { QuestionModel } from './model.js';

type Fields = Readonly<Record<string, 1>>;

/** One question with `fields`: null when it is missing. */
export function questionById<T>(id: unknown, fields: Fields): Promise<T | null> {
  return QuestionModel.findById(id, fields).lean<T>();
}

/** The questions of `ids`, each read whole by its id (null for a missing one). */
export function questionsById(ids: readonly unknown[]) {
  return Promise.all(ids.map((id) => QuestionModel.findById(id).lean()));
}

/** The first `limit` questions by id matching any of `branches`, with `fields`: one query. */
export function firstQuestionsMatchingAny<T>(
  branches: Record<string, unknown>[],
  fields: Fields,
  limit: number,
): Promise<T[]> {
  return QuestionModel.find({ $or: branches }, fields)
    .sort({ _id: 1 })
    .limit(limit)
    .lean<T[]>()
    .exec();
}

/** The questions matching `filter` (already restricted to what the caller sees), with `fields`. */
export function questionsMatching<T>(
  filter: Record<string, unknown>,
  fields: Fields,
): Promise<T[]> {
  return QuestionModel.find(filter, fields).lean<T[]>();
}

/** The paper id and text of the questions matching `filter`, read by the driver (backfills). */
export function questionTextsByDriver(filter: Record<string, unknown>) {
  return QuestionModel.collection.find(filter, { projection: { paperId: 1, text: 1 } }).toArray();
}

/** Writes to the questions by the driver, past the schema's hooks, unordered (backfills). */
export function writeQuestionsByDriver(writes: mongo.AnyBulkWriteOperation[]) {
  return QuestionModel.collection.bulkWrite(writes, { ordered: false });
}

/** Sets the `visible` copy of the questions matching `filter`: no edit of theirs (updatedAt stays). */
export function setQuestionsVisible(filter: Record<string, unknown>, visible: boolean) {
  return QuestionModel.updateMany(filter, { $set: { visible } }, { timestamps: false });
}

/**
 * How many questions each paper of `paperIds` has among those matching `visible` (the caller's
 * visibility conditions): one query, its `$in` on the indexed `paperId` pushed down, only the
 * paper ids read back. Papers without questions are left out.
 */
export async function questionCountsOfPapers(
  paperIds: readonly string[],
  visible: Record<string, unknown>,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (paperIds.length === 0) return counts;
  const paperId = paperIds.length === 1 ? paperIds[0] : { $in: paperIds };
  const rows = await QuestionModel.find({ ...visible, paperId }, { paperId: 1 })
    .batchSize(LOAD_BATCH_SIZE)
    .lean<{ paperId: unknown }[]>()
    .exec();
  for (const row of rows) {
    const key = String(row.paperId);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Whether a paper has at least one question (whoever may see it). */
export async function paperHasQuestions(paperId: string): Promise<boolean> {
  return (await QuestionModel.exists({ paperId })) !== null;
}
