import type { Types } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import { objectId } from '../common-schemas.js';
import type { ErrorDetail } from '../errors.js';
import { invalidReference, NotFoundError, parseInput, ValidationError } from '../errors.js';
import type { Page } from '../listing/pagination.js';
import { emptyPage, paginate } from '../listing/pagination.js';
import { toDto } from '../storage/serialize.js';
import { deleteUnlessReferenced, readParent } from '../writing/references.js';
import { asCaller, readVisible, restrictFilter } from '../visibility.js';
import type { Caller } from '../visibility.js';
import { withUniqueCheck } from '../writing/unique.js';
import { SubjectOfferingModel } from './model.js';
import type { SubjectOffering } from './schema.js';
import { createSubjectOfferingInput, listSubjectOfferingsQuery } from './schema.js';
import { documentId } from '../storage/document-id.js';

const notFound = () => new NotFoundError('Subject offering not found');

/** Lists subject offerings, filtered by university, branch, semester and subject, oldest first. */
export async function listSubjectOfferings({
  actor,
  query,
}: {
  actor?: Caller;
  query?: unknown;
}): Promise<Page<SubjectOffering>> {
  const request = parseInput(listSubjectOfferingsQuery, query ?? {});
  const filters = request;
  const wanted: Record<string, unknown> = {};
  for (const field of ['universityId', 'branchId', 'semesterId', 'subjectId'] as const) {
    if (filters[field]) wanted[field] = filters[field];
  }
  const filter = restrictFilter(await asCaller(actor).view(), 'academic', wanted);
  if (!filter) return emptyPage(request);
  return paginate<SubjectOffering>(SubjectOfferingModel, filter, { createdAt: 1 }, request);
}

/** Reads a subject offering by id (404 when missing). */
export async function getSubjectOfferingById({
  actor,
  id,
}: {
  actor?: Caller;
  id: string;
}): Promise<SubjectOffering> {
  const offeringId = parseInput(objectId, id, 'id');
  const { doc } = await readVisible(
    actor,
    'academic',
    () => SubjectOfferingModel.findById(offeringId).lean(),
    notFound,
  );
  return toDto<SubjectOffering>(doc);
}

/**
 * Creates a subject offering (admin or editor). Every reference must exist (the university active),
 * the branch must belong to the university and the semester to the branch (else 400 naming the
 * field); the combination with the regulation is unique (409).
 */
export async function createSubjectOffering({
  actor,
  input,
  id,
}: {
  actor: MaybeActor;
  input: unknown;
  /** The new resource's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
}): Promise<SubjectOffering> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createSubjectOfferingInput, input);
  const [university, branch, semester, subject] = await Promise.all([
    readParent<{ isActive: boolean }>(SubjectOfferingModel, 'universityId', data.universityId, {
      isActive: 1,
    }).then((u) => (u?.isActive ? u : null)),
    readParent<{ universityId: Types.ObjectId }>(SubjectOfferingModel, 'branchId', data.branchId, {
      universityId: 1,
    }),
    readParent<{ branchId: Types.ObjectId }>(SubjectOfferingModel, 'semesterId', data.semesterId, {
      branchId: 1,
    }),
    readParent(SubjectOfferingModel, 'subjectId', data.subjectId, { _id: 1 }),
  ]);

  const problems: ErrorDetail[] = [];
  if (!university)
    problems.push({ path: 'universityId', message: 'university not found or not active' });
  if (!branch) problems.push({ path: 'branchId', message: 'branch not found' });
  else if (university && branch.universityId.toHexString() !== data.universityId) {
    problems.push({ path: 'branchId', message: 'branch does not belong to the university' });
  }
  if (!semester) problems.push({ path: 'semesterId', message: 'semester not found' });
  else if (branch && semester.branchId.toHexString() !== data.branchId) {
    problems.push({ path: 'semesterId', message: 'semester does not belong to the branch' });
  }
  if (!subject) problems.push({ path: 'subjectId', message: 'subject not found' });
  const [first] = problems;
  if (first) {
    if (problems.length === 1) throw invalidReference(first.path, first.message);
    throw new ValidationError(`Invalid ${problems.map((p) => p.path).join(', ')}`, problems);
  }

  const values = {
    universityId: data.universityId,
    branchId: data.branchId,
    semesterId: data.semesterId,
    subjectId: data.subjectId,
    regulation: data.regulation ?? null,
  };
  const doc = await withUniqueCheck(
    SubjectOfferingModel,
    values,
    () => SubjectOfferingModel.create({ _id: documentId(id), ...values }),
    'This subject is already offered for that university, branch, semester and regulation',
  );
  return toDto<SubjectOffering>(doc.toObject());
}

/** Deletes a subject offering (admin); refused with 409 while a syllabus or papers reference it. */
export async function deleteSubjectOffering({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<void> {
  assertCan(actor, 'catalog:delete');
  const offeringId = parseInput(objectId, id, 'id');
  await deleteUnlessReferenced({
    model: SubjectOfferingModel,
    id: offeringId,
    label: 'Subject offering',
  });
}
