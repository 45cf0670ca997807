import { z } from 'zod';
import {
  atLeastOneField,
  NO_NUL,
  NOT_BLANK,
  objectId,
  trimmedText,
  slugSchema,
} from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';

/** Kinds of question. */
export const QUESTION_TYPES = ['mcq', 'short', 'long', 'numerical', 'coding'] as const;
/** Difficulties of a question. */
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type Difficulty = (typeof DIFFICULTIES)[number];

export const MIN_MCQ_OPTIONS = 2;
export const MAX_MCQ_OPTIONS = 10;

const questionType = z
  .enum(QUESTION_TYPES)
  .describe('Kind of question: mcq, short, long, numerical or coding');

/** Every question type but mcq: the types that take no options. */
const OPEN_QUESTION_TYPES = QUESTION_TYPES.filter(
  (type): type is Exclude<(typeof QUESTION_TYPES)[number], 'mcq'> => type !== 'mcq',
);

const difficulty = z.enum(DIFFICULTIES).describe('Difficulty: easy, medium or hard');

const text = trimmedText('text', 10_000).describe('The question as printed on the paper');

const options = z
  .array(
    z
      .string()
      .trim()
      .min(1, { message: 'an option must not be empty', abort: true })
      .max(1_000, 'an option must be at most 1000 characters')
      .regex(NOT_BLANK, 'an option must not be empty or contain NUL characters'),
  )
  .min(MIN_MCQ_OPTIONS, `options must hold ${MIN_MCQ_OPTIONS} to ${MAX_MCQ_OPTIONS} entries`)
  .max(MAX_MCQ_OPTIONS, `options must hold ${MIN_MCQ_OPTIONS} to ${MAX_MCQ_OPTIONS} entries`)
  .describe('Choices of a multiple-choice question (2 to 10; required for mcq, refused otherwise)');

const marks = z
  .number()
  .min(0, 'marks must be between 0 and 1000')
  .max(1_000, 'marks must be between 0 and 1000')
  .describe('Marks the question carries');

const answer = z
  .string()
  .trim()
  .max(10_000, 'answer must be at most 10000 characters')
  .regex(NO_NUL, 'answer must not contain NUL characters')
  .describe('Expected answer (for mcq, usually the correct option)');

/** True when `type` and `options` agree: options for mcq only, and always for mcq. */
export function optionsIssue(
  type: string,
  opts: readonly string[] | null | undefined,
): string | null {
  const hasOptions = Array.isArray(opts) && opts.length > 0;
  if (type === 'mcq' && !hasOptions)
    return `options (${MIN_MCQ_OPTIONS} to ${MAX_MCQ_OPTIONS}) are required for an mcq question`;
  if (type !== 'mcq' && hasOptions)
    return `options are only allowed for mcq questions, not ${type}`;
  return null;
}

/**
 * The options rule in JSON Schema, for readers of the document (OpenAPI): one form for mcq
 * (options required) and one for the other types (options absent or null). The refinement
 * below is what enforces it.
 */
const OPTIONS_FORMS = [
  {
    properties: { type: { const: 'mcq' }, options: { type: 'array' } },
    required: ['type', 'options'],
  },
  {
    properties: { type: { enum: [...OPEN_QUESTION_TYPES] }, options: { type: 'null' } },
    required: ['type'],
  },
];

/**
 * Body of POST /questions: an mcq question requires `options`, the others refuse them. One
 * object (so every problem of a body is reported at once, unknown fields included), the rule
 * checked by a refinement and stated for JSON Schema readers as `oneOf` over the two forms.
 */
export const createQuestionInput = z
  .strictObject({
    paperId: objectId.describe('Paper the question appears in'),
    text,
    type: questionType,
    difficulty,
    moduleId: objectId.nullish().describe("Syllabus module (of the paper's subject offering)"),
    topicId: objectId
      .nullish()
      .describe(
        "Syllabus topic (of the paper's subject offering, and of moduleId when both are given)",
      ),
    marks: marks.nullish(),
    options: options.nullish(),
    answer: answer.nullish(),
    slug: slugSchema
      .optional()
      .describe("Unique slug; generated from the text's first words when absent"),
    isVerified: z.boolean().optional().describe('Checked by an editor'),
  })
  .superRefine((value, ctx) => {
    const issue = optionsIssue(value.type, value.options);
    if (issue) ctx.addIssue({ code: 'custom', path: ['options'], message: issue });
  })
  .meta({ oneOf: OPTIONS_FORMS });
export type CreateQuestionInput = z.input<typeof createQuestionInput>;

export const updateQuestionInput = atLeastOneField(
  z.strictObject({
    text: text.optional(),
    type: questionType.optional(),
    difficulty: difficulty.optional(),
    moduleId: objectId.nullish().describe('Syllabus module; null removes it'),
    topicId: objectId.nullish().describe('Syllabus topic; null removes it'),
    marks: marks.nullish(),
    options: options.nullish().describe('Choices (mcq only); null removes them'),
    answer: answer.nullish(),
    slug: slugSchema.optional(),
    isVerified: z.boolean().optional(),
  }),
);
export type UpdateQuestionInput = z.input<typeof updateQuestionInput>;

const questionFilters = {
  type: questionType.optional().describe('Only questions of this type'),
  difficulty: difficulty.optional().describe('Only questions of this difficulty'),
  isVerified: z
    .boolean()
    .optional()
    .describe('Only verified (true) or unverified (false) questions'),
};

export const listQuestionsQuery = paginationQuery
  .extend({
    sort: sortInput(SORT_FIELDS.questions),
    subjectOfferingId: objectId.optional().describe('Only questions of this subject offering'),
    ...questionFilters,
    paperId: objectId.optional().describe('Only questions of this paper'),
    moduleId: objectId.optional().describe('Only questions of this module'),
    topicId: objectId.optional().describe('Only questions of this topic'),
  })
  .strict();
export type ListQuestionsQuery = z.input<typeof listQuestionsQuery>;

/** Query of the question lists of one module or topic. */
export const listSyllabusQuestionsQuery = paginationQuery
  .extend({ ...questionFilters, sort: sortInput(SORT_FIELDS.questions) })
  .strict();
export type ListSyllabusQuestionsQuery = z.input<typeof listSyllabusQuestionsQuery>;

export const questionSchema = z.object({
  id: z.string().describe('Question id'),
  paperId: z.string().describe('Paper id'),
  subjectOfferingId: z.string().describe("Subject offering id (the paper's)"),
  universityId: z.string().describe("University id (the paper's)"),
  moduleId: z.string().nullable().describe('Module id'),
  topicId: z.string().nullable().describe('Topic id'),
  text: z.string().describe('Question text'),
  type: questionType,
  difficulty,
  marks: z.number().nullable().describe('Marks'),
  options: z.array(z.string()).nullable().describe('Choices of an mcq question, else null'),
  answer: z.string().nullable().describe('Expected answer'),
  slug: z.string().describe('Unique slug'),
  isVerified: z.boolean().describe('Checked by an editor'),
  createdBy: z.string().nullable().describe('Id of the user who created it'),
  createdAt: z.string().describe('Creation time (ISO 8601)'),
  updatedAt: z.string().describe('Last update time (ISO 8601)'),
});
export type Question = z.infer<typeof questionSchema>;
