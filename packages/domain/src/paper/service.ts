import type { Types } from 'mongoose';
import { assertCan } from '../access.js';
import type { MaybeActor } from '../access.js';
import { objectId } from '../common-schemas.js';
import { NotFoundError, parseInput } from '../errors.js';
import { definedFields, orNotFound, updateById } from '../writing/update.js';
import { emptyPage, paginate } from '../listing/pagination.js';
import type { Page } from '../listing/pagination.js';
import { deleteUnlessReferenced, insertUnderParent, requireParent } from '../writing/references.js';
import { copiedProjection, inheritedFrom } from '../writing/reference-table.js';
import { copyToChildren } from '../writing/copies.js';
import { journaled } from '../writing/pending-writes.js';
import { repairPaperCopies } from './status-change.js';
import { readSubjectName } from '../subject/service.js';
import { createWithSlug, slugSchema } from '../writing/slug.js';
import { asCaller, readVisible, restrictFilter } from '../visibility.js';
import type { Caller, ReadById } from '../visibility.js';
import { withPaperFileRemoval } from '../paper-file/operations.js';
import { withPaperCount, withPaperCounts } from './counts.js';
import { toPaper } from './dto.js';
import { PAPER_ORDER, PaperModel } from './model.js';
import { createPaperInput, listPapersQuery, updatePaperInput } from './schema.js';
import type { Paper } from './schema.js';
import type { StoredPaperFile } from './file-record.js';

export { PAPER_ORDER } from './model.js';
import { documentId } from '../storage/document-id.js';

export { toPaper } from './dto.js';
export { repairPaperCopies, settlePaperVisibility } from './status-change.js';
export { setPaperStatus, submitPaper } from './workflow.js';

/**
 * Lists the papers the caller may see, filtered by offering, its university, branch, semester or
 * subject, exam year, type and (for editors and admins) status and creator (`createdBy`: `me`
 * or a user id; 401 or 403 for other callers). A status the caller may not see answers an empty
 * page.
 */
export async function listPapers({
  actor,
  query,
}: {
  actor: Caller;
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
  if (q.createdBy !== undefined) {
    // Who made a paper is the editors' business (the field is hidden from other readers).
    assertCan(caller.actor, 'paper:read-unapproved');
    wanted.createdBy = q.createdBy === 'me' ? caller.actor.id : q.createdBy;
  }
  const filter = restrictFilter(await caller.view(), 'paper', wanted);
  if (!filter) return emptyPage(q);
  const page = await paginate(PaperModel, filter, PAPER_ORDER, q, (doc) =>
    toPaper(doc, caller.actor),
  );
  return { ...page, items: await withPaperCounts(caller, page.items) };
}

async function readVisiblePaper(actor: Caller, filter: Record<string, unknown>) {
  const { doc, caller } = await readVisible(
    actor,
    'paper',
    () => PaperModel.findOne(filter).lean(),
    () => new NotFoundError('Paper not found'),
  );
  return withPaperCount(caller, toPaper(doc, caller.actor));
}

/** Reads a paper by slug; a paper the caller may not see is a 404. */
export async function getPaperBySlug({
  actor,
  slug,
}: {
  actor: Caller;
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

/** 400 naming `subjectOfferingId` unless that offering exists (checked before a paper is made). */
export async function requirePaperOffering(subjectOfferingId: string): Promise<void> {
  await requireParent(PaperModel, 'subjectOfferingId', subjectOfferingId, { _id: 1 });
}

/** Creates a paper (editors and admins) as draft or pending, with a generated title and slug when absent. */
export async function createPaper({
  actor,
  input,
  id,
  file,
}: {
  actor: MaybeActor;
  input: unknown;
  /** The new resource's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
  /** A stored PDF the paper holds from its insert on (a paper made from its PDF). */
  file?: StoredPaperFile;
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
            // In the same insert: the paper is never seen without the file it was made from.
            ...(file ? { file, fileSha256: file.sha256 } : {}),
            durationMinutes: data.durationMinutes ?? null,
          });
          return doc.toObject();
        },
      }),
  });
  return withPaperCount(actor, toPaper(paper, actor));
}

/** Updates examYear, examType, title, slug or durationMinutes of a paper (editors and admins); status is not changed here. */
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
  const $set = definedFields(data, ['examYear', 'examType', 'title', 'slug', 'durationMinutes']);
  const write = async () => {
    const updated = await orNotFound(
      updateById<Parameters<typeof toPaper>[0]>(PaperModel, paperId, { $set }),
      () => new NotFoundError('Paper not found'),
    );
    // Questions carry their paper's year (search filters and counts by it).
    await copyToChildren(PaperModel, paperId, $set);
    return withPaperCount(actor, toPaper(updated, actor));
  };
  // Only the year is copied down: a change of it is journalled, so that its copies are repaired.
  if ($set.examYear === undefined) return write();
  return journaled({ kind: 'paper-copies', targetId: paperId }, write, () =>
    repairPaperCopies(paperId),
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
