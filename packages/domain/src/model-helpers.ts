import { Schema } from 'mongoose';

/** Options every catalog schema shares: timestamps, no `__v`, strict paths. */
export const baseSchemaOptions = {
  timestamps: true,
  versionKey: false,
  strict: 'throw',
} as const;

export const ObjectIdType = Schema.Types.ObjectId;
