import { model, Schema, type InferSchemaType } from 'mongoose';
import { baseSchemaOptions, ObjectIdType } from '../model-helpers.js';

const solutionSchema = new Schema(
  {
    questionId: { type: ObjectIdType, ref: 'Question', required: true },
    authorId: { type: ObjectIdType, ref: 'User', required: true },
    content: { type: String, required: true },
  },
  baseSchemaOptions,
);
solutionSchema.index({ questionId: 1, createdAt: 1 });

/** One document per (solution, user): the only source of truth for vote counts. */
const voteSchema = new Schema(
  {
    solutionId: { type: ObjectIdType, ref: 'Solution', required: true },
    userId: { type: ObjectIdType, ref: 'User', required: true },
    value: { type: Number, enum: [1, -1], required: true },
  },
  baseSchemaOptions,
);
voteSchema.index({ solutionId: 1, userId: 1 }, { unique: true });

export type SolutionDoc = InferSchemaType<typeof solutionSchema>;
export type VoteDoc = InferSchemaType<typeof voteSchema>;
export const SolutionModel = model('Solution', solutionSchema);
export const VoteModel = model('Vote', voteSchema);
