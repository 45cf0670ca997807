import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import { SORT_FIELDS } from '../listing/list-query.js';
import {
  baseSchemaOptions,
  ObjectIdType,
  sortIndexes,
  supersededIndex,
} from '../storage/model-helpers.js';

const universitySchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    shortName: { type: String, required: true, trim: true },
    slug: { type: String, required: true, unique: true },
    isActive: { type: Boolean, required: true, default: true },
    deletedAt: { type: Date, default: null },
    // Set by each soft delete or restore until its content's `visible` copies are rewritten
    // (content-sweep.ts); a new toggle replaces it, so an older rewrite never clears a newer one.
    contentSweep: { type: ObjectIdType, default: null },
    // True while the university is inactive or `contentSweep` is set: the universities the viewer
    // reads (visibility.ts), by one equality the embedded engine answers from an index instead of
    // reading every university. Written with isActive and contentSweep (content-sweep.ts).
    inViewer: { type: Boolean, default: false },
  },
  baseSchemaOptions,
);
// The few universities the viewer reads: an equality on a rare `true`, answered from an index.
universitySchema.index({ inViewer: 1 });

/** Default order of the universities list: by name, `_id` last. */
export const UNIVERSITY_ORDER = { name: 1, _id: 1 } as const;
// The public list reads the active universities (`flag`).
sortIndexes(universitySchema, {
  defaultOrder: UNIVERSITY_ORDER,
  fields: SORT_FIELDS.universities,
  flag: 'isActive',
});
supersededIndex(universitySchema, { isActive: 1, name: 1 });

export type UniversityDoc = InferSchemaType<typeof universitySchema>;
export const UniversityModel = model('University', universitySchema);
