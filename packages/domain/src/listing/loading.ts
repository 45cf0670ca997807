// Shared pieces of the batch loads behind the GraphQL gateway's per-request DataLoaders (each
// module's `loaders.ts`). A batch answers any number of keys and returns results aligned with the
// keys (duplicates and malformed ids included: a malformed id simply finds nothing).
//
// Query shape: children are loaded by the key of the root they hang from (a topic by its
// syllabusId, a question by its subjectOfferingId), one equality query per distinct root key, run
// in parallel. An equality on a top-level field is what the embedded engine pushes down to an
// index (and what MongoDB answers from one); an `$in` over many ids is not, so a tree costs one
// indexed query per level and root, whatever its size.
import type { SortOrder } from 'mongoose';
import type { AnyModel } from '../storage/model-helpers.js';

const OBJECT_ID = /^[a-f0-9]{24}$/i;

/**
 * Cursor batch size of the batch loads behind the GraphQL loaders: the first reply carries every
 * matching document (up to the 16 MB message limit), so a load is one round trip whatever the
 * number of documents, instead of one more getMore per ~100 documents.
 */
export const LOAD_BATCH_SIZE = 100_000;

/** Distinct well-formed ids among the keys, lowercased. */
export function validIds(keys: readonly string[]): string[] {
  return [
    ...new Set(
      keys.filter((k) => typeof k === 'string' && OBJECT_ID.test(k)).map((k) => k.toLowerCase()),
    ),
  ];
}

/** The comparable form of an id (an ObjectId or a string). */
export function keyOf(value: unknown): string {
  return String(value).toLowerCase();
}

/** One result per key: the item whose id is the key, or null. */
export function alignOne<T>(
  keys: readonly string[],
  items: readonly T[],
  idOf: (item: T) => string,
): (T | null)[] {
  const byId = new Map(items.map((item) => [keyOf(idOf(item)), item]));
  return keys.map((key) => byId.get(keyOf(key)) ?? null);
}

/** One list per key: the items whose group is the key, in the items' order (a fresh array each). */
export function alignMany<T>(
  keys: readonly string[],
  items: readonly T[],
  groupOf: (item: T) => string | null,
): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groupOf(item);
    if (group === null) continue;
    const list = groups.get(keyOf(group)) ?? [];
    list.push(item);
    groups.set(keyOf(group), list);
  }
  return keys.map((key) => [...(groups.get(keyOf(key)) ?? [])]);
}

/**
 * Documents by `_id`, in one query whatever the number of ids (a tree's round trips do not grow
 * with its size), each restricted by `filter`. One id is an `_id` equality, which the embedded
 * engine answers from its primary key; several are an `$in`, which it answers by reading the
 * collection (MongoDB uses the primary key for both). Ids that find nothing are left out.
 */
export function findByIds<T>(
  model: AnyModel,
  ids: readonly unknown[],
  filter: Record<string, unknown> = {},
): Promise<T[]> {
  const distinct = [...new Set(ids.map(keyOf))];
  if (distinct.length === 0) return Promise.resolve([]);
  const _id = distinct.length === 1 ? distinct[0] : { $in: distinct };
  return model
    .find({ ...filter, _id })
    .batchSize(LOAD_BATCH_SIZE)
    .lean<T[]>()
    .exec();
}

/**
 * The documents whose `field` equals each key: one equality query per distinct key, in parallel,
 * each restricted by `filter` and sorted with `_id` as the last tiebreak. Returns the documents
 * of all keys, each key's in order, keys in the order given.
 */
export async function findByRootKeys<T>(
  model: AnyModel,
  field: string,
  keys: readonly string[],
  filter: Record<string, unknown>,
  sort: Record<string, SortOrder>,
): Promise<T[]> {
  const lists = await Promise.all(
    validIds(keys).map((key) =>
      model
        .find({ ...filter, [field]: key })
        .sort({ ...sort, _id: sort._id ?? 1 })
        .batchSize(LOAD_BATCH_SIZE)
        .lean<T[]>()
        .exec(),
    ),
  );
  return lists.flat();
}
