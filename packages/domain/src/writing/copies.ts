// The fields children copy from their parents (the `copies` of reference-table.ts) kept true when
// a parent changes: copied down to its children and on to theirs, and a move refused while
// children hold their own reference to the parent being left.

import { ConflictError } from '../errors.js';
import type { AnyModel } from '../storage/model-helpers.js';
import {
  copiedValue,
  dependentsOf,
  nounOf,
  referenceOf,
  REFERENCES,
  sourceOf,
} from './reference-table.js';
import type { Reference } from './reference-table.js';

/** The child fields `reference` copies from `changed` parent fields, with their new values. */
function copiesFrom(
  reference: Reference,
  changed: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(reference.copies)
      .filter(([, copy]) => sourceOf(copy) in changed)
      .map(([to, copy]) => [to, copiedValue(copy, changed)]),
  );
}

/**
 * Writes the fields children copy from `parent`'s `changed` fields onto every child of it, then
 * onto their children that copy those in turn (found by the copy of the parent's id they carry:
 * a solution's `paperId`). Idempotent: documents that already agree are not rewritten.
 */
export async function copyToChildren(
  parent: AnyModel,
  parentId: unknown,
  changed: Record<string, unknown>,
): Promise<void> {
  const down = async (
    model: AnyModel,
    changes: Record<string, unknown>,
    keyOf: (reference: Reference) => Record<string, unknown>,
  ): Promise<void> => {
    for (const reference of dependentsOf(model)) {
      const set = copiesFrom(reference, changes);
      if (Object.keys(set).length === 0) continue;
      const key = keyOf(reference);
      for (const [to, value] of Object.entries(set)) {
        await reference.child.updateMany(
          { ...key, [to]: { $ne: value } },
          { $set: { [to]: value } },
        );
      }
      await down(reference.child, set, (next) => carriedKey(next, key));
    }
  };
  await down(parent, changed, (reference) => ({ [reference.field]: parentId }));
}

/** How `reference`'s children are found by the key their parents were found by (a copy of it). */
function carriedKey(reference: Reference, key: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(key).map(([field, id]) => {
      const copy = Object.entries(reference.copies).find(([, c]) => sourceOf(c) === field);
      if (!copy) {
        throw new Error(`${reference.child.modelName} carries no copy of ${field} to be found by`);
      }
      return [copy[0], id];
    }),
  );
}

/** "3 semesters and 1 subject offering", and whether the verb is singular. */
export function listDependents(present: { reference: Reference; count: number }[]): {
  list: string;
  isSingular: boolean;
} {
  const total = present.reduce((sum, { count }) => sum + count, 0);
  const list = present
    .map(({ reference, count }) => `${count} ${reference.noun}${count === 1 ? '' : 's'}`)
    .join(' and ');
  return { list, isSingular: total === 1 };
}

/**
 * Refuses (409 naming `field`) to move a document to another parent through `field` while
 * children reference it that also reference that kind of parent themselves (a subject offering
 * names its branch and its university: its branch cannot move to another university). Children
 * that copy the field instead follow the move (copyToChildren).
 */
export async function assertMovable(options: {
  model: AnyModel;
  id: string;
  field: string;
  /** Capitalised resource name, e.g. `Branch`. */
  label: string;
}): Promise<void> {
  const { model, id, field, label } = options;
  const pinning = dependentsOf(model).filter((r) =>
    REFERENCES.some((own) => own.child === r.child && own.field === field),
  );
  const counts = await Promise.all(
    pinning.map((reference) => reference.child.countDocuments({ [reference.field]: id })),
  );
  const present = pinning
    .map((reference, i) => ({ reference, count: counts[i] ?? 0 }))
    .filter(({ count }) => count > 0);
  if (present.length === 0) return;
  const { list, isSingular } = listDependents(present);
  const parent = nounOf(referenceOf(model, field).parent);
  throw new ConflictError(
    `${label} cannot move to another ${parent}: ${list} still ${isSingular ? 'references' : 'reference'} it`,
    present.map(({ reference }) => ({
      path: field,
      message: `${reference.noun}s reference this ${label.toLowerCase()}`,
    })),
  );
}
