import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import { SEARCHED_FIELDS } from '../search/fields.js';
import { searchable } from '../search/indexing.js';
import { baseSchemaOptions, ObjectIdType } from '../storage/model-helpers.js';

const syllabusSchema = new Schema(
  {
    subjectOfferingId: { type: ObjectIdType, ref: 'SubjectOffering', required: true, unique: true },
    // Ancestor key, copied from the offering: visibility filters by equality.
    universityId: { type: ObjectIdType, ref: 'University', required: true },
  },
  baseSchemaOptions,
);

const moduleSchema = new Schema(
  {
    syllabusId: { type: ObjectIdType, ref: 'Syllabus', required: true },
    subjectOfferingId: { type: ObjectIdType, ref: 'SubjectOffering', required: true },
    universityId: { type: ObjectIdType, ref: 'University', required: true },
    title: { type: String, required: true, trim: true },
    order: { type: Number, required: true, default: 0 },
  },
  baseSchemaOptions,
);
moduleSchema.index({ syllabusId: 1, order: 1 });
moduleSchema.index({ subjectOfferingId: 1 });

const topicSchema = new Schema(
  {
    moduleId: { type: ObjectIdType, ref: 'Module', required: true },
    // Ancestor keys, copied from the module: a whole tree level loads by its root's key.
    syllabusId: { type: ObjectIdType, ref: 'Syllabus', required: true },
    subjectOfferingId: { type: ObjectIdType, ref: 'SubjectOffering', required: true },
    universityId: { type: ObjectIdType, ref: 'University', required: true },
    title: { type: String, required: true, trim: true },
    order: { type: Number, required: true, default: 0 },
  },
  baseSchemaOptions,
);
topicSchema.index({ moduleId: 1, order: 1 });
topicSchema.index({ subjectOfferingId: 1 });
topicSchema.index({ syllabusId: 1, order: 1 });
// Students search for topics by title ("heap" finds "Heaps"): search keys like questions'.
searchable(topicSchema, SEARCHED_FIELDS.topic, 'topic');

/**
 * Modules and topics are listed by position, then creation, with the id as the last tiebreak: the
 * one order of the tree, its batch reads and coverage.
 */
export const SYLLABUS_ITEM_ORDER = { order: 1, createdAt: 1, _id: 1 } as const;

export type SyllabusDoc = InferSchemaType<typeof syllabusSchema>;
export type ModuleDoc = InferSchemaType<typeof moduleSchema>;
export type TopicDoc = InferSchemaType<typeof topicSchema>;
export const SyllabusModel = model('Syllabus', syllabusSchema);
export const ModuleModel = model('Module', moduleSchema);
export const TopicModel = model('Topic', topicSchema);
