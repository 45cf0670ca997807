import type { Types } from 'mongoose';
import { assertCan } from '../access.js';
import type { MaybeActor } from '../access.js';
import { objectId } from '../common-schemas.js';
import { runExclusive } from '../writing/concurrency.js';
import { ConflictError, NotFoundError, parseInput } from '../errors.js';
import { definedFields, orNotFound, updateById } from '../writing/update.js';
import { emptyPage, paginate } from '../listing/pagination.js';
import type { Page } from '../listing/pagination.js';
import { deleteUnlessReferenced, insertUnderParent, requireParent } from '../writing/references.js';
import { copiedProjection, inheritedFrom } from '../writing/reference-table.js';
import { copyToChildren } from '../writing/copies.js';
import { journaled } from '../writing/pending-writes.js';
import { readSubjectName } from '../subject/service.js';
import { toDto } from '../storage/serialize.js';
import { createWithSlug, slugSchema } from '../writing/slug.js';
import {
  asCaller,
  isPublic,
  isUniversityActive,
  isVisible,
  PUBLIC_PAPER_STATUS,
  restrictFilter,
  paperFieldsHiddenFrom,
  syncPaperStatus,
} from '../visibility.js';
import type { ActorOrCaller, ReadById } from '../visibility.js';
import { withPaperFileRemoval } from '../paper-file/operations.js';
import { PAPER_ORDER, PaperModel } from './model.js';

export { PAPER_ORDER } from './model.js';
import {
  createPaperInput,
  listPapersQuery,
  setPaperStatusInput,
  updatePaperInput,
} from './schema.js';
import type { Paper, PaperStatus } from './schema.js';
import { documentId } from '../storage/document-id.js';

/** Paper fields no DTO shows (internal copies). */
const INTERNAL_FIELDS = ['fileSha256', 'visible'];

/** A lean paper as the caller's DTO, without the fields the caller may not read (visibility.ts). */
export function toPaper(doc: unknown, actor: MaybeActor): Paper {
  const omitted = new Set([...INTERNAL_FIELDS, ...paperFieldsHiddenFrom(actor)]);
  // The stored file also names its GridFS id and a lookup copy of the hash: neither is shown.
  const paper = toDto<Paper>(doc, omitted);
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
  query,
}: {
  actor: ActorOrCaller;
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
  const caller = asCaller(actor);
  const filter = restrictFilter(await caller.viewer(), 'paper', wanted);
  if (!filter) return emptyPage(q);
  return paginate(PaperModel, filter, PAPER_ORDER, q, (doc) => toPaper(doc, caller.actor));
}

async function readVisiblePaper(actor: ActorOrCaller, filter: Record<string, unknown>) {
  const caller = asCaller(actor);
  const viewer = await caller.viewer();
  const paper = await PaperModel.findOne(filter).lean();
  if (!paper || !isVisible(viewer, 'paper', paper)) throw new NotFoundError('Paper not found');
  return toPaper(paper, caller.actor);
}

/** Reads a paper by slug; a paper the caller may not see is a 404. */
export async function getPaperBySlug({
  actor,
  slug,
}: {
  actor: ActorOrCaller;
  slug: string;
}): Promise<Paper> {
  const value = parseInput(slugSchema, slug, 'slug');
  return readVisiblePaper(actor, { slug: value });
}

/** Reads a paper by id; a paper the caller may not see is a 404. */
export async function getPaperById({ actor, id }: ReadById): Promise<Paper> {
  const paperId = parseInput(objectId, id, 'id');
  return readVisiblePaper(actor, { _id: paperId });
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
  id,
}: {
  actor: MaybeActor;
  input: unknown;
  /** The new resource's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
}): Promise<Paper> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createPaperInput, input);
  const _id = documentId(id);
  const offering = await requireParent<OfferingKeys>(
    PaperModel,
    'subjectOfferingId',
    data.subjectOfferingId,
    copiedProjection(PaperModel, 'subjectOfferingId'),
  );
  let title = data.title;
  if (!title) {
    const subjectName = await readSubjectName(offering.subjectId);
    title = `${subjectName ?? 'Paper'} ${data.examType} ${data.examYear}`;
  }
  const paper = await insertUnderParent({
    child: PaperModel,
    field: 'subjectOfferingId',
    parentId: data.subjectOfferingId,
    insert: () =>
      createWithSlug({
        model: PaperModel,
        kind: 'paper',
        explicit: data.slug,
        base: title,
        insert: async (slug) => {
          const doc = await PaperModel.create({
            _id,
            subjectOfferingId: data.subjectOfferingId,
            ...inheritedFrom(PaperModel, 'subjectOfferingId', offering),
            examYear: data.examYear,
            examType: data.examType,
            title,
            slug,
            status: data.status ?? 'pending',
            // Created as draft or pending: public only once approved (setPaperStatus).
            visible: false,
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
  const write = async () => {
    const updated = await orNotFound(
      updateById<Parameters<typeof toPaper>[0]>(PaperModel, paperId, { $set }),
      () => new NotFoundError('Paper not found'),
    );
    // Questions carry their paper's year (search filters and counts by it).
    await copyToChildren(PaperModel, paperId, $set);
    return toPaper(updated, actor);
  };
  // Only the year is copied down: a change of it is journalled, so that its copies are repaired.
  if ($set.examYear === undefined) return write();
  return journaled({ kind: 'paper-copies', targetId: paperId }, write, () =>
    repairPaperCopies(paperId),
  );
}

/**
 * Makes every copy a paper's children keep of it (its year, status and visibility, on its
 * questions and their solutions) agree with the paper as stored now: the repair of a paper write
 * that stopped half-way (writing/pending-writes.ts). Idempotent.
 */
export async function repairPaperCopies(paperId: string): Promise<void> {
  const paper = await PaperModel.findById(paperId, { examYear: 1 }).lean();
  if (!paper) return;
  await copyToChildren(PaperModel, paperId, { examYear: paper.examYear });
  await settlePaperVisibility(paperId);
}

/**
 * Makes a paper's `visible` and its questions' and solutions' copies (with `paperStatus`) agree
 * with its status and its university, read now. Hides children before the paper and reveals them
 * after, so a change that stops half-way never shows more than the paper does. The university is
 * read again afterwards: a soft delete or restore that raced this write is followed until both
 * agree (the university's own rewrite, content-sweep.ts, covers writes it saw start).
 */
export async function settlePaperVisibility(paperId: unknown): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const paper = await PaperModel.findById(paperId, {
      status: 1,
      universityId: 1,
      visible: 1,
    }).lean<{ status: PaperStatus; universityId: unknown; visible?: boolean }>();
    if (!paper) return;
    const active = await isUniversityActive(paper.universityId);
    const visible = isPublic(paper.status, active);
    if (!visible) await syncPaperStatus(paperId, paper.status, false);
    if (paper.visible !== visible) {
      await PaperModel.updateOne({ _id: paperId, status: paper.status }, { $set: { visible } });
    }
    if (visible) await syncPaperStatus(paperId, paper.status, true);
    const now = await PaperModel.findById(paperId, { status: 1 }).lean();
    if (now?.status === paper.status && (await isUniversityActive(paper.universityId)) === active) {
      return;
    }
  }
  throw new ConflictError('The paper changed concurrently; try again');
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
  const change = async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const current = await PaperModel.findById(paperId).lean();
      if (!current) throw new NotFoundError('Paper not found');
      if (current.status === data.status) {
        // Nothing changes and nothing is recorded; the copies are settled again in case an
        // earlier change stopped half-way (settling is idempotent).
        await settlePaperVisibility(paperId);
        return toPaper(current, actor);
      }
      const entry = {
        from: current.status,
        to: data.status,
        by: actor.id,
        at: new Date(),
        reason: data.reason ?? null,
      };
      // Hide before the paper changes, reveal after (settlePaperVisibility): a change that stops
      // half-way never shows a question or solution the paper does not show.
      const hides = data.status !== PUBLIC_PAPER_STATUS;
      if (hides) await syncPaperStatus(paperId, data.status, false);
      // Conditional on the status just read, and appended with $push, never by rewriting the array.
      const updated = await PaperModel.findOneAndUpdate(
        { _id: paperId, status: current.status },
        {
          $set: { status: data.status, ...(hides ? { visible: false } : {}) },
          $push: { statusHistory: entry },
        },
        { returnDocument: 'after' },
      ).lean();
      // On success the copies follow the paper; when another process changed it first, they are
      // put back to what the paper says.
      await settlePaperVisibility(paperId);
      if (updated) return toPaper(updated, actor);
    }
    throw new ConflictError('The paper status changed concurrently; try again');
  };
  // Journalled: a change that stops between the paper and its children's copies is repaired.
  return runExclusive(paperId, () =>
    journaled({ kind: 'paper-copies', targetId: paperId }, change, () =>
      repairPaperCopies(paperId),
    ),
  );
}

/** Deletes a paper (admins only); refused with 409 while it has questions. */
export async function deletePaper({ actor, id }: { actor: MaybeActor; id: string }): Promise<void> {
  assertCan(actor, 'catalog:delete');
  const paperId = parseInput(objectId, id, 'id');
  // Its file goes with it (and stays when the deletion is refused).
  await withPaperFileRemoval(paperId, () =>
    deleteUnlessReferenced({ model: PaperModel, id: paperId, label: 'Paper' }),
  );
}
