import { z } from 'zod';
import { EXAM_TYPES } from '../paper/schema.js';
import { questionSchema } from '../question/schema.js';

export const similarQuestionSchema = z.object({
  question: questionSchema,
  paper: z.object({
    id: z.string(),
    slug: z.string(),
    examYear: z.number().int(),
    examType: z.enum(EXAM_TYPES),
  }),
  similarity: z
    .number()
    .describe('Jaccard index of the two normalised 2-word shingle sets, above 0.5, at most 1'),
});
export type SimilarQuestion = z.infer<typeof similarQuestionSchema>;
