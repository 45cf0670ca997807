import type { Types } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import { objectId } from '../common-schemas.js';
import { invalidReference, NotFoundError, parseInput, ValidationError } from '../errors.js';
import { definedFields, orNotFound, updateById } from '../update.js';
import { paginate } from '../pagination.js';
import type { Page } from '../pagination.js';
import { PaperModel } from '../paper/model.js';
import { approvedPaperIds, canSeeUnapproved } from '../paper/service.js';
import { toDto } from '../serialize.js';
import { createWithSlug, slugSchema } from '../slug.js';
import { deleteUnlessReferenced } from '../dependents.js';
import { SolutionModel } from '../solution/model.js';
import { ModuleModel, TopicModel } from '../syllabus/model.js';
import { QuestionModel } from './model.js';
import {
  createQuestionInput,
  listQuestionsQuery,
  listSyllabusQuestionsQuery,
  optionsIssue,
  updateQuestionInput,
} from './schema.js';
import type { Question } from './schema.js';

/** Order of every question list: newest first, `_id` as the tiebreak. */
export const QUESTION_ORDER = { createdAt: -1, _id: -1 } as const;

/** A lean question as its DTO (absent options become null). */
export function toQuestion(doc: unknown): Question {
  const question = toDto<Question>(doc);
  question.options = question.options ?? null;
  return question;
}

/**
 * The paper ids whose questions the caller may see, or null for "all" (editors and admins).
 * One query, whatever the number of questions.
 */
export async function visiblePaperIds(actor: MaybeActor): Promise<Types.ObjectId[] | null> {
  return canSeeUnapproved(actor) ? null : approvedPaperIds();
}

/** True when the caller may see a question of the given paper. */
export async function canSeeQuestionOfPaper(actor: MaybeActor, paperId: unknown): Promise<boolean> {
  if (canSeeUnapproved(actor)) return true;
  // Read by _id alone and compare in code: on FerretDB only a bare _id filter uses an index.
  const paper = await PaperModel.findById(paperId, { status: 1 }).lean();
  return paper?.status === 'approved';
}

async function listVisibleQuestions(
  actor: MaybeActor,
  filter: Record<string, unknown>,
  q: { type?: string; difficulty?: string; isVerified?: boolean; page: number; limit: number },
): Promise<Page<Question>> {
  const where: Record<string, unknown> = { ...filter };
  if (q.type) where.type = q.type;
  if (q.difficulty) where.difficulty = q.difficulty;
  if (q.isVerified !== undefined) where.isVerified = q.isVerified;
  const visible = await visiblePaperIds(actor);
  if (visible) {
    const wanted = typeof where.paperId === 'string' ? where.paperId : null;
    where.paperId = { $in: wanted ? visible.filter((id) => id.toHexString() === wanted) : visible };
  }
  const page = await paginate<unknown>(QuestionModel, where, QUESTION_ORDER, q);
  return { items: page.items.map(toQuestion), pagination: page.pagination };
}

/** Lists questions the caller may see, filtered by type, difficulty, isVerified, paper, module or topic. */
export async function listQuestions({
  actor,
  query,
}: {
  actor: MaybeActor;
  query?: unknown;
}): Promise<Page<Question>> {
  const q = parseInput(listQuestionsQuery, query ?? {});
  const filter: Record<string, unknown> = {};
  if (q.paperId) filter.paperId = q.paperId;
  if (q.moduleId) filter.moduleId = q.moduleId;
  if (q.topicId) filter.topicId = q.topicId;
  return listVisibleQuestions(actor, filter, q);
}

/** Lists the questions of a module (404 when the module does not exist). */
export async function listModuleQuestions({
  actor,
  moduleId,
  query,
}: {
  actor: MaybeActor;
  moduleId: string;
  query?: unknown;
}): Promise<Page<Question>> {
  const id = parseInput(objectId, moduleId, 'moduleId');
  const q = parseInput(listSyllabusQuestionsQuery, query ?? {});
  if (!(await ModuleModel.exists({ _id: id }))) throw new NotFoundError('Module not found');
  return listVisibleQuestions(actor, { moduleId: id }, q);
}

/** Lists the questions of a topic (404 when the topic does not exist). */
export async function listTopicQuestions({
  actor,
  topicId,
  query,
}: {
  actor: MaybeActor;
  topicId: string;
  query?: unknown;
}): Promise<Page<Question>> {
  const id = parseInput(objectId, topicId, 'topicId');
  const q = parseInput(listSyllabusQuestionsQuery, query ?? {});
  if (!(await TopicModel.exists({ _id: id }))) throw new NotFoundError('Topic not found');
  return listVisibleQuestions(actor, { topicId: id }, q);
}

async function readVisible(actor: MaybeActor, filter: Record<string, unknown>): Promise<Question> {
  const question = await QuestionModel.findOne(filter).lean();
  if (!question || !(await canSeeQuestionOfPaper(actor, question.paperId))) {
    throw new NotFoundError('Question not found');
  }
  return toQuestion(question);
}

/** Reads a question by id; one whose paper is not approved is a 404 except for editors and admins. */
export async function getQuestionById({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<Question> {
  const questionId = parseInput(objectId, id, 'id');
  return readVisible(actor, { _id: questionId });
}

/** Reads a question by slug; one whose paper is not approved is a 404 except for editors and admins. */
export async function getQuestionBySlug({
  actor,
  slug,
}: {
  actor: MaybeActor;
  slug: string;
}): Promise<Question> {
  const value = parseInput(slugSchema, slug, 'slug');
  return readVisible(actor, { slug: value });
}

/**
 * Checks module and topic against the paper's offering (400 naming the field). A topic given
 * without a module brings its own module, so the question also appears in that module's list.
 */
async function resolveSyllabusRefs(
  subjectOfferingId: Types.ObjectId,
  moduleId: string | null,
  topicId: string | null,
): Promise<{ moduleId: string | null; topicId: string | null }> {
  const offering = subjectOfferingId.toHexString();
  const [module, topic] = await Promise.all([
    moduleId ? ModuleModel.findById(moduleId, { subjectOfferingId: 1 }).lean() : null,
    topicId ? TopicModel.findById(topicId, { subjectOfferingId: 1, moduleId: 1 }).lean() : null,
  ]);
  if (moduleId) {
    if (!module) throw invalidReference('moduleId', 'module not found');
    if (module.subjectOfferingId.toHexString() !== offering) {
      throw invalidReference('moduleId', "module does not belong to the paper's subject offering");
    }
  }
  if (topicId) {
    if (!topic) throw invalidReference('topicId', 'topic not found');
    if (topic.subjectOfferingId.toHexString() !== offering) {
      throw invalidReference('topicId', "topic does not belong to the paper's subject offering");
    }
    if (moduleId && topic.moduleId.toHexString() !== moduleId) {
      throw invalidReference('topicId', 'topic does not belong to the given module');
    }
    return { moduleId: moduleId ?? topic.moduleId.toHexString(), topicId };
  }
  return { moduleId, topicId: null };
}

function slugBase(text: string): string {
  return text.split(/\s+/).filter(Boolean).slice(0, 8).join(' ').slice(0, 60);
}

/** Creates a question (editors and admins) in a paper, checking its module and topic against the paper's offering. */
export async function createQuestion({
  actor,
  input,
}: {
  actor: MaybeActor;
  input: unknown;
}): Promise<Question> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createQuestionInput, input);
  const paper = await PaperModel.findById(data.paperId, { subjectOfferingId: 1 }).lean();
  if (!paper) throw invalidReference('paperId', 'paper not found');
  const refs = await resolveSyllabusRefs(
    paper.subjectOfferingId,
    data.moduleId ?? null,
    data.topicId ?? null,
  );
  const question = await createWithSlug({
    model: QuestionModel,
    explicit: data.slug,
    base: slugBase(data.text),
    insert: async (slug) => {
      const doc = await QuestionModel.create({
        paperId: data.paperId,
        subjectOfferingId: paper.subjectOfferingId,
        moduleId: refs.moduleId,
        topicId: refs.topicId,
        text: data.text,
        type: data.type,
        difficulty: data.difficulty,
        marks: data.marks ?? null,
        options: data.type === 'mcq' ? (data.options ?? undefined) : undefined,
        answer: data.answer ?? null,
        slug,
        isVerified: data.isVerified ?? false,
        createdBy: actor.id,
      });
      return doc.toObject();
    },
  });
  // No transactions: if the paper was deleted while we inserted, take the question back out.
  if (!(await PaperModel.exists({ _id: data.paperId }))) {
    await QuestionModel.deleteOne({ _id: question._id });
    throw invalidReference('paperId', 'paper not found');
  }
  return toQuestion(question);
}

/** Updates a question (editors and admins); the paper never changes, and the merged result is checked. */
export async function updateQuestion({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
}): Promise<Question> {
  assertCan(actor, 'catalog:write');
  const questionId = parseInput(objectId, id, 'id');
  const data = parseInput(updateQuestionInput, input);
  const existing = await orNotFound(
    QuestionModel.findById(questionId).lean(),
    () => new NotFoundError('Question not found'),
  );

  const type = data.type ?? existing.type;
  const options = data.options !== undefined ? data.options : (existing.options ?? null);
  const issue = optionsIssue(type, options);
  if (issue)
    throw new ValidationError(`Validation failed: options: ${issue}`, [
      { path: 'options', message: issue },
    ]);

  const $set = definedFields(data, [
    'text',
    'type',
    'difficulty',
    'marks',
    'answer',
    'slug',
    'isVerified',
  ]);
  const $unset: Record<string, 1> = {};
  if (data.moduleId !== undefined || data.topicId !== undefined) {
    const refs = await resolveSyllabusRefs(
      existing.subjectOfferingId,
      data.moduleId !== undefined ? data.moduleId : (existing.moduleId?.toHexString() ?? null),
      data.topicId !== undefined ? data.topicId : (existing.topicId?.toHexString() ?? null),
    );
    $set.moduleId = refs.moduleId;
    $set.topicId = refs.topicId;
  }
  if (data.options === null) $unset.options = 1;
  else if (data.options !== undefined) $set.options = data.options;

  const updated = await orNotFound(
    updateById<Parameters<typeof toQuestion>[0]>(QuestionModel, questionId, {
      $set,
      $unset,
    }),
    () => new NotFoundError('Question not found'),
  );
  return toQuestion(updated);
}

/** Deletes a question (admins only); refused with 409 while it has solutions. */
export async function deleteQuestion({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<void> {
  assertCan(actor, 'catalog:delete');
  const questionId = parseInput(objectId, id, 'id');
  await deleteUnlessReferenced({
    model: QuestionModel,
    id: questionId,
    label: 'Question',
    dependents: [
      { model: SolutionModel, filter: { questionId }, path: 'solutions', noun: 'solution' },
    ],
  });
}
