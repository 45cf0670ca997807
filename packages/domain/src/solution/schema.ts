import { z } from 'zod';
import { objectId, trimmedText } from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';

const content = trimmedText('content', 20_000).describe('The solution text (Markdown)');

export const createSolutionInput = z.strictObject({
  questionId: objectId.describe('Question the solution answers'),
  content,
});
export type CreateSolutionInput = z.input<typeof createSolutionInput>;

export const updateSolutionInput = z.strictObject({ content });
export type UpdateSolutionInput = z.input<typeof updateSolutionInput>;

export const VOTE_VALUES = [1, -1, 0] as const;
export type VoteValue = (typeof VOTE_VALUES)[number];

export const voteSolutionInput = z.strictObject({
  value: z.literal(VOTE_VALUES).describe('1 up, -1 down, 0 withdraws the vote'),
});
export type VoteSolutionInput = z.input<typeof voteSolutionInput>;

export const listSolutionsQuery = paginationQuery
  .extend({
    sort: sortInput(SORT_FIELDS.solutions),
    questionId: objectId.optional().describe('Only solutions of this question'),
  })
  .strict();
export type ListSolutionsQuery = z.input<typeof listSolutionsQuery>;

export const solutionSchema = z.object({
  id: z.string().describe('Solution id'),
  questionId: z.string().describe('Question id'),
  paperId: z.string().describe("Paper id (the question's)"),
  subjectOfferingId: z.string().describe("Subject offering id (the question's)"),
  universityId: z.string().describe("University id (the question's)"),
  authorId: z.string().describe('Id of the user who wrote it'),
  content: z.string().describe('The solution text'),
  upvotes: z.number().int().describe('Number of up votes'),
  downvotes: z.number().int().describe('Number of down votes'),
  score: z.number().int().describe('upvotes minus downvotes'),
  myVote: z
    .union([z.literal(1), z.literal(-1), z.literal(0)])
    .describe("The caller's vote: 1, -1, or 0 for none (always 0 for anonymous callers)"),
  createdAt: z.string().describe('Creation time (ISO 8601)'),
  updatedAt: z.string().describe('Last update time (ISO 8601)'),
});
export type Solution = z.infer<typeof solutionSchema>;
