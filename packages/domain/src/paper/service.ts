import type { Types } from 'mongoose';
import { assertCan } from '../access.js';
import type { MaybeActor } from '../access.js';
import { objectId } from '../common-schemas.js';
import { runExclusive } from '../concurrency.js';
import { ConflictError, NotFoundError, parseInput } from '../errors.js';
import { definedFields, orNotFound, updateById } from '../update.js';
import { emptyPage, paginate } from '../pagination.js';
import type { Page } from '../pagination.js';
import {
  copyToChildren,
  deleteUnlessReferenced,
  insertUnderParent,
  readById,
  requireParent,
} from '../references.js';
import { toDto } from '../serialize.js';
import { createWithSlug, slugSchema } from '../slug.js';
import { isVisible, restrictFilter, seesAll, syncPaperStatus, viewerFor } from '../visibility.js';
import type { SharedViewer, Viewer } from '../visibility.js';
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

/** Paper fields no DTO shows, and those only editors and admins see. */
const HIDDEN_FROM_ALL: ReadonlySet<string> = new Set(['fileSha256']);
const HIDDEN_FROM_READERS: ReadonlySet<string> = new Set(['fileSha256', 'statusHistory']);

/** A lean paper as the caller's DTO: statusHistory only for editors and admins. */
export function toPaper(doc: unknown, actor: MaybeActor): Paper {
  // The stored file also names its GridFS id and a lookup copy of the hash: neither is shown.
  const paper = toDto<Paper>(doc, seesAll(actor) ? HIDDEN_FROM_ALL : HIDDEN_FROM_READERS);
  const file = paper.file;
  paper.file = file ? { size: file.size, sha256: file.sha256, uploadedAt: file.uploadedAt } : null;
  return paper;
}

/**
 * Lists the papers the caller may see, filtered by offering, its university, branch, semester or
 * subject, exam year, type and (for editors and admins) status. A status the caller may not see
 * answers an empty page.
 */
export async function listPapers({
  actor,
  viewer: shared,
  query,
}: {
  actor: MaybeActor;
  /** The viewer this request already reads for the caller (see sharedViewer). */
  viewer?: SharedViewer;
  query?: unknown;
}): Promise<Page<Paper>> {
  const q = parseInput(listPapersQuery, query ?? {});
  const wanted: Record<string, unknown> = {};
  const fields = [
    'subjectOfferingId',
    'universityId',
    'branchId',
    'semesterId',
    'subjectId',
    'examYear',
    'examType',
    'status',
  ] as const;
  for (const field of fields) {
    if (q[field] !== undefined) wanted[field] = q[field];
  }
  const filter = restrictFilter(await viewerFor(actor, shared), 'paper', wanted);
  if (!filter) return emptyPage(q);
  return paginate(PaperModel, filter, PAPER_ORDER, q, (doc) => toPaper(doc, actor));
}

async function readVisiblePaper(viewer: Viewer, filter: Record<string, unknown>) {
  const paper = await PaperModel.findOne(filter).lean();
  if (!paper || !isVisible(viewer, 'paper', paper)) throw new NotFoundError('Paper not found');
  return paper;
}

/** Reads a paper by slug; a paper the caller may not see is a 404. */
export async function getPaperBySlug({
  actor,
  viewer: shared,
  slug,
}: {
  actor: MaybeActor;
  /** The viewer this request already reads for the caller (see sharedViewer). */
  viewer?: SharedViewer;
  slug: string;
}): Promise<Paper> {
  const value = parseInput(slugSchema, slug, 'slug');
  return toPaper(await readVisiblePaper(await viewerFor(actor, shared), { slug: value }), actor);
}

/** Reads a paper by id; a paper the caller may not see is a 404. */
export async function getPaperById({
  actor,
  viewer: shared,
  id,
}: {
  actor: MaybeActor;
  /** The viewer this request already reads for the caller (see sharedViewer). */
  viewer?: SharedViewer;
  id: string;
}): Promise<Paper> {
  const paperId = parseInput(objectId, id, 'id');
  return toPaper(await readVisiblePaper(await viewerFor(actor, shared), { _id: paperId }), actor);
}

interface OfferingKeys {
  universityId: Types.ObjectId;
  branchId: Types.ObjectId;
  semesterId: Types.ObjectId;
  subjectId: Types.ObjectId;
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
  const offering = await requireParent<OfferingKeys>(
    'Paper',
    'subjectOfferingId',
    data.subjectOfferingId,
    {
      universityId: 1,
      branchId: 1,
      semesterId: 1,
      subjectId: 1,
    },
  );
  let title = data.title;
  if (!title) {
    const subject = await readById<{ name: string }>('Subject', offering.subjectId, { name: 1 });
    title = `${subject?.name ?? 'Paper'} ${data.examType} ${data.examYear}`;
  }
  const paper = await insertUnderParent({
    child: 'Paper',
    field: 'subjectOfferingId',
    parentId: data.subjectOfferingId,
    insert: () =>
      createWithSlug({
        model: PaperModel,
        explicit: data.slug,
        base: title,
        insert: async (slug) => {
          const doc = await PaperModel.create({
            subjectOfferingId: data.subjectOfferingId,
            universityId: offering.universityId,
            branchId: offering.branchId,
            semesterId: offering.semesterId,
            subjectId: offering.subjectId,
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
      }),
  });
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
  // Questions carry their paper's year (search filters and counts by it).
  if (data.examYear !== undefined) {
    const { examYear } = updated as { examYear: number };
    await copyToChildren('Question', 'paperId', paperId, { examYear });
  }
  return toPaper(updated, actor);
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
  // One status change of a paper at a time in this process: FerretDB applies even $push as
  // read-then-write, so two changes at once would lose a history entry.
  return runExclusive(paperId, async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const current = await PaperModel.findById(paperId).lean();
      if (!current) throw new NotFoundError('Paper not found');
      if (current.status === data.status) {
        // Nothing changes and nothing is recorded; children are re-synced in case an earlier
        // change stopped half-way (the sync is idempotent).
        await syncPaperStatus(paperId, current.status);
        return toPaper(current, actor);
      }
      const entry = {
        from: current.status,
        to: data.status,
        by: actor.id,
        at: new Date(),
        reason: data.reason ?? null,
      };
      // Hide before the paper changes, reveal after: a change that stops half-way never shows
      // a question or solution the paper does not show.
      const reveals = data.status === 'approved';
      if (!reveals) await syncPaperStatus(paperId, data.status);
      // Conditional on the status just read, and appended with $push, never by rewriting the array.
      const updated = await PaperModel.findOneAndUpdate(
        { _id: paperId, status: current.status },
        { $set: { status: data.status }, $push: { statusHistory: entry } },
        { returnDocument: 'after' },
      ).lean();
      if (updated) {
        if (reveals) await syncPaperStatus(paperId, data.status);
        return toPaper(updated, actor);
      }
      // Another process changed it first: put the children back to what the paper says.
      const now = await PaperModel.findById(paperId, { status: 1 }).lean();
      if (now) await syncPaperStatus(paperId, now.status);
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
    deleteUnlessReferenced({ model: 'Paper', id: paperId, label: 'Paper' }),
  );
}
