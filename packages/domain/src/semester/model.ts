import { model, Schema, type InferSchemaType } from 'mongoose';
import { baseSchemaOptions, ObjectIdType } from '../model-helpers.js';

const semesterSchema = new Schema(
  {
    branchId: { type: ObjectIdType, ref: 'Branch', required: true },
    number: { type: Number, required: true, min: 1, max: 12 },
    name: { type: String, default: null, trim: true },
  },
  baseSchemaOptions,
);
semesterSchema.index({ branchId: 1, number: 1 }, { unique: true });

export type SemesterDoc = InferSchemaType<typeof semesterSchema>;
export const SemesterModel = model('Semester', semesterSchema);
