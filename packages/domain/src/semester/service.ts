import type { QueryFilter } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import { BranchModel } from '../branch/model.js';
import { objectId } from '../common-schemas.js';
import { ConflictError, invalidReference, NotFoundError, parseInput } from '../errors.js';
import { definedFields, orNotFound, updateById } from '../update.js';
import type { Page } from '../pagination.js';
import { paginate } from '../pagination.js';
import { toDto } from '../serialize.js';
import { SubjectOfferingModel } from '../subject-offering/model.js';
import { deleteUnlessReferenced } from '../dependents.js';
import { withUniqueCheck } from '../unique.js';
import { SemesterModel } from './model.js';
import type { Semester } from './schema.js';
import { createSemesterInput, listSemestersQuery, updateSemesterInput } from './schema.js';

const notFound = () => new NotFoundError('Semester not found');
const duplicateMessage = 'A semester with this number already exists in the branch';

async function assertBranchExists(branchId: string): Promise<void> {
  if (!(await BranchModel.exists({ _id: branchId })))
    throw invalidReference('branchId', 'branch not found');
}

/** Lists semesters, optionally of one branch, ordered by number. */
export async function listSemesters({
  query,
}: {
  actor?: MaybeActor;
  query?: unknown;
}): Promise<Page<Semester>> {
  const { page, limit, branchId } = parseInput(listSemestersQuery, query ?? {});
  const filter: QueryFilter<unknown> = {};
  if (branchId) filter.branchId = branchId;
  return paginate<Semester>(SemesterModel, filter, { number: 1 }, { page, limit });
}

/** Reads a semester by id (404 when missing). */
export async function getSemesterById({
  id,
}: {
  actor?: MaybeActor;
  id: string;
}): Promise<Semester> {
  const semesterId = parseInput(objectId, id, 'id');
  const doc = await orNotFound(SemesterModel.findById(semesterId).lean(), notFound);
  return toDto<Semester>(doc);
}

/** Creates a semester (admin or editor) in an existing branch; (branchId, number) is unique (409). */
export async function createSemester({
  actor,
  input,
}: {
  actor: MaybeActor;
  input: unknown;
}): Promise<Semester> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createSemesterInput, input);
  await assertBranchExists(data.branchId);
  const attempted = { branchId: data.branchId, number: data.number };
  const doc = await withUniqueCheck(
    SemesterModel,
    attempted,
    () => SemesterModel.create({ ...attempted, name: data.name ?? null }),
    duplicateMessage,
  );
  return toDto<Semester>(doc.toObject());
}

/**
 * Updates a semester (admin or editor). A new branch must exist; a semester that subject offerings
 * reference cannot move to another branch (they name its branch too).
 */
export async function updateSemester({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
}): Promise<Semester> {
  assertCan(actor, 'catalog:write');
  const semesterId = parseInput(objectId, id, 'id');
  const data = parseInput(updateSemesterInput, input);
  const current = await orNotFound(SemesterModel.findById(semesterId).lean(), notFound);

  const set = definedFields(data, ['name', 'number']);
  if (data.branchId !== undefined && data.branchId !== current.branchId.toHexString()) {
    await assertBranchExists(data.branchId);
    const offerings = await SubjectOfferingModel.countDocuments({ semesterId });
    if (offerings > 0) {
      throw new ConflictError(
        `Semester cannot move to another branch: ${offerings} subject offering${offerings === 1 ? ' references' : 's reference'} it`,
        [{ path: 'branchId', message: 'subject offerings reference this semester' }],
      );
    }
    set.branchId = data.branchId;
  }

  const attempted = {
    branchId: data.branchId ?? current.branchId,
    number: data.number ?? current.number,
  };
  const updated = await orNotFound(
    updateById<typeof current>(
      SemesterModel,
      semesterId,
      { $set: set },
      {
        attempted,
        conflictMessage: duplicateMessage,
      },
    ),
    notFound,
  );
  return toDto<Semester>(updated);
}

/** Deletes a semester (admin); refused with 409 while subject offerings reference it. */
export async function deleteSemester({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<void> {
  assertCan(actor, 'catalog:delete');
  const semesterId = parseInput(objectId, id, 'id');
  await deleteUnlessReferenced({
    model: SemesterModel,
    id: semesterId,
    label: 'Semester',
    dependents: [
      {
        model: SubjectOfferingModel,
        filter: { semesterId },
        path: 'subjectOfferings',
        noun: 'subject offering',
      },
    ],
  });
}
