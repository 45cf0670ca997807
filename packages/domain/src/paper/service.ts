import type { Types } from 'mongoose';
import { assertCan, can } from '../access.js';
import type { MaybeActor } from '../access.js';
import { objectId } from '../common-schemas.js';
import { ConflictError, invalidReference, NotFoundError, parseInput } from '../errors.js';
import { definedFields, orNotFound, updateById } from '../update.js';
import { paginate } from '../pagination.js';
import type { Page } from '../pagination.js';
import { QuestionModel } from '../question/model.js';
import { toDto } from '../serialize.js';
import { createWithSlug, slugSchema } from '../slug.js';
import { SubjectOfferingModel } from '../subject-offering/model.js';
import { SubjectModel } from '../subject/model.js';
import { deleteUnlessReferenced } from '../dependents.js';
import { withPaperFileRemoval } from '../paper-file/operations.js';
import { PaperModel } from './model.js';
import {
  createPaperInput,
  listPapersQuery,
  setPaperStatusInput,
  updatePaperInput,
} from './schema.js';
import type { Paper } from './schema.js';

/** Order of every paper list: newest exam year first, then oldest creation, `_id` last. */
export const PAPER_ORDER = { examYear: -1, createdAt: -1, _id: 1 } as const;

/** True when the caller sees papers (and their questions) of every status: active editors and admins. */
export function canSeeUnapproved(actor: MaybeActor): boolean {
  return can(actor, 'paper:read-unapproved');
}

/** Ids of approved papers: the visibility set of callers who see approved content only. */
export async function approvedPaperIds(): Promise<Types.ObjectId[]> {
  return (await PaperModel.distinct('_id', { status: 'approved' })) as Types.ObjectId[];
}

/** A lean paper as the caller's DTO: statusHistory only for editors and admins. */
export function toPaper(doc: unknown, actor: MaybeActor): Paper {
  const paper = toDto<Paper & { fileSha256?: string | null }>(doc);
  if (!canSeeUnapproved(actor)) delete paper.statusHistory;
  // The stored file also names its GridFS id and a lookup copy of the hash: neither is shown.
  delete paper.fileSha256;
  const file = paper.file;
  paper.file = file ? { size: file.size, sha256: file.sha256, uploadedAt: file.uploadedAt } : null;
  return paper;
}

function isVisible(paper: { status: string }, actor: MaybeActor): boolean {
  return paper.status === 'approved' || canSeeUnapproved(actor);
}

/** Lists papers; callers other than editors and admins see approved papers only. */
export async function listPapers({
  actor,
  query,
}: {
  actor: MaybeActor;
  query?: unknown;
}): Promise<Page<Paper>> {
  const q = parseInput(listPapersQuery, query ?? {});
  const filter: Record<string, unknown> = {};
  if (q.subjectOfferingId) filter.subjectOfferingId = q.subjectOfferingId;
  if (q.examYear !== undefined) filter.examYear = q.examYear;
  if (q.examType) filter.examType = q.examType;
  if (canSeeUnapproved(actor)) {
    if (q.status) filter.status = q.status;
  } else {
    // The status filter is not honoured here: these callers only ever see approved papers.
    filter.status = 'approved';
  }
  const page = await paginate<unknown>(PaperModel, filter, PAPER_ORDER, q);
  return { items: page.items.map((p) => toPaper(p, actor)), pagination: page.pagination };
}

/** Reads a paper by slug; a paper the caller may not see is a 404. */
export async function getPaperBySlug({
  actor,
  slug,
}: {
  actor: MaybeActor;
  slug: string;
}): Promise<Paper> {
  const value = parseInput(slugSchema, slug, 'slug');
  const paper = await PaperModel.findOne({ slug: value }).lean();
  if (!paper || !isVisible(paper, actor)) throw new NotFoundError('Paper not found');
  return toPaper(paper, actor);
}

/** Reads a paper by id; a paper the caller may not see is a 404. */
export async function getPaperById({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<Paper> {
  const paperId = parseInput(objectId, id, 'id');
  const paper = await PaperModel.findById(paperId).lean();
  if (!paper || !isVisible(paper, actor)) throw new NotFoundError('Paper not found');
  return toPaper(paper, actor);
}

/** Creates a paper (editors and admins) as draft or pending, with a generated title and slug when absent. */
export async function createPaper({
  actor,
  input,
}: {
  actor: MaybeActor;
  input: unknown;
}): Promise<Paper> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createPaperInput, input);
  const offering = await SubjectOfferingModel.findById(data.subjectOfferingId, {
    subjectId: 1,
  }).lean();
  if (!offering) throw invalidReference('subjectOfferingId', 'subject offering not found');
  let title = data.title;
  if (!title) {
    const subject = await SubjectModel.findById(offering.subjectId, { name: 1 }).lean();
    title = `${subject?.name ?? 'Paper'} ${data.examType} ${data.examYear}`;
  }
  const paper = await createWithSlug({
    model: PaperModel,
    explicit: data.slug,
    base: title,
    insert: async (slug) => {
      const doc = await PaperModel.create({
        subjectOfferingId: data.subjectOfferingId,
        examYear: data.examYear,
        examType: data.examType,
        title,
        slug,
        status: data.status ?? 'pending',
        statusHistory: [],
        createdBy: actor.id,
      });
      return doc.toObject();
    },
  });
  // No transactions: if the offering was deleted while we inserted, take the paper back out.
  if (!(await SubjectOfferingModel.exists({ _id: data.subjectOfferingId }))) {
    await PaperModel.deleteOne({ _id: paper._id });
    throw invalidReference('subjectOfferingId', 'subject offering not found');
  }
  return toPaper(paper, actor);
}

/** Updates examYear, examType, title or slug of a paper (editors and admins); status is not changed here. */
export async function updatePaper({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
}): Promise<Paper> {
  assertCan(actor, 'catalog:write');
  const paperId = parseInput(objectId, id, 'id');
  const data = parseInput(updatePaperInput, input);
  const $set = definedFields(data, ['examYear', 'examType', 'title', 'slug']);
  const updated = await orNotFound(
    updateById<Parameters<typeof toPaper>[0]>(PaperModel, paperId, { $set }),
    () => new NotFoundError('Paper not found'),
  );
  return toPaper(updated, actor);
}

const statusQueues = new Map<string, Promise<unknown>>();

/**
 * Runs `task` once earlier tasks of the same key in this process have settled. FerretDB applies
 * even `$push` as read-then-write, so two status changes of one paper at the same moment would
 * lose a history entry; queueing them makes them exact within a process. Between processes
 * (REST and GraphQL sharing a database) the conditional update narrows the window but cannot
 * close it without transactions.
 */
function runExclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = statusQueues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  statusQueues.set(key, tail);
  void tail.then(() => {
    if (statusQueues.get(key) === tail) statusQueues.delete(key);
  });
  return run;
}

/** Sets a paper's status (admins only) and records the change in statusHistory. */
export async function setPaperStatus({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
}): Promise<Paper> {
  assertCan(actor, 'paper:set-status');
  const paperId = parseInput(objectId, id, 'id');
  const data = parseInput(setPaperStatusInput, input);
  return runExclusive(paperId, async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const current = await PaperModel.findById(paperId, { status: 1 }).lean();
      if (!current) throw new NotFoundError('Paper not found');
      const entry = {
        from: current.status,
        to: data.status,
        by: actor.id,
        at: new Date(),
        reason: data.reason ?? null,
      };
      // Conditional on the status just read, and appended with $push, never by rewriting the array.
      const updated = await PaperModel.findOneAndUpdate(
        { _id: paperId, status: current.status },
        { $set: { status: data.status }, $push: { statusHistory: entry } },
        { returnDocument: 'after' },
      ).lean();
      if (updated) return toPaper(updated, actor);
    }
    throw new ConflictError('The paper status changed concurrently; try again');
  });
}

/** Deletes a paper (admins only); refused with 409 while it has questions. */
export async function deletePaper({ actor, id }: { actor: MaybeActor; id: string }): Promise<void> {
  assertCan(actor, 'catalog:delete');
  const paperId = parseInput(objectId, id, 'id');
  // Its file goes with it (and stays when the deletion is refused).
  await withPaperFileRemoval(paperId, () =>
    deleteUnlessReferenced({
      model: PaperModel,
      id: paperId,
      label: 'Paper',
      dependents: [
        { model: QuestionModel, filter: { paperId }, path: 'questions', noun: 'question' },
      ],
    }),
  );
}
