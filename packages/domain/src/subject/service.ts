import type { QueryFilter } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import type { Caller } from '../visibility.js';
import { objectId } from '../common-schemas.js';
import { NotFoundError, parseInput } from '../errors.js';
import { definedFields, orNotFound, updateById } from '../writing/update.js';
import type { Page } from '../listing/pagination.js';
import { paginate } from '../listing/pagination.js';
import { literalRegex } from '../listing/search-param.js';
import { toDto } from '../storage/serialize.js';
import { createWithSlug, slugSchema } from '../writing/slug.js';
import { deleteUnlessReferenced } from '../writing/references.js';
import { SUBJECT_ORDER, SubjectModel } from './model.js';
import type { Subject } from './schema.js';
import { createSubjectInput, listSubjectsQuery, updateSubjectInput } from './schema.js';
import { documentId } from '../storage/document-id.js';

const notFound = () => new NotFoundError('Subject not found');

/** Lists subjects, optionally searched by name or code, ordered by name. */
export async function listSubjects({
  query,
}: {
  actor?: Caller;
  query?: unknown;
}): Promise<Page<Subject>> {
  const request = parseInput(listSubjectsQuery, query ?? {});
  const { search } = request;
  const filter: QueryFilter<unknown> = {};
  if (search) {
    const regex = literalRegex(search);
    filter.$or = [{ name: regex }, { code: regex }];
  }
  return paginate<Subject>(SubjectModel, filter, SUBJECT_ORDER, request);
}

/** Reads a subject by slug (404 when missing). */
export async function getSubjectBySlug({
  slug,
}: {
  actor?: Caller;
  slug: string;
}): Promise<Subject> {
  const parsed = parseInput(slugSchema, slug, 'slug');
  const doc = await SubjectModel.findOne({ slug: parsed }).lean();
  if (!doc) throw notFound();
  return toDto<Subject>(doc);
}

/** Reads a subject by id (404 when missing). */
export async function getSubjectById({ id }: { actor?: Caller; id: string }): Promise<Subject> {
  const subjectId = parseInput(objectId, id, 'id');
  const doc = await orNotFound(SubjectModel.findById(subjectId).lean(), notFound);
  return toDto<Subject>(doc);
}

/** Creates a subject (admin or editor); the slug is generated from the name unless given. */
export async function createSubject({
  actor,
  input,
  id,
}: {
  actor: MaybeActor;
  input: unknown;
  /** The new resource's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
}): Promise<Subject> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(createSubjectInput, input);
  const _id = documentId(id);
  return createWithSlug({
    model: SubjectModel,
    kind: 'subject',
    explicit: data.slug,
    base: data.name,
    insert: async (slug) => {
      const doc = await SubjectModel.create({
        _id,
        name: data.name,
        code: data.code ?? null,
        slug,
        description: data.description ?? null,
      });
      return toDto<Subject>(doc.toObject());
    },
  });
}

/** Updates a subject (admin or editor); a slug already taken is a 409. */
export async function updateSubject({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
}): Promise<Subject> {
  assertCan(actor, 'catalog:write');
  const subjectId = parseInput(objectId, id, 'id');
  const data = parseInput(updateSubjectInput, input);
  const set = definedFields(data, ['name', 'code', 'slug', 'description']);

  const updated = await orNotFound(
    updateById<Record<string, unknown>>(
      SubjectModel,
      subjectId,
      { $set: set },
      {
        conflictMessage: data.slug ? `The slug "${data.slug}" is already taken` : undefined,
      },
    ),
    notFound,
  );
  return toDto<Subject>(updated);
}

/** Deletes a subject (admin); refused with 409 while subject offerings reference it. */
export async function deleteSubject({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<void> {
  assertCan(actor, 'catalog:delete');
  const subjectId = parseInput(objectId, id, 'id');
  await deleteUnlessReferenced({ model: SubjectModel, id: subjectId, label: 'Subject' });
}

/** The name of a subject, or null when it does not exist (a paper's generated title uses it). */
export async function readSubjectName(subjectId: unknown): Promise<string | null> {
  const subject = await SubjectModel.findById(subjectId, { name: 1 }).lean();
  return subject?.name ?? null;
}
