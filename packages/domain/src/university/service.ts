import type { QueryFilter, Types } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import { objectId } from '../common-schemas.js';
import { NotFoundError, parseInput } from '../errors.js';
import { definedFields, orNotFound, updateById } from '../writing/update.js';
import type { Page } from '../listing/pagination.js';
import { paginate } from '../listing/pagination.js';
import { literalRegex } from '../listing/search-param.js';
import { toDto } from '../storage/serialize.js';
import { createWithSlug, slugSchema } from '../writing/slug.js';
import { asCaller, isUniversityVisible } from '../visibility.js';
import type { Caller } from '../visibility.js';
import { pendingSweep, startContentSweep, writingUniversity } from './content-sweep.js';
import { UNIVERSITY_ORDER, UniversityModel } from './model.js';
import { PENDING_KEY, syncNameKeys, UniversityNameKeyModel } from './name-keys.js';
import { searchByNameKeys } from './name-search.js';
import type { University } from './schema.js';
import { createUniversityInput, listUniversitiesQuery, updateUniversityInput } from './schema.js';
import { documentId } from '../storage/document-id.js';

const notFound = () => new NotFoundError('University not found');

/** The pending content rewrite (content-sweep.ts) is internal: no DTO shows it. */
const INTERNAL: ReadonlySet<string> = new Set(['contentSweep', 'inViewer']);
/** A university as its DTO (internal fields left out). */
export const toUniversity = (doc: unknown): University => toDto<University>(doc, INTERNAL);

/** Lists universities (active or soft-deleted ones, else both), searched by name or short name, ordered by name. */
export async function listUniversities({
  query,
}: {
  actor?: Caller;
  query?: unknown;
}): Promise<Page<University>> {
  const request = parseInput(listUniversitiesQuery, query ?? {});
  const { search, isActive } = request;
  const filter: QueryFilter<unknown> = {};
  if (isActive !== undefined) filter.isActive = isActive;
  if (search) {
    const found = await searchByNameKeys({
      search,
      filter,
      defaultOrder: UNIVERSITY_ORDER,
      request,
      toItem: toUniversity,
    });
    if (found) return found;
    const regex = literalRegex(search);
    filter.$or = [{ name: regex }, { shortName: regex }];
  }
  return paginate<University>(UniversityModel, filter, UNIVERSITY_ORDER, request, toUniversity);
}

/** The university read, when the caller may see it: a soft-deleted one only for editors and admins. */
function readable(actor: MaybeActor, doc: { isActive?: unknown } | null): University {
  if (!doc || !isUniversityVisible(actor, doc)) throw notFound();
  return toUniversity(doc);
}

/**
 * Reads a university by slug: 404 when missing, or soft-deleted and the caller is not an editor
 * or admin (they read it, as they see everything under it).
 */
export async function getUniversityBySlug({
  actor,
  slug,
}: {
  actor?: Caller;
  slug: string;
}): Promise<University> {
  const parsed = parseInput(slugSchema, slug, 'slug');
  return readable(asCaller(actor).actor, await UniversityModel.findOne({ slug: parsed }).lean());
}

/** Reads a university by id: 404 as for getUniversityBySlug. */
export async function getUniversityById({
  actor,
  id,
}: {
  actor?: Caller;
  id: string;
}): Promise<University> {
  const parsed = parseInput(objectId, id, 'id');
  // By _id alone (the only indexed lookup on FerretDB), then the active flag in code.
  return readable(asCaller(actor).actor, await UniversityModel.findById(parsed).lean());
}

/** Creates a university (admin or editor); the slug is generated from the name unless given. */
export async function createUniversity({
  actor,
  input,
  id,
}: {
  actor: MaybeActor;
  input: unknown;
  /** The new resource's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
}): Promise<University> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createUniversityInput, input);
  const _id = documentId(id);
  let isWritten = false;
  const create = () =>
    createWithSlug({
      model: UniversityModel,
      kind: 'university',
      explicit: data.slug,
      base: data.name,
      insert: async (slug) => {
        const doc = await UniversityModel.create({
          _id,
          name: data.name,
          shortName: data.shortName,
          slug,
          isActive: true,
          deletedAt: null,
        });
        isWritten = true;
        return toUniversity(doc.toObject());
      },
    });
  try {
    return await syncNameKeys(String(_id), create);
  } catch (error) {
    // Written, but its name keys were not: take it back out, so that the error leaves nothing a
    // reader sees. When that fails too, the pending row left behind repairs its keys instead.
    if (isWritten) await removeUniversity(_id).catch(() => undefined);
    throw error;
  }
}

/** Deletes a university just created, with its name key rows. */
async function removeUniversity(_id: Types.ObjectId): Promise<void> {
  await UniversityModel.deleteOne({ _id });
  await UniversityNameKeyModel.deleteMany({ universityId: _id, key: { $ne: PENDING_KEY } });
}

/**
 * Updates a university (admin or editor). Only an admin may change `isActive`: false soft-deletes,
 * true restores. Soft-deleted universities can be updated (that is how they are restored).
 */
export async function updateUniversity({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
}): Promise<University> {
  assertCan(actor, 'catalog:write');
  const universityId = parseInput(objectId, id, 'id');
  const data = parseInput(updateUniversityInput, input);
  if (data.isActive !== undefined) assertCan(actor, 'catalog:delete');
  return writingUniversity(universityId, () =>
    syncNameKeys(universityId, () => writeUpdate(universityId, data)),
  );
}

async function writeUpdate(
  universityId: string,
  data: ReturnType<typeof updateUniversityInput.parse>,
): Promise<University> {
  const current = await UniversityModel.findById(universityId).lean();
  if (!current) throw notFound();

  const set = definedFields(data, ['name', 'shortName', 'slug']);
  const toggles = data.isActive !== undefined && data.isActive !== current.isActive;
  if (toggles) {
    set.isActive = data.isActive;
    set.deletedAt = data.isActive ? null : new Date();
    Object.assign(set, pendingSweep());
  }

  const updated = await orNotFound(
    updateById<typeof current>(
      UniversityModel,
      universityId,
      { $set: set },
      {
        conflictMessage: data.slug ? `The slug "${data.slug}" is already taken` : undefined,
      },
    ),
    notFound,
  );
  if (toggles) void startContentSweep(universityId);
  return toUniversity(updated);
}

/** Soft-deletes a university (admin): `isActive` false and `deletedAt` set. Already deleted: 404. */
export async function deleteUniversity({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<void> {
  assertCan(actor, 'catalog:delete');
  const universityId = parseInput(objectId, id, 'id');
  const result = await writingUniversity(universityId, () =>
    syncNameKeys(universityId, () =>
      UniversityModel.updateOne(
        { _id: universityId, isActive: true },
        { $set: { isActive: false, deletedAt: new Date(), ...pendingSweep() } },
      ),
    ),
  );
  if (result.matchedCount === 0) throw notFound();
  // Its content is excluded at once (visibility.ts); its copies are rewritten after the answer.
  void startContentSweep(universityId);
}
