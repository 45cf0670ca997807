import type { Model } from 'mongoose';
import { ConflictError, NotFoundError } from './errors.js';

/** Something that may still reference the document being deleted. */
export interface Dependent {
  model: Model<any>;
  filter: Record<string, unknown>;
  /** Field named in the 409's details, e.g. `semesters`. */
  path: string;
  /** Singular noun for the message, e.g. `semester`. */
  noun: string;
}

function refusal(label: string, dependents: Dependent[], counts: number[]): ConflictError {
  const present = dependents
    .map((dependent, i) => ({ dependent, count: counts[i] ?? 0 }))
    .filter(({ count }) => count > 0);
  const total = present.reduce((sum, { count }) => sum + count, 0);
  const list = present
    .map(({ dependent, count }) => `${count} ${dependent.noun}${count === 1 ? '' : 's'}`)
    .join(' and ');
  return new ConflictError(
    `${label} cannot be deleted: ${list} still ${total === 1 ? 'references' : 'reference'} it`,
    present.map(({ dependent, count }) => ({
      path: dependent.path,
      message: `${count} ${count === 1 ? 'references' : 'reference'} this ${label.toLowerCase()}`,
    })),
  );
}

/**
 * Deletes a document unless others still reference it (409 naming them; nothing is cascaded).
 * Without transactions a dependent may be created between the count and the delete, so the
 * dependents are counted again afterwards and the document is put back if one appeared.
 */
export async function deleteUnlessReferenced(options: {
  model: Model<any>;
  id: string;
  /** Capitalised resource name, e.g. `Branch`. */
  label: string;
  dependents: Dependent[];
}): Promise<void> {
  const { model, id, label, dependents } = options;
  const count = () => Promise.all(dependents.map((d) => d.model.countDocuments(d.filter)));
  const doc = await model.findById(id).lean();
  if (!doc) throw new NotFoundError(`${label} not found`);
  const before = await count();
  if (before.some((n) => n > 0)) throw refusal(label, dependents, before);
  const { deletedCount } = await model.deleteOne({ _id: id });
  if (deletedCount === 0) throw new NotFoundError(`${label} not found`);
  const after = await count();
  if (after.some((n) => n > 0)) {
    await model.collection.insertOne(doc as never);
    throw refusal(label, dependents, after);
  }
}
