import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import { baseSchemaOptions } from '../model-helpers.js';

const universitySchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    shortName: { type: String, required: true, trim: true },
    slug: { type: String, required: true, unique: true },
    isActive: { type: Boolean, required: true, default: true },
    deletedAt: { type: Date, default: null },
  },
  baseSchemaOptions,
);
universitySchema.index({ isActive: 1, name: 1 });

export type UniversityDoc = InferSchemaType<typeof universitySchema>;
export const UniversityModel = model('University', universitySchema);
