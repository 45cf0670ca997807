import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import { baseSchemaOptions, ObjectIdType } from '../storage/model-helpers.js';

const subjectOfferingSchema = new Schema(
  {
    universityId: { type: ObjectIdType, ref: 'University', required: true },
    branchId: { type: ObjectIdType, ref: 'Branch', required: true },
    semesterId: { type: ObjectIdType, ref: 'Semester', required: true },
    subjectId: { type: ObjectIdType, ref: 'Subject', required: true },
    // Always present (null when absent): FerretDB has no sparse unique indexes.
    regulation: { type: String, default: null, trim: true },
  },
  baseSchemaOptions,
);
subjectOfferingSchema.index(
  { universityId: 1, branchId: 1, semesterId: 1, subjectId: 1, regulation: 1 },
  { unique: true },
);
subjectOfferingSchema.index({ subjectId: 1 });
subjectOfferingSchema.index({ semesterId: 1 });
subjectOfferingSchema.index({ branchId: 1 });

export type SubjectOfferingDoc = InferSchemaType<typeof subjectOfferingSchema>;
export const SubjectOfferingModel = model('SubjectOffering', subjectOfferingSchema);
