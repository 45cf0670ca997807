import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import { baseSchemaOptions, ObjectIdType, sortIndexes } from '../storage/model-helpers.js';
import { SORT_FIELDS } from '../listing/list-query.js';
import { EXAM_TYPES, PAPER_STATUSES } from './schema.js';
import { SEARCHED_FIELDS } from '../search/fields.js';
import { searchable } from '../search/indexing.js';

const statusChangeSchema = new Schema(
  {
    from: { type: String, enum: PAPER_STATUSES, required: true },
    to: { type: String, enum: PAPER_STATUSES, required: true },
    by: { type: ObjectIdType, ref: 'User', required: true },
    at: { type: Date, required: true },
    reason: { type: String, default: null },
  },
  { _id: false, versionKey: false, strict: 'throw' },
);

/** The attached PDF: its GridFS file id (never shown to callers), size, SHA-256 and upload time. */
const paperFileSchema = new Schema(
  {
    fileId: { type: ObjectIdType, required: true },
    size: { type: Number, required: true },
    sha256: { type: String, required: true },
    uploadedAt: { type: Date, required: true },
  },
  { _id: false, versionKey: false, strict: 'throw' },
);

const paperSchema = new Schema(
  {
    subjectOfferingId: { type: ObjectIdType, ref: 'SubjectOffering', required: true },
    // Ancestor keys, copied from the offering (which never changes): filters by equality.
    universityId: { type: ObjectIdType, ref: 'University', required: true },
    branchId: { type: ObjectIdType, ref: 'Branch', required: true },
    semesterId: { type: ObjectIdType, ref: 'Semester', required: true },
    subjectId: { type: ObjectIdType, ref: 'Subject', required: true },
    examYear: { type: Number, required: true },
    examType: { type: String, enum: EXAM_TYPES, required: true },
    title: { type: String, required: true, trim: true },
    slug: { type: String, required: true, unique: true },
    status: { type: String, enum: PAPER_STATUSES, required: true, default: 'pending' },
    // Approved and its university active, kept in step by the domain (visibility.ts).
    visible: { type: Boolean, required: true, default: false },
    statusHistory: { type: [statusChangeSchema], default: [] },
    createdBy: { type: ObjectIdType, ref: 'User', default: null },
    durationMinutes: { type: Number, default: null },
    file: { type: paperFileSchema, default: null },
    // The file's SHA-256 again, top-level: an equality filter on it is the duplicate lookup.
    fileSha256: { type: String, default: null },
  },
  baseSchemaOptions,
);
paperSchema.index({ subjectOfferingId: 1, examYear: -1 });
paperSchema.index({ status: 1, examYear: -1 });
/** Order of every paper list: newest exam year first, then newest creation, `_id` last. */
export const PAPER_ORDER = { examYear: -1, createdAt: -1, _id: 1 } as const;
sortIndexes(paperSchema, {
  defaultOrder: PAPER_ORDER,
  fields: SORT_FIELDS.papers,
  flag: 'visible',
});
paperSchema.index({ universityId: 1 });
paperSchema.index({ branchId: 1 });
paperSchema.index({ semesterId: 1 });
paperSchema.index({ subjectId: 1 });
paperSchema.index({ fileSha256: 1 });
searchable(paperSchema, SEARCHED_FIELDS.paper, 'paper');

export type PaperDoc = InferSchemaType<typeof paperSchema>;
export const PaperModel = model('Paper', paperSchema);
