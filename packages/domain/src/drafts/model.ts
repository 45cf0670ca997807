// A paper's drafts live beside it, one document per paper (`_id` is the paper's id), so paper
// reads and lists never carry them. Claims make "once per draft" hold without transactions:
// accepting a draft inserts its claim first, and the unique `_id` lets one request win.
import { model, Schema } from 'mongoose';
import { ObjectIdType } from '../storage/model-helpers.js';
import { DRAFT_STATUSES, DRAFT_TYPES } from './schema.js';

const storedDraftSchema = new Schema(
  {
    index: { type: Number, required: true },
    number: { type: String, required: true },
    text: { type: String, required: true },
    marks: { type: Number, default: null },
    type: { type: String, enum: DRAFT_TYPES, required: true },
    options: { type: [String], default: undefined },
    parent: { type: String, default: null },
    page: { type: Number, default: null },
    section: { type: String, default: null },
    confidence: { type: Number, default: null },
    warnings: { type: [String], default: [] },
    suggestedModuleId: { type: ObjectIdType, default: null },
    suggestedTopicId: { type: ObjectIdType, default: null },
    // Found when the drafts were read; visibility is applied when they are shown.
    similar: {
      type: [{ questionId: ObjectIdType, similarity: Number, _id: false }],
      default: [],
    },
  },
  { _id: false, versionKey: false, strict: 'throw' },
);

const paperDraftsSchema = new Schema(
  {
    _id: { type: ObjectIdType, required: true },
    /** The stored file the drafts were read from: a newer file's drafts replace them. */
    fileId: { type: ObjectIdType, required: true },
    status: { type: String, enum: DRAFT_STATUSES, required: true },
    reason: { type: String, default: null },
    pages: { type: Number, default: 0 },
    textLayer: { type: Boolean, default: true },
    drafts: { type: [storedDraftSchema], default: [] },
    // The sitting as the paper prints it (null until read).
    suggested: {
      type: new Schema(
        {
          examYear: { type: Number, default: null },
          examType: { type: String, default: null },
          maxMarks: { type: Number, default: null },
          durationMinutes: { type: Number, default: null },
        },
        { _id: false, versionKey: false, strict: 'throw' },
      ),
      default: null,
    },
    warnings: { type: [String], default: [] },
    // While pending: pages read so far of the pages to read (OCR reads one at a time).
    progress: {
      type: new Schema(
        { pagesRead: { type: Number, required: true }, pages: { type: Number, required: true } },
        { _id: false, versionKey: false, strict: 'throw' },
      ),
      default: null,
    },
    /** Pages read by OCR (from 1). */
    ocrPages: { type: [Number], default: [] },
    startedAt: { type: Date, required: true },
    /** The last sign of life of the process reading them: the sweep resumes drafts gone quiet. */
    heartbeatAt: { type: Date, default: null },
    /** Readings started for this file (the first and the sweep's): bounded, then `failed`. */
    attempts: { type: Number, default: 0 },
  },
  { timestamps: true, versionKey: false, strict: 'throw' },
);
paperDraftsSchema.index({ status: 1 });

const draftClaimSchema = new Schema(
  {
    /** `<paperId>:<fileId>:<index>` */
    _id: { type: String, required: true },
    paperId: { type: ObjectIdType, required: true },
    fileId: { type: ObjectIdType, required: true },
    index: { type: Number, required: true },
    questionId: { type: ObjectIdType, default: null },
    /** The id reserved with the accepting request's idempotency key: its rerun resumes the claim. */
    requestId: { type: String, default: null },
    /** The id the claim's question is given, chosen before it is made (a rerun reuses it). */
    plannedQuestionId: { type: ObjectIdType, default: null },
  },
  { timestamps: true, versionKey: false, strict: 'throw' },
);
draftClaimSchema.index({ paperId: 1 });

export const PaperDraftsModel = model('PaperDrafts', paperDraftsSchema, 'paperdrafts');
export const DraftClaimModel = model('DraftClaim', draftClaimSchema, 'draftclaims');
