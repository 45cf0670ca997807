import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import { baseSchemaOptions, ObjectIdType } from '../storage/model-helpers.js';

const semesterSchema = new Schema(
  {
    branchId: { type: ObjectIdType, ref: 'Branch', required: true },
    // Ancestor key, copied from the branch (and moved with it): visibility filters by equality.
    universityId: { type: ObjectIdType, ref: 'University', required: true },
    number: { type: Number, required: true, min: 1, max: 12 },
    name: { type: String, default: null, trim: true },
  },
  baseSchemaOptions,
);
semesterSchema.index({ branchId: 1, number: 1 }, { unique: true });
semesterSchema.index({ universityId: 1 });

export type SemesterDoc = InferSchemaType<typeof semesterSchema>;
export const SemesterModel = model('Semester', semesterSchema);
