import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import { baseSchemaOptions } from '../model-helpers.js';
import { searchable } from '../search/indexing.js';

const subjectSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    code: { type: String, default: null, trim: true },
    slug: { type: String, required: true, unique: true },
    description: { type: String, default: null },
  },
  baseSchemaOptions,
);
subjectSchema.index({ name: 1 });
searchable(subjectSchema, { title: ['name', 'code'], body: ['description'] });

export type SubjectDoc = InferSchemaType<typeof subjectSchema>;
export const SubjectModel = model('Subject', subjectSchema);
