import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import {
  baseSchemaOptions,
  ObjectIdType,
  sortIndexes,
  visiblePartIndexes,
} from '../storage/model-helpers.js';
import { SORT_FIELDS } from '../listing/list-query.js';
import { DIFFICULTIES, QUESTION_TYPES } from './schema.js';
import { PAPER_STATUSES } from '../paper/schema.js';
import { SEARCHED_FIELDS } from '../search/fields.js';
import { searchable } from '../search/indexing.js';
import { similarity } from '../similar/plugin.js';
import { groupKeys } from '../search/group-key.js';

const questionSchema = new Schema(
  {
    paperId: { type: ObjectIdType, ref: 'Paper', required: true },
    // Copied from the paper: the offering never changes for a paper's questions.
    subjectOfferingId: { type: ObjectIdType, ref: 'SubjectOffering', required: true },
    universityId: { type: ObjectIdType, ref: 'University', required: true },
    // The paper's status, kept equal to it (visibility.ts): public reads filter by equality.
    paperStatus: { type: String, enum: PAPER_STATUSES, required: true },
    // Paper approved and university active, kept in step by the domain (visibility.ts).
    visible: { type: Boolean, required: true },
    // The paper's exam year, kept equal to it: search filters and counts hits by year.
    examYear: { type: Number, default: null },
    moduleId: { type: ObjectIdType, ref: 'Module', default: null },
    topicId: { type: ObjectIdType, ref: 'Topic', default: null },
    text: { type: String, required: true },
    type: { type: String, enum: QUESTION_TYPES, required: true },
    difficulty: { type: String, enum: DIFFICULTIES, required: true },
    marks: { type: Number, default: null },
    options: { type: [String], default: undefined },
    answer: { type: String, default: null },
    slug: { type: String, required: true, unique: true },
    isVerified: { type: Boolean, required: true, default: false },
    createdBy: { type: ObjectIdType, ref: 'User', default: null },
  },
  baseSchemaOptions,
);
questionSchema.index({ paperId: 1, createdAt: -1 });
questionSchema.index({ subjectOfferingId: 1 });
questionSchema.index({ universityId: 1 });
questionSchema.index({ moduleId: 1, createdAt: -1 });
questionSchema.index({ topicId: 1, createdAt: -1 });
questionSchema.index({ type: 1, difficulty: 1, isVerified: 1, createdAt: -1 });
/** Order of every question list: newest first, `_id` as the tiebreak. */
export const QUESTION_ORDER = { createdAt: -1, _id: -1 } as const;
sortIndexes(questionSchema, {
  defaultOrder: QUESTION_ORDER,
  fields: SORT_FIELDS.questions,
  flag: 'visible',
});
visiblePartIndexes(questionSchema, {
  order: QUESTION_ORDER,
  field: 'type',
  values: QUESTION_TYPES,
});
searchable(questionSchema, SEARCHED_FIELDS.question, 'question');
similarity(questionSchema);
// After similarity(): its hooks compute the band keys the group key is found by.
groupKeys(questionSchema);

export type QuestionDoc = InferSchemaType<typeof questionSchema>;
export const QuestionModel = model('Question', questionSchema);
