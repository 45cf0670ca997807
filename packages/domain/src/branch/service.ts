import type { QueryFilter } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import { objectId } from '../common-schemas.js';
import { invalidReference, NotFoundError, parseInput } from '../errors.js';
import { definedFields, orNotFound, updateById } from '../writing/update.js';
import { assertMovable, copyToChildren } from '../writing/copies.js';
import { journaled } from '../writing/pending-writes.js';
import { deleteUnlessReferenced, readParent } from '../writing/references.js';
import { asCaller, readVisible, visibleWhere } from '../visibility.js';
import type { Caller } from '../visibility.js';
import type { Page } from '../listing/pagination.js';
import { paginate } from '../listing/pagination.js';
import { literalRegex } from '../listing/search-param.js';
import { toDto } from '../storage/serialize.js';
import { BranchModel } from './model.js';
import type { Branch } from './schema.js';
import { createBranchInput, listBranchesQuery, updateBranchInput } from './schema.js';
import { documentId } from '../storage/document-id.js';

const notFound = () => new NotFoundError('Branch not found');

/** The order of every branch list: by name. */
export const BRANCH_ORDER = { name: 1 } as const;

async function assertActiveUniversity(universityId: string): Promise<void> {
  // Read by _id alone and compare in code: on FerretDB only a bare _id filter uses an index.
  const university = await readParent<{ isActive: boolean }>(
    BranchModel,
    'universityId',
    universityId,
    { isActive: 1 },
  );
  if (!university?.isActive) {
    throw invalidReference('universityId', 'university not found or not active');
  }
}

/** Lists branches, optionally of one university and searched by name, ordered by name. */
export async function listBranches({
  actor,
  query,
}: {
  actor?: Caller;
  query?: unknown;
}): Promise<Page<Branch>> {
  const request = parseInput(listBranchesQuery, query ?? {});
  const { universityId, search } = request;
  const viewer = await asCaller(actor).view();
  const filter: QueryFilter<unknown> = visibleWhere(
    viewer,
    'academic',
    universityId ? { universityId } : {},
  );
  if (search) filter.name = literalRegex(search);
  return paginate<Branch>(BranchModel, filter, BRANCH_ORDER, request);
}

/** Reads a branch by id (404 when missing). */
export async function getBranchById({
  actor,
  id,
}: {
  actor?: Caller;
  id: string;
}): Promise<Branch> {
  const branchId = parseInput(objectId, id, 'id');
  const { doc } = await readVisible(
    actor,
    'academic',
    () => BranchModel.findById(branchId).lean(),
    notFound,
  );
  return toDto<Branch>(doc);
}

/** Creates a branch (admin or editor) in an existing, active university. */
export async function createBranch({
  actor,
  input,
  id,
}: {
  actor: MaybeActor;
  input: unknown;
  /** The new resource's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
}): Promise<Branch> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createBranchInput, input);
  await assertActiveUniversity(data.universityId);
  const doc = await BranchModel.create({
    _id: documentId(id),
    universityId: data.universityId,
    name: data.name,
    code: data.code ?? null,
  });
  return toDto<Branch>(doc.toObject());
}

/**
 * Updates a branch (admin or editor). A new university must exist and be active; a branch that
 * subject offerings reference cannot move to another university (they name its university too).
 */
export async function updateBranch({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
}): Promise<Branch> {
  assertCan(actor, 'catalog:write');
  const branchId = parseInput(objectId, id, 'id');
  const data = parseInput(updateBranchInput, input);
  const current = await orNotFound(BranchModel.findById(branchId).lean(), notFound);

  const set = definedFields(data, ['name', 'code']);
  if (data.universityId !== undefined && data.universityId !== current.universityId.toHexString()) {
    await assertActiveUniversity(data.universityId);
    await assertMovable({
      model: BranchModel,
      id: branchId,
      field: 'universityId',
      label: 'Branch',
    });
    set.universityId = data.universityId;
  }

  const write = async () => {
    const updated = await orNotFound(
      updateById<typeof current>(BranchModel, branchId, { $set: set }),
      notFound,
    );
    // Semesters carry their branch's university (a branch with offerings never moves).
    await copyToChildren(BranchModel, branchId, set);
    return toDto<Branch>(updated);
  };
  // A move is journalled, so that semesters never keep the old university.
  if (set.universityId === undefined) return write();
  return journaled({ kind: 'branch-copies', targetId: branchId }, write, () =>
    repairBranchCopies(branchId),
  );
}

/**
 * Makes the university its semesters copy agree with the branch as stored now: the repair of a
 * move that stopped half-way (writing/pending-writes.ts). Idempotent.
 */
export async function repairBranchCopies(branchId: string): Promise<void> {
  const branch = await BranchModel.findById(branchId, { universityId: 1 }).lean();
  if (branch) await copyToChildren(BranchModel, branchId, { universityId: branch.universityId });
}

/** Deletes a branch (admin); refused with 409 while semesters or subject offerings reference it. */
export async function deleteBranch({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<void> {
  assertCan(actor, 'catalog:delete');
  const branchId = parseInput(objectId, id, 'id');
  await deleteUnlessReferenced({ model: BranchModel, id: branchId, label: 'Branch' });
}
