import { Types } from 'mongoose';

/**
 * The `_id` a create gives its new document: the one it was handed (reserved beforehand with an
 * idempotency key, so a rerun of the create reuses it and can never make a second document), or
 * a fresh one.
 */
export function documentId(id: string | undefined): Types.ObjectId {
  return id === undefined ? new Types.ObjectId() : new Types.ObjectId(id);
}
