import { Schema } from 'mongoose';
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
 * Declares the btrees that serve a list's orders (the embedded engine sorts and limits in
 * PostgreSQL from them): the default order, and each sortable field followed by `_id` in the same
 * direction (as pagination's orderOf appends it; a btree serves its order both ways). With
 * `visible`, each is declared a second time led by `visible`, for anonymous and normal callers'
 * lists, which filter `{visible: true}` (visibility.ts).
 */
function isFieldThenId(order: Record<string, SortOrder>, field: string): boolean {
  const keys = Object.keys(order);
  return keys.length === 2 && keys[0] === field && keys[1] === '_id' && order[field] === order._id;
}

export function sortIndexes(
  schema: Schema,
  options: {
    defaultOrder: Record<string, SortOrder>;
    fields: readonly string[];
    visible?: boolean;
  },
): void {
  const orders = [
    options.defaultOrder,
    ...options.fields
      .filter((field) => !isFieldThenId(options.defaultOrder, field))
      .map((field) => ({ [field]: 1, _id: 1 })),
  ] as Record<string, 1 | -1>[];
  for (const order of orders) {
    schema.index(order);
    if (options.visible) schema.index({ visible: 1, ...order });
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
    schema.index(options.order as Record<string, 1 | -1>, {
      name: `visible_${options.field}_${value}`,
      partialFilterExpression: { visible: true, [options.field]: value },
    });
  }
}
