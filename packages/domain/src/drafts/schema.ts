import { z } from 'zod';
import { objectId, recordId } from '../common-schemas.js';
import { EXAM_TYPES } from '../paper/schema.js';
import { DIFFICULTIES, MAX_MCQ_OPTIONS, QUESTION_TYPES } from '../question/schema.js';

/** Where reading a paper's drafts stands. */
export const DRAFT_STATUSES = ['pending', 'ready', 'failed'] as const;
/** The kinds a draft can be read as. */
export const DRAFT_TYPES = ['mcq', 'short', 'long'] as const;
/** Drafts one request may accept. */
export const MAX_ACCEPTED_DRAFTS = 200;
/** Highest index a draft can have (a paper has far fewer questions). */
export const MAX_DRAFT_INDEX = 9_999;

/** An earlier question of the same subject that is near-identical to a draft. */
export const similarQuestionRefSchema = z
  .object({
    questionId: recordId.describe('The similar question'),
    paperId: recordId.describe('Its paper'),
    paperSlug: z.string().describe("Its paper's slug"),
    examYear: z.number().int().describe("Its paper's exam year"),
    examType: z.enum(EXAM_TYPES).describe("Its paper's exam type"),
    similarity: z
      .number()
      .describe('Jaccard index of the two 2-word shingle sets (above 0.5, at most 1)'),
  })
  .describe('An earlier question of the same subject that is near-identical to a draft');

export const draftSchema = z
  .object({
    index: z.number().int().describe('Position in the paper, from 0: what accepting names'),
    number: z
      .string()
      .describe(
        'The number, normalised: "4 (a)", "4(a)", "4.a" and "Q4 (a)" are "4(a)"; "Q3" is "3"',
      ),
    parent: z.string().nullable().describe('The number it is a part of: "4" for "4(a)", else null'),
    page: z.number().int().describe('The page it starts on, from 1'),
    section: z
      .string()
      .nullable()
      .describe('The section heading above it ("Section A"), else null'),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .describe('0..1: how sure the reading is (a number out of sequence or no marks lower it)'),
    warnings: z.array(z.string()).describe('What an editor should check in this draft'),
    text: z.string().describe('The question without its number, marks and options'),
    marks: z
      .number()
      .nullable()
      .describe(
        'Marks printed on the question (end of a line, a marks column, after options), else null',
      ),
    type: z
      .enum(DRAFT_TYPES)
      .describe('mcq with options; long when marks are 8 or more; else short'),
    options: z.array(z.string()).nullable().describe('Choices of an mcq, else null'),
    suggestedModuleId: recordId.nullable().describe('The module of the suggested topic, else null'),
    suggestedTopicId: recordId
      .nullable()
      .describe(
        "The topic of the paper's offering whose title shares the most weighted terms with the text (rarer terms weigh more), only when it scores at least 1.5 times the next topic; else null",
      ),
    similar: z
      .array(similarQuestionRefSchema)
      .describe('Near-identical earlier questions of the subject the caller may see'),
    acceptedQuestionId: recordId
      .nullable()
      .describe('The question made from it, once accepted, else null'),
  })
  .describe("A question read from a paper's PDF, not yet a question of the catalog");
export type Draft = z.infer<typeof draftSchema>;

/** The sitting as a paper prints it in its title block and instructions. */
export const suggestedSittingSchema = z
  .object({
    examYear: z.number().int().nullable().describe('A year printed in the title block, else null'),
    examType: z.enum(EXAM_TYPES).nullable().describe('From the title ("Mid-Term"), else null'),
    maxMarks: z.number().nullable().describe('"Max. Marks: 70", else null'),
    durationMinutes: z.number().int().nullable().describe('"Time: 3 hours" is 180, else null'),
  })
  .describe('The sitting as a paper prints it in its title block and instructions');
export type SuggestedSitting = z.infer<typeof suggestedSittingSchema>;

/** How far the reading of a pending paper has come. */
export const draftsProgressSchema = z
  .object({
    pagesRead: z.number().int().describe('Pages read so far'),
    pages: z.number().int().describe('Pages to read (at most DRAFTS_MAX_PAGES)'),
  })
  .describe('How far the reading of a pending paper has come');
export type DraftsProgress = z.infer<typeof draftsProgressSchema>;

export const paperDraftsSchema = z
  .object({
    paperId: recordId.describe('The paper'),
    pages: z.number().int().describe('Pages of its PDF'),
    textLayer: z
      .boolean()
      .describe('False for a scan: no page has a text layer (its pages are read by OCR)'),
    status: z
      .enum(DRAFT_STATUSES)
      .describe(
        'Whether the drafts are read yet: pending while the PDF is read, failed with a reason',
      ),
    progress: draftsProgressSchema
      .nullable()
      .describe('While pending: pages read so far of the pages to read; else null'),
    ocrPages: z
      .array(z.number().int())
      .describe('The page numbers (from 1) read by OCR: pages with no text layer'),
    reason: z.string().nullable().describe('Why reading failed (failed only), else null'),
    drafts: z.array(draftSchema).describe("The drafts, in the paper's order"),
    suggested: suggestedSittingSchema.describe(
      'What the paper prints about its sitting (all null until read)',
    ),
    warnings: z
      .array(z.string())
      .describe("About the whole paper: the drafts' marks add up to 65 and the paper says 70"),
  })
  .describe("The drafts of a paper's PDF");
export type PaperDrafts = z.infer<typeof paperDraftsSchema>;

/** One draft of an accept: its index, and any field the editor changed. */
export const acceptedDraftSchema = z
  .strictObject({
    index: z.number().int().min(0).max(MAX_DRAFT_INDEX).describe('The draft to accept'),
    text: z.string().max(10_000).optional().describe("Replaces the draft's text"),
    marks: z.number().min(0).max(1_000).nullable().optional().describe('Null: no marks'),
    type: z.enum(QUESTION_TYPES).optional().describe("Replaces the draft's type"),
    options: z
      .array(z.string().max(1_000))
      .max(MAX_MCQ_OPTIONS)
      .nullable()
      .optional()
      .describe('Null: none'),
    difficulty: z.enum(DIFFICULTIES).optional().describe('Default medium'),
    moduleId: objectId
      .nullable()
      .optional()
      .describe('With topicId: replaces the suggestion (null leaves it unassigned)'),
    topicId: objectId
      .nullable()
      .optional()
      .describe('Replaces the suggested topic (null leaves it unassigned)'),
  })
  .describe('A draft to make a question of, with any field the editor changed');

export const acceptDraftsInput = z.strictObject({
  drafts: z
    .array(acceptedDraftSchema)
    .min(1, 'drafts must name at least one draft')
    .max(MAX_ACCEPTED_DRAFTS, `drafts may name at most ${MAX_ACCEPTED_DRAFTS} drafts`),
});
export type AcceptDraftsInput = z.infer<typeof acceptDraftsInput>;
