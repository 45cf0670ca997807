import { Schema, Types } from 'mongoose';
// Registers the catalog-change plugin before any model compiles: every model imports this module.
import '../cache-keys/changes.js';
// And the bump of the generations of the records the search context keeps.
import '../search/context-generations.js';
import type { Model, QueryFilter, SortOrder } from 'mongoose';

/** Options every catalog schema shares: timestamps, no `__v`, strict paths. */
export const baseSchemaOptions = {
  timestamps: true,
  versionKey: false,
  strict: 'throw',
} as const;

export const ObjectIdType = Schema.Types.ObjectId;

/**
 * Any catalog model or filter, for the helpers that work on every collection (pagination,
 * references, unique checks). Mongoose's generics only accept `any` for "some document type":
 * this is the one place that says so.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModel = Model<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFilter = QueryFilter<any>;

/**
 * The documents of these ids with `projection` (one `_id` `$in`, every row in the first reply),
 * as the driver returns them: what `find().lean()` returns, without mongoose's casting and query
 * building, which cost more CPU than the command itself on a search page's small reads. The ids
 * are stored ids (24 hex characters); order is the engine's.
 */
export async function readByIds<T>(
  model: AnyModel,
  ids: readonly string[],
  projection: Record<string, 1>,
): Promise<T[]> {
  if (ids.length === 0) return [];
  const filter = { _id: { $in: ids.map((id) => new Types.ObjectId(id)) } };
  const rows = await model.collection
    .find(filter, { projection, batchSize: ids.length + 1 })
    .toArray();
  return rows as T[];
}

function isFieldThenId(order: Record<string, SortOrder>, field: string): boolean {
  const keys = Object.keys(order);
  return keys.length === 2 && keys[0] === field && keys[1] === '_id' && order[field] === order._id;
}

/** Names of indexes that earlier versions declared and that buildIndexes drops, by schema. */
const superseded = new WeakMap<Schema, string[]>();

/** The indexes an earlier version declared on this schema and that are no longer wanted. */
export function supersededIndexesOf(schema: Schema): readonly string[] {
  return superseded.get(schema) ?? [];
}

/** What each named partial index speeds up, by schema: said when an engine refuses it. */
const purposes = new WeakMap<Schema, Map<string, string>>();

/** What the partial index `name` of this schema speeds up (for the warning when it is refused). */
export function indexPurposeOf(schema: Schema, name: string): string | undefined {
  return purposes.get(schema)?.get(name);
}

function recordPurpose(schema: Schema, name: string, purpose: string): void {
  const known = purposes.get(schema) ?? new Map<string, string>();
  known.set(name, purpose);
  purposes.set(schema, known);
}

/** The name MongoDB (and mongoose) give an index of these keys when it is not named. */
function defaultIndexName(keys: Record<string, 1 | -1>): string {
  return Object.entries(keys)
    .map(([field, order]) => `${field}_${order}`)
    .join('_');
}

/**
 * Records that an earlier version declared an (unnamed) index of these keys on this schema and
 * that it is no longer wanted: buildIndexes drops it where it exists.
 */
export function supersededIndex(schema: Schema, keys: Record<string, 1 | -1>): void {
  superseded.set(schema, [...supersededIndexesOf(schema), defaultIndexName(keys)]);
}

/**
 * Declares the btrees that serve a list's orders (the embedded engine sorts and limits in
 * PostgreSQL from them): the default order, and each sortable field followed by `_id` in the same
 * direction (as pagination's orderOf appends it; a btree serves its order both ways).
 *
 * With a `flag` (`visible`, a university's `isActive`), each is declared a second time, named
 * `<flag>_<keys>` and partial on `{[flag]: true}`, for the lists filtered by that flag (anonymous
 * and normal callers' lists filter `{visible: true}`, visibility.ts). A flag true for most
 * documents is never an index's key: on the embedded engine every key field gets a GIN index for
 * its equality, and PostgreSQL intersects such an index with every other one a query uses (most
 * of a search's time went to reading the `visible` one). Earlier versions led those indexes by
 * the flag (`{visible: 1, ...order}`); they are superseded.
 */
export function sortIndexes(
  schema: Schema,
  options: {
    defaultOrder: Record<string, SortOrder>;
    fields: readonly string[];
    flag?: string;
  },
): void {
  const { flag } = options;
  const orders = [
    options.defaultOrder,
    ...options.fields
      .filter((field) => !isFieldThenId(options.defaultOrder, field))
      .map((field) => ({ [field]: 1, _id: 1 })),
  ] as Record<string, 1 | -1>[];
  for (const order of orders) {
    schema.index(order);
    if (!flag) continue;
    const name = `${flag}_${defaultIndexName(order)}`;
    schema.index(order, { name, partialFilterExpression: { [flag]: true } });
    recordPurpose(
      schema,
      name,
      `lists filtered by {${flag}: true} in the order ${JSON.stringify(order)}`,
    );
    supersededIndex(schema, { [flag]: 1, ...order });
  }
}

/**
 * Declares, for each value of a field that splits a catalog into a few large parts (a question's
 * type), an index of the visible documents with that value, in the list's default order, partial
 * on `{visible: true, [field]: value}`. The total of an anonymous or normal caller's list filtered
 * by that value is then counted from that index alone: the embedded engine's patch makes the
 * index's WHERE the very clause its count sends, and PostgreSQL counts an index whose predicate
 * implies every clause without reading the table. Its first page reads the same index unfiltered.
 */
export function visiblePartIndexes(
  schema: Schema,
  options: { order: Record<string, SortOrder>; field: string; values: readonly string[] },
): void {
  for (const value of options.values) {
    const name = `visible_${options.field}_${value}`;
    schema.index(options.order as Record<string, 1 | -1>, {
      name,
      partialFilterExpression: { visible: true, [options.field]: value },
    });
    recordPurpose(
      schema,
      name,
      `the totals (and first pages) of visible lists filtered by ${options.field} ${value}`,
    );
  }
}
