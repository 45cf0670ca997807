import type { QueryFilter } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import { objectId } from '../common-schemas.js';
import { NotFoundError, parseInput } from '../errors.js';
import { definedFields, orNotFound, updateById } from '../writing/update.js';
import type { Page } from '../listing/pagination.js';
import { paginate } from '../listing/pagination.js';
import { toDto } from '../storage/serialize.js';
import { deleteUnlessReferenced, insertUnderParent, requireParent } from '../writing/references.js';
import { assertMovable } from '../writing/copies.js';
import { copiedProjection, inheritedFrom } from '../writing/reference-table.js';
import { asCaller, readVisible, visibleFilter } from '../visibility.js';
import type { Caller } from '../visibility.js';
import { withUniqueCheck } from '../writing/unique.js';
import { SemesterModel } from './model.js';
import type { Semester } from './schema.js';
import { createSemesterInput, listSemestersQuery, updateSemesterInput } from './schema.js';
import { documentId } from '../storage/document-id.js';

const notFound = () => new NotFoundError('Semester not found');
const duplicateMessage = 'A semester with this number already exists in the branch';

/** The fields a semester copies from the branch it goes under (400 when the branch is missing). */
async function inheritedFromBranch(branchId: string): Promise<Record<string, unknown>> {
  const branch = await requireParent(
    SemesterModel,
    'branchId',
    branchId,
    copiedProjection(SemesterModel, 'branchId'),
  );
  return inheritedFrom(SemesterModel, 'branchId', branch);
}

/** The order of every semester list: by number. */
export const SEMESTER_ORDER = { number: 1 } as const;

/** Lists semesters, optionally of one branch, ordered by number. */
export async function listSemesters({
  actor,
  query,
}: {
  actor?: Caller;
  query?: unknown;
}): Promise<Page<Semester>> {
  const request = parseInput(listSemestersQuery, query ?? {});
  const { branchId } = request;
  const filter: QueryFilter<unknown> = visibleFilter(await asCaller(actor).view(), 'academic');
  if (branchId) filter.branchId = branchId;
  return paginate<Semester>(SemesterModel, filter, SEMESTER_ORDER, request);
}

/** Reads a semester by id (404 when missing). */
export async function getSemesterById({
  actor,
  id,
}: {
  actor?: Caller;
  id: string;
}): Promise<Semester> {
  const semesterId = parseInput(objectId, id, 'id');
  const { doc } = await readVisible(
    actor,
    'academic',
    () => SemesterModel.findById(semesterId).lean(),
    notFound,
  );
  return toDto<Semester>(doc);
}

/** Creates a semester (admin or editor) in an existing branch; (branchId, number) is unique (409). */
export async function createSemester({
  actor,
  input,
  id,
}: {
  actor: MaybeActor;
  input: unknown;
  /** The new resource's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
}): Promise<Semester> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createSemesterInput, input);
  const inherited = await inheritedFromBranch(data.branchId);
  const attempted = { branchId: data.branchId, number: data.number };
  const _id = documentId(id);
  const doc = await insertUnderParent({
    child: SemesterModel,
    field: 'branchId',
    parentId: data.branchId,
    // A branch may move to another university while we insert: the copy is checked afterwards.
    insert: async () =>
      (
        await withUniqueCheck(
          SemesterModel,
          attempted,
          () =>
            SemesterModel.create({
              _id,
              ...attempted,
              ...inherited,
              name: data.name ?? null,
            }),
          duplicateMessage,
        )
      ).toObject(),
  });
  return toDto<Semester>(doc);
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
    const inherited = await inheritedFromBranch(data.branchId);
    await assertMovable({
      model: SemesterModel,
      id: semesterId,
      field: 'branchId',
      label: 'Semester',
    });
    Object.assign(set, { branchId: data.branchId }, inherited);
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
  await deleteUnlessReferenced({ model: SemesterModel, id: semesterId, label: 'Semester' });
}
