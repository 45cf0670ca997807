import { model, Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';
import { baseSchemaOptions, ObjectIdType, supersededIndex } from '../storage/model-helpers.js';
import { PAPER_STATUSES } from '../paper/schema.js';

const solutionSchema = new Schema(
  {
    questionId: { type: ObjectIdType, ref: 'Question', required: true },
    // Ancestor keys and the paper's status, copied from the question (visibility.ts).
    paperId: { type: ObjectIdType, ref: 'Paper', required: true },
    subjectOfferingId: { type: ObjectIdType, ref: 'SubjectOffering', required: true },
    universityId: { type: ObjectIdType, ref: 'University', required: true },
    paperStatus: { type: String, enum: PAPER_STATUSES, required: true },
    // Paper approved and university active, kept in step by the domain (visibility.ts).
    visible: { type: Boolean, required: true },
    authorId: { type: ObjectIdType, ref: 'User', required: true },
    content: { type: String, required: true },
  },
  baseSchemaOptions,
);
solutionSchema.index({ questionId: 1, createdAt: 1 });
solutionSchema.index({ paperId: 1 });
solutionSchema.index({ subjectOfferingId: 1 });
// Lists filter `{visible: true}` beside a selective equality: a flag true for most solutions is no
// index's key (see sortIndexes).
supersededIndex(solutionSchema, { visible: 1 });

/** One document per (solution, user): the only source of truth for vote counts. */
const voteSchema = new Schema(
  {
    solutionId: { type: ObjectIdType, ref: 'Solution', required: true },
    // Ancestor keys, copied from the solution: a question's or an offering's votes are counted
    // with one equality $match.
    questionId: { type: ObjectIdType, ref: 'Question', required: true },
    subjectOfferingId: { type: ObjectIdType, ref: 'SubjectOffering', required: true },
    userId: { type: ObjectIdType, ref: 'User', required: true },
    value: { type: Number, enum: [1, -1], required: true },
  },
  baseSchemaOptions,
);
voteSchema.index({ solutionId: 1, userId: 1 }, { unique: true });
voteSchema.index({ questionId: 1 });
voteSchema.index({ subjectOfferingId: 1 });
voteSchema.index({ userId: 1 });

/**
 * The order the database reads solutions in: oldest first, the id last. Scores come from the
 * votes, which the database cannot sort solutions by (no `$lookup` on FerretDB), so a list ranks
 * them by score on top of this order with a stable sort: equal scores keep it.
 */
export const SOLUTION_READ_ORDER = { createdAt: 1, _id: 1 } as const;

export type SolutionDoc = InferSchemaType<typeof solutionSchema>;
export type VoteDoc = InferSchemaType<typeof voteSchema>;
export const SolutionModel = model('Solution', solutionSchema);
export const VoteModel = model('Vote', voteSchema);
