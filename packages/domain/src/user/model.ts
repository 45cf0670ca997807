import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import { ROLES } from '../roles.js';
import { SORT_FIELDS } from '../listing/list-query.js';
import { sortIndexes, baseSchemaOptions } from '../storage/model-helpers.js';

const userSchema = new Schema(
  {
    externalId: { type: String, required: true, unique: true },
    role: { type: String, enum: ROLES, required: true, default: 'normal' },
    isActive: { type: Boolean, required: true, default: true },
    name: { type: String, default: null },
    email: { type: String, default: null },
  },
  baseSchemaOptions,
);
userSchema.index({ role: 1, isActive: 1 });

/** Default order of the users list: oldest account first, `_id` last. */
export const USER_ORDER = { createdAt: 1, _id: 1 } as const;
sortIndexes(userSchema, { defaultOrder: USER_ORDER, fields: SORT_FIELDS.users });

export type UserDoc = InferSchemaType<typeof userSchema>;
export const UserModel = model('User', userSchema);
