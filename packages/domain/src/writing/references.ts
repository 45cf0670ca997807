// The rules that depend on the references of reference-table.ts, so no service imports another
// module's model:
// - "the parent must exist" (readParent / requireParent, 400 naming the field),
// - "insert under a parent that may vanish" (insertUnderParent: no transactions, so the child is
//   taken back out when its parent disappeared meanwhile, and inherited fields are re-synced),
// - "delete unless referenced" (deleteUnlessReferenced: dependents derived from the table).

import { Types } from 'mongoose';
import { ConflictError, invalidReference, NotFoundError } from '../errors.js';
import { entryKindOf, rewriteEntries } from '../search/entry-writes.js';
import { searchableFieldsOf } from '../search/indexing.js';
import { markTermCountsStale } from '../search/terms.js';
import type { AnyModel } from '../storage/model-helpers.js';
import { dependentsOf, inheritedFrom, nounOf, referenceOf } from './reference-table.js';
import type { Reference } from './reference-table.js';
import { listDependents } from './copies.js';

/** The parent a child's field points at (read by `_id`, lean), or null when it does not exist. */
export async function readParent<T = Record<string, unknown>>(
  child: AnyModel,
  field: string,
  id: unknown,
  projection?: Record<string, 0 | 1>,
): Promise<T | null> {
  const reference = referenceOf(child, field);
  return reference.parent.findById(id, projection).lean<T>();
}

/** Like readParent, but a missing parent is a 400 naming the field ("<parent> not found"). */
export async function requireParent<T = Record<string, unknown>>(
  child: AnyModel,
  field: string,
  id: unknown,
  projection?: Record<string, 0 | 1>,
): Promise<T> {
  const parent = await readParent<T>(child, field, id, projection);
  if (!parent)
    throw invalidReference(field, `${nounOf(referenceOf(child, field).parent)} not found`);
  return parent;
}

/**
 * Inserts a child, then re-reads its parent: without transactions the parent may have been
 * deleted meanwhile (the child is taken back out: 400 naming the field), or the fields the child
 * inherits from it may have changed (they are written again, so a copy never stays stale). A
 * failure after the insert takes the child back out too.
 */
export async function insertUnderParent<T extends { _id: unknown }>(options: {
  child: AnyModel;
  field: string;
  parentId: unknown;
  insert: () => Promise<T>;
}): Promise<T> {
  const { child, field, parentId, insert } = options;
  const created = await insert();
  try {
    const parent = await readParent(child, field, parentId);
    if (!parent) {
      throw invalidReference(field, `${nounOf(referenceOf(child, field).parent)} not found`);
    }
    // The fields the child copies from its parent (the table's `copies`), from the re-read parent.
    const expected = inheritedFrom(child, field, parent);
    const current = created as Record<string, unknown>;
    const stale = Object.keys(expected).filter(
      (k) => expected[k] !== undefined && String(current[k]) !== String(expected[k]),
    );
    if (stale.length === 0) return created;
    const $set = Object.fromEntries(stale.map((k) => [k, expected[k]]));
    await child.updateOne({ _id: created._id }, { $set });
    return { ...created, ...$set };
  } catch (error) {
    // Any step after the insert failed (the parent gone, its re-read or the copy's rewrite): the
    // child is taken back out, so that the error leaves nothing behind a reader sees. When even
    // that fails the child stays whole, with the copies read before its insert.
    await child.deleteOne({ _id: created._id }).catch(() => undefined);
    throw error;
  }
}

function refusal(label: string, present: { reference: Reference; count: number }[]): ConflictError {
  const { list, isSingular } = listDependents(present);
  return new ConflictError(
    `${label} cannot be deleted: ${list} still ${isSingular ? 'references' : 'reference'} it`,
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
  model: AnyModel;
  id: string;
  /** Capitalised resource name, e.g. `Branch`. */
  label: string;
}): Promise<void> {
  const { model, id, label } = options;
  const references = dependentsOf(model);
  const restricting = references.filter((r) => r.onDelete === 'restrict');
  const count = async () => {
    const counts = await Promise.all(
      restricting.map((r) => r.child.countDocuments({ [r.field]: id })),
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
  // Read by the driver, whole: the models' read hooks leave out the search keys and similarity
  // bands, which a document put back below must keep.
  const doc = await model.collection.findOne({ _id: new Types.ObjectId(id) });
  if (!doc) throw new NotFoundError(`${label} not found`);
  const before = await count();
  if (before.length) throw refusal(label, before);
  const { deletedCount } = await model.deleteOne({ _id: id });
  if (deletedCount === 0) throw new NotFoundError(`${label} not found`);
  const after = await count();
  if (after.length) {
    await model.collection.insertOne(doc);
    // The delete took its words from the search term counts; the driver's insert gives none back.
    if (searchableFieldsOf(model.schema)) await markTermCountsStale();
    // Nor its search entry, which the delete removed.
    const kind = entryKindOf(model.schema);
    if (kind) await rewriteEntries(model, kind, [doc._id]);
    throw refusal(label, after);
  }
  for (const reference of references.filter((r) => r.onDelete === 'cascade')) {
    await reference.child.deleteMany({ [reference.field]: id });
  }
}
