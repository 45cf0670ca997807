import { z } from 'zod';
import { recordId } from '../common-schemas.js';
import { EXAM_TYPES } from '../paper/schema.js';
import { questionSchema } from '../question/schema.js';

/** The paper of a similar question. */
export const similarPaperSchema = z
  .object({
    id: recordId.describe("The paper's id"),
    slug: z.string().describe("The paper's slug"),
    examYear: z.number().int().describe('Its exam year'),
    examType: z.enum(EXAM_TYPES).describe('Its exam type'),
  })
  .describe('The paper of a similar question');

export const similarQuestionSchema = z
  .object({
    question: questionSchema.describe('The near-identical question'),
    paper: similarPaperSchema.describe('Its paper'),
    similarity: z
      .number()
      .describe('Jaccard index of the two normalised 2-word shingle sets (above 0.5, at most 1)'),
  })
  .describe('A near-identical question of another paper of the same subject');
export type SimilarQuestion = z.infer<typeof similarQuestionSchema>;
