import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import { SORT_FIELDS } from '../listing/list-query.js';
import { sortIndexes, baseSchemaOptions } from '../storage/model-helpers.js';
import { SEARCHED_FIELDS } from '../search/fields.js';
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
searchable(subjectSchema, SEARCHED_FIELDS.subject, 'subject');

/** Default order of the subjects list: by name, `_id` last. */
export const SUBJECT_ORDER = { name: 1, _id: 1 } as const;
sortIndexes(subjectSchema, { defaultOrder: SUBJECT_ORDER, fields: SORT_FIELDS.subjects });

export type SubjectDoc = InferSchemaType<typeof subjectSchema>;
export const SubjectModel = model('Subject', subjectSchema);
