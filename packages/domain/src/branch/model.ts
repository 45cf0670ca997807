import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import { baseSchemaOptions, ObjectIdType } from '../storage/model-helpers.js';

const branchSchema = new Schema(
  {
    universityId: { type: ObjectIdType, ref: 'University', required: true },
    name: { type: String, required: true, trim: true },
    code: { type: String, default: null, trim: true },
  },
  baseSchemaOptions,
);
branchSchema.index({ universityId: 1, name: 1 });

export type BranchDoc = InferSchemaType<typeof branchSchema>;
export const BranchModel = model('Branch', branchSchema);
