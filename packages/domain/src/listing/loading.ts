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
import { toDto } from '../storage/serialize.js';
import { asCaller, restrictFilter, visibleFilter } from '../visibility.js';
import type { Caller, RequestCaller, CallerView, VisibleKind } from '../visibility.js';

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
  viewer: CallerView,
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

/** A lean document as the caller's item. */
export type ToItem<T> = (doc: unknown, actor: RequestCaller['actor']) => T;

/** A module's read by id of what any caller may read: the items found, by id. */
export type ReadByIds<T> = (ids: readonly string[]) => Promise<Map<string, T>>;

/** A module's read by id, for a caller: the items found that the caller may see, by id. */
export type VisibleReadByIds<T> = (
  actor: Caller,
  ids: readonly string[],
) => Promise<Map<string, T>>;

/** A module's read of children, for a caller: by parent id, what its children are read as. */
export type ReadByParent<G> = (
  actor: Caller,
  parentIds: readonly string[],
) => Promise<Map<string, G>>;

/** The plain document as the item: the default of the readers below. */
const asDto = <T>(doc: unknown): T => toDto<T>(doc);

/**
 * A module's read by id for documents any caller may read (no visibility rule applies): the
 * items found, by id. One query.
 */
export function readerByIds<T extends { id: string }>(
  model: AnyModel,
  toItem: (doc: unknown) => T = asDto<T>,
): ReadByIds<T> {
  return async (ids) => {
    const docs = await findByIds<unknown>(model, validIds(ids));
    return byId(docs.map((doc) => toItem(doc)));
  };
}

/** A module's read by id: the items of `kind` found that the caller may see, by id. One query. */
export function visibleReaderByIds<T extends { id: string }>(
  model: AnyModel,
  kind: VisibleKind,
  toItem: ToItem<T>,
): VisibleReadByIds<T> {
  return async (actor, ids) => {
    const caller = asCaller(actor);
    const viewer = await caller.view();
    const docs = await findByIds<unknown>(model, validIds(ids), visibleFilter(viewer, kind));
    return byId(docs.map((doc) => toItem(doc, caller.actor)));
  };
}

/** How a module's children hang from their parents: what `readerByParent` reads. */
export interface ChildRead<T, G> {
  /** The parent's (or root's) id field, in the documents and in the items. */
  parent: keyof T & string;
  sort: Record<string, SortOrder>;
  /** A lean document as the caller's item (default: the plain document). */
  toItem?: ToItem<T>;
  /** What a parent's children (one at least) are answered as (default: their list). */
  group?: (children: [T, ...T[]]) => G;
}

/**
 * A module's read of children by parent: for each parent key, the children of `kind` the caller
 * may see, in `read.sort` order, by parent id (see `findByRootKeys`). One query per parent.
 */
export function readerByParent<T, G = T[]>(
  model: AnyModel,
  kind: VisibleKind,
  read: ChildRead<T, G>,
): ReadByParent<G> {
  const toItem = read.toItem ?? asDto<T>;
  const { group } = read;
  return async (actor, keys) => {
    const caller = asCaller(actor);
    const viewer = await caller.view();
    const docs = await findByRootKeys<unknown>(model, viewer, kind, read.parent, keys, read.sort);
    const items = docs.map((doc) => toItem(doc, caller.actor));
    const byParent = groupBy(items, (item) => item[read.parent] as string | null | undefined);
    // Without `group` the lists are the answer (G is T[]); groupBy makes no empty group.
    if (!group) return byParent as Map<string, unknown> as Map<string, G>;
    return new Map(
      [...byParent].map(([parentId, children]) => [parentId, group(children as [T, ...T[]])]),
    );
  };
}
