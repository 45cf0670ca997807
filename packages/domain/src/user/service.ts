import type { Actor, MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import { ConflictError, isDuplicateKeyError, NotFoundError, parseInput } from '../errors.js';
import { paginate } from '../listing/pagination.js';
import type { Page } from '../listing/pagination.js';
import { literalRegex } from '../listing/search-param.js';
import { toDto } from '../storage/serialize.js';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { forgetCachedActor } from './actor-cache.js';
import { USER_ORDER, UserModel } from './model.js';
import {
  externalIdSchema,
  listUsersQuery,
  setUserRoleInput,
  updateUserInput,
  userClaims,
} from './schema.js';
import type { SetUserRoleInput, User } from './schema.js';

/** A lean user as its DTO. */
export function toUser(doc: unknown): User {
  const { id, externalId, role, isActive, name, email, createdAt, updatedAt } = toDto<User>(doc);
  return {
    id,
    externalId,
    role,
    isActive,
    name: name ?? null,
    email: email ?? null,
    createdAt,
    updatedAt,
  };
}

/** The Actor the services expect, for a user. */
export function toActor(user: User): Actor {
  return { id: user.id, externalId: user.externalId, role: user.role, isActive: user.isActive };
}

/**
 * The document id of the user with this externalId: derived from it, so the user behind a token
 * is read by primary key (on FerretDB the only indexed lookup; on MongoDB the cheapest).
 */
export function userIdFor(externalId: string): Types.ObjectId {
  return new Types.ObjectId(
    createHash('sha256').update(`user:${externalId}`).digest().subarray(0, 12),
  );
}

/** The user with this externalId: by derived id first, then (users made before ids were derived) by field. */
async function findByExternalId(externalId: string) {
  return (
    (await UserModel.findById(userIdFor(externalId)).lean()) ??
    (await UserModel.findOne({ externalId }).lean())
  );
}

/**
 * Finds the user behind a verified token, creating it on first sight: role normal (admin when
 * the id is in `adminExternalIds`), active, name and email from the claims. A concurrent first
 * sight that loses on the unique externalId index reads the winner's document.
 */
export async function upsertUserFromClaims({
  externalId,
  name,
  email,
  adminExternalIds = [],
}: {
  externalId: string;
  name?: string | null;
  email?: string | null;
  adminExternalIds?: Iterable<string>;
}): Promise<{ user: User; actor: Actor }> {
  const claims = parseInput(userClaims, { externalId, name, email });
  let doc: { _id: unknown; name?: string | null; email?: string | null } | null =
    await findByExternalId(claims.externalId);
  if (!doc) {
    const isAdmin = new Set([...adminExternalIds].map((id) => id.trim())).has(claims.externalId);
    try {
      const created = await UserModel.create({
        _id: userIdFor(claims.externalId),
        externalId: claims.externalId,
        role: isAdmin ? 'admin' : 'normal',
        isActive: true,
        name: claims.name || null,
        email: claims.email || null,
      });
      doc = created.toObject();
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      doc = await findByExternalId(claims.externalId);
      if (!doc) throw error;
    }
  } else if ((!doc.name && claims.name) || (!doc.email && claims.email)) {
    // Fill in what an earlier token lacked; never overwrite what is known.
    const $set: Record<string, string> = {};
    if (!doc.name && claims.name) $set.name = claims.name;
    if (!doc.email && claims.email) $set.email = claims.email;
    doc =
      (await UserModel.findOneAndUpdate(
        { _id: doc._id },
        { $set },
        { returnDocument: 'after' },
      ).lean()) ?? doc;
  }
  const user = toUser(doc);
  return { user, actor: toActor(user) };
}

/** Returns the caller's own profile (any active user). */
export async function getMe({ actor }: { actor: MaybeActor }): Promise<User> {
  assertCan(actor, 'user:read-self');
  const doc = await UserModel.findById(actor.id).lean();
  if (!doc) throw new NotFoundError('User not found');
  return toUser(doc);
}

/** Lists users (admins only), filtered by role, isActive and a name or email substring; oldest first. */
export async function listUsers({
  actor,
  query,
}: {
  actor: MaybeActor;
  query?: unknown;
}): Promise<Page<User>> {
  assertCan(actor, 'user:manage');
  const q = parseInput(listUsersQuery, query ?? {});
  const filter: Record<string, unknown> = {};
  if (q.role) filter.role = q.role;
  if (q.isActive !== undefined) filter.isActive = q.isActive;
  if (q.search) {
    const pattern = literalRegex(q.search);
    filter.$or = [{ name: pattern }, { email: pattern }];
  }
  return paginate(UserModel, filter, USER_ORDER, q, toUser);
}

/** Reads a user by identity-provider id (admins only). */
export async function getUserByExternalId({
  actor,
  externalId,
}: {
  actor: MaybeActor;
  externalId: string;
}): Promise<User> {
  assertCan(actor, 'user:manage');
  const value = parseInput(externalIdSchema, externalId, 'externalId');
  const doc = await UserModel.findOne({ externalId: value }).lean();
  if (!doc) throw new NotFoundError('User not found');
  return toUser(doc);
}

/** The 409 for a change that would leave no active admin; `path` names the field that would do it. */
function lastAdminConflict(path: 'role' | 'isActive'): ConflictError {
  return new ConflictError('Cannot demote or deactivate the last active admin', [
    { path, message: 'at least one active admin must remain' },
  ]);
}

/** Changes a user's role or active flag (admins only); the last active admin cannot be demoted or deactivated (409). */
export async function updateUser({
  actor,
  externalId,
  input,
}: {
  actor: MaybeActor;
  externalId: string;
  input: unknown;
}): Promise<User> {
  assertCan(actor, 'user:manage');
  const value = parseInput(externalIdSchema, externalId, 'externalId');
  const data = parseInput(updateUserInput, input);
  const before = await UserModel.findOne({ externalId: value }).lean();
  if (!before) throw new NotFoundError('User not found');

  const role = data.role ?? before.role;
  const isActive = data.isActive ?? before.isActive;
  const removesAdmin =
    before.role === 'admin' && before.isActive && !(role === 'admin' && isActive);
  // Name the field the caller changed: deactivation when isActive goes false, else the role.
  const conflictPath = isActive ? 'role' : 'isActive';
  if (removesAdmin) {
    const others = await UserModel.countDocuments({
      role: 'admin',
      isActive: true,
      _id: { $ne: before._id },
    });
    if (others === 0) throw lastAdminConflict(conflictPath);
  }
  const updated = await UserModel.findOneAndUpdate(
    { _id: before._id },
    { $set: { role, isActive } },
    { returnDocument: 'after' },
  ).lean();
  if (!updated) throw new NotFoundError('User not found');
  forgetCachedActor(before.externalId);
  if (removesAdmin) {
    // No transactions: two admins demoting each other can both pass the check above. Counting
    // again after our own write and reverting it when nobody remains means at least one of them
    // always sees the other's write and backs off.
    const remaining = await UserModel.countDocuments({ role: 'admin', isActive: true });
    if (remaining === 0) {
      await UserModel.updateOne(
        { _id: before._id },
        { $set: { role: before.role, isActive: before.isActive } },
      );
      forgetCachedActor(before.externalId);
      throw lastAdminConflict(conflictPath);
    }
  }
  return toUser(updated);
}

/** Sets a user's role, creating the user when missing (no actor: for the local development token CLI). */
export async function setUserRole(input: { externalId: string; role: string }): Promise<User> {
  const data = parseInput(setUserRoleInput, input);
  try {
    return await writeUserRole(data);
  } finally {
    // After the write: a read that starts before it ends would otherwise keep the old role.
    forgetCachedActor(data.externalId);
  }
}

async function writeUserRole(data: SetUserRoleInput): Promise<User> {
  const update = async () => {
    const found = await findByExternalId(data.externalId);
    if (!found) return null;
    return UserModel.findByIdAndUpdate(
      found._id,
      { $set: { role: data.role } },
      { returnDocument: 'after' },
    ).lean();
  };
  const existing = await update();
  if (existing) return toUser(existing);
  try {
    const created = await UserModel.create({
      _id: userIdFor(data.externalId),
      externalId: data.externalId,
      role: data.role,
      isActive: true,
    });
    return toUser(created.toObject());
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const raced = await update();
    if (!raced) throw error;
    return toUser(raced);
  }
}
