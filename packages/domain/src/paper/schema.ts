import { z } from 'zod';
import {
  asScalar,
  atLeastOneField,
  NO_NUL,
  objectId,
  recordId,
  trimmedText,
  slugSchema,
} from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';

/** Review statuses of a paper; only approved papers are public. */
export const PAPER_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
/** The statuses a new paper may start in; review sets the others. */
export const NEW_PAPER_STATUSES = ['draft', 'pending'] as const;
/** Kinds of exam a paper comes from. */
export const EXAM_TYPES = ['end-term', 'mid-term', 'supplementary', 'quiz'] as const;

export const MIN_EXAM_YEAR = 1900;

/** The latest accepted exam year: next year, evaluated when the input is parsed. */
export function maxExamYear(): number {
  return new Date().getFullYear() + 1;
}

// The upper bound moves with the calendar: checked when the input is parsed; `maximum` states
// the bound of the year the schema was loaded, for readers of the JSON Schema (OpenAPI).
const examYearRange = () => `examYear must be between ${MIN_EXAM_YEAR} and ${maxExamYear()}`;
const examYear = asScalar(
  z
    .number()
    .int()
    .min(MIN_EXAM_YEAR, { error: examYearRange })
    .refine((year) => year <= maxExamYear(), { error: examYearRange })
    .meta({ maximum: maxExamYear() })
    .describe('Year the exam was held (1900 to next year)'),
  'ExamYear',
);

const examType = z.enum(EXAM_TYPES).describe('Kind of exam');

export type PaperStatus = (typeof PAPER_STATUSES)[number];
export type ExamType = (typeof EXAM_TYPES)[number];

const paperStatus = z
  .enum(PAPER_STATUSES)
  .describe('Review status: draft, pending, approved or rejected');

const title = trimmedText('title', 200).describe('Human-readable title of the paper');

/** The longest exam a paper states: a day. */
export const MAX_DURATION_MINUTES = 1440;
const durationMinutes = asScalar(
  z
    .number()
    .int()
    .min(1, `durationMinutes must be between 1 and ${MAX_DURATION_MINUTES}`)
    .max(MAX_DURATION_MINUTES, `durationMinutes must be between 1 and ${MAX_DURATION_MINUTES}`),
  'DurationMinutes',
)
  .nullable()
  .describe(`Length of the exam in minutes (1 to ${MAX_DURATION_MINUTES}), or null when not known`);

export const createPaperInput = z
  .strictObject({
    subjectOfferingId: objectId.describe('Id of the subject offering'),
    examYear,
    examType,
    title: title
      .optional()
      .describe(
        'Title (1 to 200 characters); generated from the subject, exam type and year when absent',
      ),
    slug: slugSchema
      .optional()
      .describe(
        'Unique lowercase kebab-case slug (1 to 120 characters); generated from the title when absent',
      ),
    status: z
      .enum(NEW_PAPER_STATUSES)
      .optional()
      .describe('Initial status: draft or pending (default pending)'),
    durationMinutes: durationMinutes.optional(),
  })
  .describe('Fields of a new paper');
export type CreatePaperInput = z.input<typeof createPaperInput>;

/**
 * The query of `POST /papers/from-pdf`: the offering, and the sitting when the first page does
 * not print it (or prints it wrong); what is given here wins over what is read.
 */
export const createPaperFromPdfQuery = z.strictObject({
  subjectOfferingId: createPaperInput.shape.subjectOfferingId,
  examYear: examYear
    .optional()
    .describe('Year the exam was held; read from the first page when absent'),
  examType: examType
    .optional()
    .describe(
      'Kind of exam (end-term, mid-term, supplementary or quiz); read from the first page when absent',
    ),
  status: createPaperInput.shape.status,
});
export type CreatePaperFromPdfQuery = z.input<typeof createPaperFromPdfQuery>;

export const updatePaperInput = atLeastOneField(
  z.strictObject({
    examYear: examYear.optional(),
    examType: examType.optional(),
    title: title.optional().describe('Title (1 to 200 characters)'),
    slug: slugSchema.optional().describe('Unique lowercase kebab-case slug (1 to 120 characters)'),
    durationMinutes: durationMinutes
      .optional()
      .describe(`Length of the exam in minutes (1 to ${MAX_DURATION_MINUTES}); null clears it`),
  }),
).describe('Fields to change on a paper, at least one; the status changes through setPaperStatus');
export type UpdatePaperInput = z.input<typeof updatePaperInput>;

const reasonText = z
  .string()
  .trim()
  .max(500, 'reason must be at most 500 characters')
  .regex(NO_NUL, 'reason must not contain NUL characters');

export const setPaperStatusInput = z.strictObject({
  status: paperStatus,
  reason: reasonText.optional().describe('Why the status changed (kept in statusHistory)'),
  force: z
    .boolean()
    .optional()
    .describe('Approve even when the paper has no questions (else 409 PAPER_EMPTY)'),
});
export type SetPaperStatusInput = z.input<typeof setPaperStatusInput>;

export const submitPaperInput = z.strictObject({
  note: reasonText
    .optional()
    .describe('A note for the reviewer (kept in statusHistory as the reason)'),
});
export type SubmitPaperInput = z.input<typeof submitPaperInput>;

/** `createdBy` of a paper list: the caller's own papers (`me`) or a user's, by id. */
export const createdByFilter = z
  .union([z.literal('me'), objectId])
  .describe('Only papers created by this user: `me` or a user id (editors and admins)');

export const listPapersQuery = paginationQuery
  .extend({
    sort: sortInput(SORT_FIELDS.papers),
    universityId: objectId.optional().describe('Only papers of this university'),
    branchId: objectId.optional().describe('Only papers of this branch'),
    semesterId: objectId.optional().describe('Only papers of this semester'),
    subjectId: objectId.optional().describe('Only papers of this subject'),
    subjectOfferingId: objectId.optional().describe('Only papers of this subject offering'),
    examYear: z
      .number()
      .int()
      .min(MIN_EXAM_YEAR, `examYear must be between ${MIN_EXAM_YEAR} and 9999`)
      .max(9999, `examYear must be between ${MIN_EXAM_YEAR} and 9999`)
      .optional()
      .describe('Only papers of this exam year'),
    examType: examType.optional().describe('Only papers of this exam type'),
    status: paperStatus.optional().describe('Only papers of this status'),
    createdBy: createdByFilter.optional(),
  })
  .strict();
export type ListPapersQuery = z.input<typeof listPapersQuery>;

export const paperStatusChangeSchema = z
  .object({
    from: paperStatus.describe('Status before the change'),
    to: paperStatus.describe('Status after the change'),
    by: recordId.describe('Id of the admin who changed it'),
    at: z.string().describe('When it changed (ISO 8601)'),
    reason: z.string().nullable().describe('Why it changed, or null'),
  })
  .describe("One recorded change of a paper's status");
export type PaperStatusChange = z.infer<typeof paperStatusChangeSchema>;

export const paperFileSchema = z
  .object({
    size: z.number().int().describe('Size in bytes'),
    sha256: z.string().describe('SHA-256 of the file (hexadecimal), also its ETag'),
    uploadedAt: z.string().describe('When it was uploaded (ISO 8601)'),
  })
  .describe(
    'The PDF of a paper: its size, hash and upload time. The graph carries no file bytes: the PDF is uploaded and downloaded over HTTP beside it, and deletePaperFile removes it',
  );
export type PaperFile = z.infer<typeof paperFileSchema>;

// The DTO's descriptions are the graph's too (the gateway generates its Paper type from it): a
// field the caller may not read is left out over REST and null in the graph.
export const paperSchema = z
  .object({
    id: recordId,
    subjectOfferingId: recordId.describe('Id of the subject offering'),
    universityId: recordId.describe("University of the paper's offering"),
    branchId: recordId.describe("Branch of the paper's offering"),
    semesterId: recordId.describe("Semester of the paper's offering"),
    subjectId: recordId.describe("Subject of the paper's offering"),
    examYear: z.number().int().describe('Year the exam was held'),
    examType: examType,
    title: z.string().describe('Human-readable title'),
    slug: z.string().describe('Unique slug used in read paths'),
    status: paperStatus.describe('Review status'),
    durationMinutes: z
      .number()
      .int()
      .nullable()
      .describe('Length of the exam in minutes, or null when not known'),
    statusHistory: z
      .array(paperStatusChangeSchema)
      .optional()
      .describe('Status changes, oldest first; null unless the caller may paper:read-unapproved'),
    createdBy: recordId
      .nullable()
      .optional()
      .describe(
        'Id of the user who created it; null when not recorded, or unless the caller may paper:read-unapproved',
      ),
    questionCount: z.number().int().min(0).describe('Questions of the paper the caller may see'),
    draftsWaiting: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe(
        "Drafts read from the paper's PDF not yet accepted; null unless the caller may paper:read-unapproved",
      ),
    file: paperFileSchema
      .nullable()
      .describe('The PDF of the paper, or null when none is attached'),
    createdAt: z.string().describe('Creation time (ISO 8601)'),
    updatedAt: z.string().describe('Last update time (ISO 8601)'),
  })
  .describe(
    'A previous-year exam paper of a subject offering. Only callers who may paper:read-unapproved see papers that are not approved',
  );
export type Paper = z.infer<typeof paperSchema>;
