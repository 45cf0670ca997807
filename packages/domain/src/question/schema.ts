import { z } from 'zod';
import {
  asScalar,
  atLeastOneField,
  NO_NUL,
  NOT_BLANK,
  objectId,
  recordId,
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

const questionType = z.enum(QUESTION_TYPES).describe('Kind of question');

/** Every question type but mcq: the types that take no options. */
const OPEN_QUESTION_TYPES = QUESTION_TYPES.filter(
  (type): type is Exclude<(typeof QUESTION_TYPES)[number], 'mcq'> => type !== 'mcq',
);

const difficulty = z.enum(DIFFICULTIES).describe('Difficulty');

const text = trimmedText('text', 10_000).describe('The question text (1 to 10000 characters)');

const options = z
  .array(
    asScalar(
      z
        .string()
        .trim()
        .min(1, { message: 'an option must not be empty', abort: true })
        .max(1_000, 'an option must be at most 1000 characters')
        .regex(NOT_BLANK, 'an option must not be empty or contain NUL characters'),
      'NonEmptyString',
    ),
  )
  .min(MIN_MCQ_OPTIONS, `options must hold ${MIN_MCQ_OPTIONS} to ${MAX_MCQ_OPTIONS} entries`)
  .max(MAX_MCQ_OPTIONS, `options must hold ${MIN_MCQ_OPTIONS} to ${MAX_MCQ_OPTIONS} entries`)
  .describe('Choices: 2 to 10, each 1 to 1000 characters; required for MCQ and refused otherwise');

const marks = asScalar(
  z
    .number()
    .min(0, 'marks must be between 0 and 1000')
    .max(1_000, 'marks must be between 0 and 1000'),
  'Marks',
);

const answer = z
  .string()
  .trim()
  .max(10_000, 'answer must be at most 10000 characters')
  .regex(NO_NUL, 'answer must not contain NUL characters');

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
    paperId: objectId.describe('Id of the paper'),
    text,
    type: questionType,
    difficulty,
    moduleId: objectId
      .nullish()
      .describe("Syllabus module of the paper's subject offering, or null"),
    topicId: objectId
      .nullish()
      .describe(
        "Syllabus topic of the paper's subject offering (and of moduleId when given), or null",
      ),
    marks: marks.nullish().describe('Marks (0 to 1000), or null'),
    options: options.nullish(),
    answer: answer.nullish().describe('Expected answer (up to 10000 characters), or null'),
    slug: slugSchema
      .optional()
      .describe(
        'Unique lowercase kebab-case slug (1 to 120 characters); generated from the text when absent',
      ),
    isVerified: z.boolean().optional().describe('Checked by an editor (default false)'),
  })
  .superRefine((value, ctx) => {
    const issue = optionsIssue(value.type, value.options);
    if (issue) ctx.addIssue({ code: 'custom', path: ['options'], message: issue });
  })
  .meta({ oneOf: OPTIONS_FORMS })
  .describe('Fields of a new question');
export type CreateQuestionInput = z.input<typeof createQuestionInput>;

export const updateQuestionInput = atLeastOneField(
  z.strictObject({
    text: text.optional(),
    type: questionType.optional(),
    difficulty: difficulty.optional(),
    moduleId: objectId.nullish().describe('Syllabus module; null removes it'),
    topicId: objectId.nullish().describe('Syllabus topic; null removes it'),
    marks: marks.nullish().describe('Marks (0 to 1000); null clears them'),
    options: options
      .nullish()
      .describe('Choices (MCQ only), 2 to 10, each 1 to 1000 characters; null removes them'),
    answer: answer.nullish().describe('Expected answer (up to 10000 characters); null clears it'),
    slug: slugSchema.optional().describe('Unique lowercase kebab-case slug (1 to 120 characters)'),
    isVerified: z.boolean().optional().describe('Checked by an editor'),
  }),
).describe('Fields to change on a question, at least one');
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

export const questionSchema = z
  .object({
    id: recordId,
    paperId: recordId.describe('Id of the paper'),
    subjectOfferingId: recordId.describe("Id of the paper's subject offering"),
    universityId: recordId.describe("Id of the paper's university"),
    moduleId: recordId.nullable().describe('Id of the syllabus module, or null'),
    topicId: recordId.nullable().describe('Id of the syllabus topic, or null'),
    text: z.string().describe('The question as printed on the paper'),
    type: questionType,
    difficulty,
    marks: z.number().nullable().describe('Marks the question carries, or null'),
    options: z
      .array(z.string())
      .nullable()
      .describe('Choices of a multiple-choice question, else null'),
    answer: z.string().nullable().describe('Expected answer, or null'),
    slug: z.string().describe('Unique slug used in read paths'),
    isVerified: z.boolean().describe('True once checked by an editor'),
    createdBy: recordId.nullable().describe('Id of the user who created it, or null'),
    createdAt: z.string().describe('Creation time (ISO 8601)'),
    updatedAt: z.string().describe('Last update time (ISO 8601)'),
  })
  .describe('A question of a paper, optionally placed in a syllabus module and topic');
export type Question = z.infer<typeof questionSchema>;
