// Shared pieces of the modules' batch reads (each module's `reads.ts`): the one mechanism they
// all use. A batch answers any number of keys with a Map (by id, or by parent id), never a list
// per key: the caller (the gateway's per-request DataLoaders) looks each key up. Malformed ids
// simply find nothing.
//
// Query shape: children are read by the key of the root they hang from (a topic by its
// syllabusId, a question by its subjectOfferingId), one equality query per distinct root key, run
// in parallel, then grouped by their parent in memory. An equality on a top-level field is what
// the embedded engine pushes down to an index (and what MongoDB answers from one); an `$in` over
// many ids is not, so a tree costs one indexed query per level and root, whatever its size.
import type { SortOrder } from 'mongoose';
import type { AnyModel } from '../storage/model-helpers.js';
import { asCaller, restrictFilter } from '../visibility.js';
import type { ActorOrCaller, Caller, Viewer, VisibleKind } from '../visibility.js';

const OBJECT_ID = /^[a-f0-9]{24}$/i;

/**
 * Cursor batch size of the batch reads: the first reply carries every matching document (up to
 * the 16 MB message limit), so a read is one round trip whatever the number of documents,
 * instead of one more getMore per ~100 documents.
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

/** Items by their id. */
export function byId<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [keyOf(item.id), item]));
}

/** Items grouped by their parent's id, each group in the items' order (items without one are left out). */
export function groupBy<T>(
  items: readonly T[],
  parentOf: (item: T) => string | null | undefined,
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const parent = parentOf(item);
    if (parent === null || parent === undefined) continue;
    const key = keyOf(parent);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
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
 * The documents of `kind` the viewer may see whose `field` equals each key: one equality query
 * per distinct key, in parallel (none for a key the viewer may not see under), each sorted with
 * `_id` as the last tiebreak. Returns the documents of all keys, each key's in order.
 */
export async function findByRootKeys<T>(
  model: AnyModel,
  viewer: Viewer,
  kind: VisibleKind,
  field: string,
  keys: readonly string[],
  sort: Record<string, SortOrder>,
): Promise<T[]> {
  const lists = await Promise.all(
    validIds(keys).map((key) => {
      const filter = restrictFilter(viewer, kind, { [field]: key });
      if (!filter) return [];
      return model
        .find(filter)
        .sort({ ...sort, _id: sort._id ?? 1 })
        .batchSize(LOAD_BATCH_SIZE)
        .lean<T[]>()
        .exec();
    }),
  );
  return lists.flat();
}

/** How a module's children hang from their parents: what `readChildren` reads. */
export interface ChildRead<T> {
  model: AnyModel;
  /** Whose visibility rule applies. */
  kind: VisibleKind;
  /** The parent's (or root's) id field, in the documents and in the items. */
  parent: keyof T & string;
  sort: Record<string, SortOrder>;
  /** A lean document as the caller's item. */
  toItem: (doc: unknown, actor: Caller['actor']) => T;
}

/** The children the caller may see of each parent key, each parent's in `read.sort` order. */
export async function readChildren<T>(
  actor: ActorOrCaller,
  keys: readonly string[],
  read: ChildRead<T>,
): Promise<T[]> {
  const caller = asCaller(actor);
  const viewer = await caller.viewer();
  const docs = await findByRootKeys<unknown>(
    read.model,
    viewer,
    read.kind,
    read.parent,
    keys,
    read.sort,
  );
  return docs.map((doc) => read.toItem(doc, caller.actor));
}

/** The children the caller may see, grouped by parent id (see `readChildren`). */
export async function readChildrenByParent<T>(
  actor: ActorOrCaller,
  keys: readonly string[],
  read: ChildRead<T>,
): Promise<Map<string, T[]>> {
  const items = await readChildren(actor, keys, read);
  return groupBy(items, (item) => item[read.parent] as string | null | undefined);
}
