import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import { ROLES } from '../roles.js';
import { baseSchemaOptions } from '../model-helpers.js';

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

export type UserDoc = InferSchemaType<typeof userSchema>;
export const UserModel = model('User', userSchema);
