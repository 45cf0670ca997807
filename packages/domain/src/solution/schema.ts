import { z } from 'zod';
import { asScalar, objectId, recordId, trimmedText } from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';

const content = trimmedText('content', 20_000).describe(
  'The solution text (1 to 20000 characters, Markdown)',
);

export const createSolutionInput = z
  .strictObject({
    questionId: objectId.describe('Id of a question the caller can see'),
    content,
  })
  .describe('Fields of a new solution; the caller is the author');
export type CreateSolutionInput = z.input<typeof createSolutionInput>;

export const updateSolutionInput = z
  .strictObject({ content })
  .describe('The new text of a solution');
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

export const solutionSchema = z
  .object({
    id: recordId,
    questionId: recordId.describe('Id of the question'),
    paperId: recordId.describe("Id of the question's paper"),
    subjectOfferingId: recordId.describe("Id of the question's subject offering"),
    universityId: recordId.describe("Id of the question's university"),
    authorId: recordId.describe('Id of the user who wrote it'),
    content: z.string().describe('The solution text (Markdown)'),
    upvotes: z.number().int().describe('Number of up votes'),
    downvotes: z.number().int().describe('Number of down votes'),
    score: z.number().int().describe('upvotes minus downvotes'),
    // A vote, not a count: the graph has no type for three numbers, so it says Int.
    myVote: asScalar(z.union([z.literal(1), z.literal(-1), z.literal(0)]), 'Int').describe(
      "The caller's vote: 1, -1, or 0 for none (always 0 for anonymous callers)",
    ),
    createdAt: z.string().describe('Creation time (ISO 8601)'),
    updatedAt: z.string().describe('Last update time (ISO 8601)'),
  })
  .describe('A solution contributed to a question, with its votes');
export type Solution = z.infer<typeof solutionSchema>;
