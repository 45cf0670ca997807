import { Schema } from 'mongoose';
import type { Model, QueryFilter } from 'mongoose';

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
