import type { Types } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import { objectId } from '../common-schemas.js';
import { invalidReference, NotFoundError, parseInput, ValidationError } from '../errors.js';
import { definedFields, orNotFound, updateById } from '../writing/update.js';
import { emptyPage, paginate } from '../listing/pagination.js';
import type { ListRequest, Page } from '../listing/pagination.js';
import {
  deleteUnlessReferenced,
  insertUnderParent,
  readParent,
  requireParent,
} from '../writing/references.js';
import { copiedProjection, inheritedFrom } from '../writing/reference-table.js';
import { toDto } from '../storage/serialize.js';
import { createWithSlug, slugSchema } from '../writing/slug.js';
import { asCaller, isVisible, readVisible, restrictFilter } from '../visibility.js';
import type { Caller, ReadById, CallerView } from '../visibility.js';
import type { PaperStatus } from '../paper/schema.js';
import { QUESTION_ORDER, QuestionModel } from './model.js';

export { QUESTION_ORDER } from './model.js';
import {
  createQuestionInput,
  listQuestionsQuery,
  listSyllabusQuestionsQuery,
  optionsIssue,
  updateQuestionInput,
} from './schema.js';
import type { Question } from './schema.js';
import { documentId } from '../storage/document-id.js';

/** A lean question as its DTO (absent options become null; the copied paper fields stay inside). */
export function toQuestion(doc: unknown): Question {
  const {
    paperStatus: _status,
    examYear: _year,
    visible: _visible,
    ...question
  } = toDto<Question & { paperStatus?: string; examYear?: number | null; visible?: boolean }>(doc);
  question.options = question.options ?? null;
  return question;
}

async function listVisibleQuestions(
  viewer: CallerView,
  filter: Record<string, unknown>,
  q: ListRequest & { type?: string; difficulty?: string; isVerified?: boolean },
): Promise<Page<Question>> {
  const wanted: Record<string, unknown> = { ...filter };
  if (q.type) wanted.type = q.type;
  if (q.difficulty) wanted.difficulty = q.difficulty;
  if (q.isVerified !== undefined) wanted.isVerified = q.isVerified;
  const where = restrictFilter(viewer, 'question', wanted);
  if (!where) return emptyPage(q);
  return paginate(QuestionModel, where, QUESTION_ORDER, q, toQuestion);
}

/** Lists questions the caller may see, filtered by type, difficulty, isVerified, paper, module or topic. */
export async function listQuestions({
  actor,
  query,
}: {
  actor: Caller;
  query?: unknown;
}): Promise<Page<Question>> {
  const q = parseInput(listQuestionsQuery, query ?? {});
  const filter: Record<string, unknown> = {};
  if (q.paperId) filter.paperId = q.paperId;
  if (q.subjectOfferingId) filter.subjectOfferingId = q.subjectOfferingId;
  if (q.moduleId) filter.moduleId = q.moduleId;
  if (q.topicId) filter.topicId = q.topicId;
  return listVisibleQuestions(await asCaller(actor).view(), filter, q);
}

/** The questions of a module or topic: 404 when it does not exist or its university is hidden. */
async function listQuestionsUnder(
  actor: Caller,
  field: 'moduleId' | 'topicId',
  rawId: string,
  query: unknown,
): Promise<Page<Question>> {
  const id = parseInput(objectId, rawId, field);
  const q = parseInput(listSyllabusQuestionsQuery, query ?? {});
  const [viewer, parent] = await Promise.all([
    asCaller(actor).view(),
    readParent<{ universityId: unknown }>(QuestionModel, field, id, { universityId: 1 }),
  ]);
  if (!parent || !isVisible(viewer, 'academic', parent)) {
    throw new NotFoundError(field === 'moduleId' ? 'Module not found' : 'Topic not found');
  }
  return listVisibleQuestions(viewer, { [field]: id }, q);
}

/** Lists the questions of a module (404 when the module does not exist or is hidden). */
export function listModuleQuestions({
  actor,
  moduleId,
  query,
}: {
  actor: Caller;
  moduleId: string;
  query?: unknown;
}): Promise<Page<Question>> {
  return listQuestionsUnder(actor, 'moduleId', moduleId, query);
}

/** Lists the questions of a topic (404 when the topic does not exist or is hidden). */
export function listTopicQuestions({
  actor,
  topicId,
  query,
}: {
  actor: Caller;
  topicId: string;
  query?: unknown;
}): Promise<Page<Question>> {
  return listQuestionsUnder(actor, 'topicId', topicId, query);
}

async function readVisibleQuestion(
  actor: Caller,
  filter: Record<string, unknown>,
): Promise<Question> {
  const { doc } = await readVisible(
    actor,
    'question',
    () => QuestionModel.findOne(filter).lean(),
    () => new NotFoundError('Question not found'),
  );
  return toQuestion(doc);
}

/** Reads a question by id; one whose paper the caller may not see is a 404. */
export async function getQuestionById({ actor, id }: ReadById): Promise<Question> {
  const questionId = parseInput(objectId, id, 'id');
  return readVisibleQuestion(actor, { _id: questionId });
}

/** Reads a question by slug; one whose paper the caller may not see is a 404. */
export async function getQuestionBySlug({
  actor,
  slug,
}: {
  actor: Caller;
  slug: string;
}): Promise<Question> {
  const value = parseInput(slugSchema, slug, 'slug');
  return readVisibleQuestion(actor, { slug: value });
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
    moduleId
      ? readParent<{ subjectOfferingId: Types.ObjectId }>(QuestionModel, 'moduleId', moduleId, {
          subjectOfferingId: 1,
        })
      : null,
    topicId
      ? readParent<{ subjectOfferingId: Types.ObjectId; moduleId: Types.ObjectId }>(
          QuestionModel,
          'topicId',
          topicId,
          { subjectOfferingId: 1, moduleId: 1 },
        )
      : null,
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

interface PaperKeys {
  subjectOfferingId: Types.ObjectId;
  universityId: Types.ObjectId;
  status: PaperStatus;
  visible?: boolean;
  examYear: number;
}

/** Creates a question (editors and admins) in a paper, checking its module and topic against the paper's offering. */
export async function createQuestion({
  actor,
  input,
  id,
}: {
  actor: MaybeActor;
  input: unknown;
  /** The new resource's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
}): Promise<Question> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createQuestionInput, input);
  const _id = documentId(id);
  const paper = await requireParent<PaperKeys>(
    QuestionModel,
    'paperId',
    data.paperId,
    copiedProjection(QuestionModel, 'paperId'),
  );
  const refs = await resolveSyllabusRefs(
    paper.subjectOfferingId,
    data.moduleId ?? null,
    data.topicId ?? null,
  );
  const question = await insertUnderParent({
    child: QuestionModel,
    field: 'paperId',
    parentId: data.paperId,
    // The paper's status, visibility and year may change while we insert: the copies are
    // checked again afterwards.
    insert: () =>
      createWithSlug({
        model: QuestionModel,
        kind: 'question',
        explicit: data.slug,
        base: slugBase(data.text),
        insert: async (slug) => {
          const doc = await QuestionModel.create({
            _id,
            paperId: data.paperId,
            ...inheritedFrom(QuestionModel, 'paperId', paper),
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
      }),
  });
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
  await deleteUnlessReferenced({ model: QuestionModel, id: questionId, label: 'Question' });
}
