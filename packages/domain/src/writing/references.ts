// Every child -> parent reference of the catalog in one table. It drives the three rules that
// depend on references, so no service imports another module's model:
// - "the parent must exist" (readParent / requireParent, 400 naming the field),
// - "insert under a parent that may vanish" (insertUnderParent: no transactions, so the child is
//   taken back out when its parent disappeared meanwhile, and inherited fields are re-synced),
// - "delete unless referenced" (deleteUnlessReferenced: dependents derived from the table).

import { ConflictError, invalidReference, NotFoundError } from '../errors.js';
import { mongoose } from '../db.js';
import '../models.js';
import type { AnyModel } from '../storage/model-helpers.js';

export type ModelName =
  | 'University'
  | 'Branch'
  | 'Semester'
  | 'Subject'
  | 'SubjectOffering'
  | 'Syllabus'
  | 'Module'
  | 'Topic'
  | 'Paper'
  | 'Question'
  | 'Solution'
  | 'Vote'
  | 'User';

/** One reference: documents of `child` point at a `parent` through `field`. */
export interface Reference {
  child: ModelName;
  field: string;
  parent: ModelName;
  /** What deleting the parent does while children exist: refuse (409) or delete them with it. */
  onDelete: 'restrict' | 'cascade';
  /** Plural field name for the 409's details, e.g. `semesters`. */
  path: string;
  /** Singular noun for messages, e.g. `semester`. */
  noun: string;
}

/** The catalog's references. Order matters only for the order of names in a 409 message. */
export const REFERENCES: readonly Reference[] = [
  {
    child: 'Branch',
    field: 'universityId',
    parent: 'University',
    onDelete: 'restrict',
    path: 'branches',
    noun: 'branch',
  },
  {
    child: 'Semester',
    field: 'branchId',
    parent: 'Branch',
    onDelete: 'restrict',
    path: 'semesters',
    noun: 'semester',
  },
  {
    child: 'SubjectOffering',
    field: 'branchId',
    parent: 'Branch',
    onDelete: 'restrict',
    path: 'subjectOfferings',
    noun: 'subject offering',
  },
  {
    child: 'SubjectOffering',
    field: 'semesterId',
    parent: 'Semester',
    onDelete: 'restrict',
    path: 'subjectOfferings',
    noun: 'subject offering',
  },
  {
    child: 'SubjectOffering',
    field: 'subjectId',
    parent: 'Subject',
    onDelete: 'restrict',
    path: 'subjectOfferings',
    noun: 'subject offering',
  },
  {
    child: 'SubjectOffering',
    field: 'universityId',
    parent: 'University',
    onDelete: 'restrict',
    path: 'subjectOfferings',
    noun: 'subject offering',
  },
  {
    child: 'Syllabus',
    field: 'subjectOfferingId',
    parent: 'SubjectOffering',
    onDelete: 'restrict',
    path: 'syllabus',
    noun: 'syllabus',
  },
  {
    child: 'Paper',
    field: 'subjectOfferingId',
    parent: 'SubjectOffering',
    onDelete: 'restrict',
    path: 'papers',
    noun: 'paper',
  },
  {
    child: 'Module',
    field: 'syllabusId',
    parent: 'Syllabus',
    onDelete: 'restrict',
    path: 'modules',
    noun: 'module',
  },
  {
    child: 'Topic',
    field: 'moduleId',
    parent: 'Module',
    onDelete: 'restrict',
    path: 'topics',
    noun: 'topic',
  },
  {
    child: 'Question',
    field: 'paperId',
    parent: 'Paper',
    onDelete: 'restrict',
    path: 'questions',
    noun: 'question',
  },
  {
    child: 'Question',
    field: 'moduleId',
    parent: 'Module',
    onDelete: 'restrict',
    path: 'questions',
    noun: 'question',
  },
  {
    child: 'Question',
    field: 'topicId',
    parent: 'Topic',
    onDelete: 'restrict',
    path: 'questions',
    noun: 'question',
  },
  {
    child: 'Solution',
    field: 'questionId',
    parent: 'Question',
    onDelete: 'restrict',
    path: 'solutions',
    noun: 'solution',
  },
  {
    child: 'Vote',
    field: 'solutionId',
    parent: 'Solution',
    onDelete: 'cascade',
    path: 'votes',
    noun: 'vote',
  },
];

function modelOf(name: ModelName): AnyModel {
  return mongoose.model(name) as unknown as AnyModel;
}

function referenceOf(child: ModelName, field: string): Reference {
  const found = REFERENCES.find((r) => r.child === child && r.field === field);
  if (!found) throw new Error(`No reference ${child}.${field} in the table`);
  return found;
}

/** The references that point at `parent`: what deleting one of its documents must consider. */
export function dependentsOf(parent: ModelName): Reference[] {
  return REFERENCES.filter((r) => r.parent === parent);
}

/** The parent a child's field points at (read by `_id`, lean), or null when it does not exist. */
export async function readParent<T = Record<string, unknown>>(
  child: ModelName,
  field: string,
  id: unknown,
  projection?: Record<string, 0 | 1>,
): Promise<T | null> {
  const reference = referenceOf(child, field);
  return modelOf(reference.parent).findById(id, projection).lean<T>();
}

/** Like readParent, but a missing parent is a 400 naming the field ("<parent> not found"). */
export async function requireParent<T = Record<string, unknown>>(
  child: ModelName,
  field: string,
  id: unknown,
  projection?: Record<string, 0 | 1>,
): Promise<T> {
  const parent = await readParent<T>(child, field, id, projection);
  if (!parent)
    throw invalidReference(field, `${nounOf(referenceOf(child, field).parent)} not found`);
  return parent;
}

/** A document of another module by `_id` (lean), or null: for reads of an ancestor's fields. */
export function readById<T = Record<string, unknown>>(
  model: ModelName,
  id: unknown,
  projection?: Record<string, 0 | 1>,
): Promise<T | null> {
  return modelOf(model).findById(id, projection).lean<T>();
}

/** Writes fields a child copies from its parent onto every child of `parentId` (idempotent). */
export async function copyToChildren(
  child: ModelName,
  field: string,
  parentId: unknown,
  set: Record<string, unknown>,
): Promise<void> {
  referenceOf(child, field);
  await modelOf(child).updateMany({ [field]: parentId }, { $set: set });
}

/** How many documents of `model` match `filter` (for checks that count another module's documents). */
export function countWhere(model: ModelName, filter: Record<string, unknown>): Promise<number> {
  return modelOf(model).countDocuments(filter);
}

function nounOf(name: ModelName): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * Inserts a child, then re-reads its parent: without transactions the parent may have been
 * deleted meanwhile (the child is taken back out: 400 naming the field), or the fields the child
 * inherits from it may have changed (they are written again, so a copy never stays stale).
 */
export async function insertUnderParent<T extends { _id: unknown }>(options: {
  child: ModelName;
  field: string;
  parentId: unknown;
  insert: () => Promise<T>;
  /** The fields the child copies from its parent, computed from the re-read parent. */
  inherited?: (parent: Record<string, unknown>) => Record<string, unknown>;
}): Promise<T> {
  const { child, field, parentId, insert, inherited } = options;
  const created = await insert();
  const parent = await readParent(child, field, parentId);
  if (!parent) {
    await modelOf(child).deleteOne({ _id: created._id });
    throw invalidReference(field, `${nounOf(referenceOf(child, field).parent)} not found`);
  }
  if (!inherited) return created;
  const expected = inherited(parent);
  const current = created as Record<string, unknown>;
  const stale = Object.keys(expected).filter((k) => String(current[k]) !== String(expected[k]));
  if (stale.length === 0) return created;
  const $set = Object.fromEntries(stale.map((k) => [k, expected[k]]));
  await modelOf(child).updateOne({ _id: created._id }, { $set });
  return { ...created, ...$set };
}

function refusal(label: string, present: { reference: Reference; count: number }[]): ConflictError {
  const total = present.reduce((sum, { count }) => sum + count, 0);
  const list = present
    .map(({ reference, count }) => `${count} ${reference.noun}${count === 1 ? '' : 's'}`)
    .join(' and ');
  return new ConflictError(
    `${label} cannot be deleted: ${list} still ${total === 1 ? 'references' : 'reference'} it`,
    present.map(({ reference, count }) => ({
      path: reference.path,
      message: `${count} ${count === 1 ? 'references' : 'reference'} this ${label.toLowerCase()}`,
    })),
  );
}

/**
 * Deletes a document unless others still reference it (409 naming them; only references marked
 * `cascade` are deleted with it). Without transactions a dependent may be created between the
 * count and the delete, so the dependents are counted again afterwards and the document is put
 * back if one appeared.
 */
export async function deleteUnlessReferenced(options: {
  model: ModelName;
  id: string;
  /** Capitalised resource name, e.g. `Branch`. */
  label: string;
}): Promise<void> {
  const { model, id, label } = options;
  const references = dependentsOf(model);
  const restricting = references.filter((r) => r.onDelete === 'restrict');
  const count = async () => {
    const counts = await Promise.all(
      restricting.map((r) => modelOf(r.child).countDocuments({ [r.field]: id })),
    );
    // Several fields of one child model (an offering's branch and semester) count once per path.
    const byPath = new Map<string, { reference: Reference; count: number }>();
    restricting.forEach((reference, i) => {
      const entry = byPath.get(reference.path);
      const n = counts[i] ?? 0;
      if (!entry || n > entry.count) byPath.set(reference.path, { reference, count: n });
    });
    return [...byPath.values()].filter(({ count: n }) => n > 0);
  };
  const doc = await modelOf(model).findById(id).lean();
  if (!doc) throw new NotFoundError(`${label} not found`);
  const before = await count();
  if (before.length) throw refusal(label, before);
  const { deletedCount } = await modelOf(model).deleteOne({ _id: id });
  if (deletedCount === 0) throw new NotFoundError(`${label} not found`);
  const after = await count();
  if (after.length) {
    await modelOf(model).collection.insertOne(doc as never);
    throw refusal(label, after);
  }
  for (const reference of references.filter((r) => r.onDelete === 'cascade')) {
    await modelOf(reference.child).deleteMany({ [reference.field]: id });
  }
}
