import { z } from 'zod';
import { objectId } from '../common-schemas.js';
import { paginationQuery } from '../pagination.js';
import { slugSchema } from '../slug.js';
import { EXAM_TYPES, PAPER_STATUSES } from './model.js';

export const MIN_EXAM_YEAR = 1900;

/** The latest accepted exam year: next year, evaluated when the input is parsed. */
export function maxExamYear(): number {
  return new Date().getFullYear() + 1;
}

const examYear = z
  .number({ message: 'examYear must be a number' })
  .int('examYear must be an integer')
  .min(MIN_EXAM_YEAR, `examYear must be ${MIN_EXAM_YEAR} or later`)
  .refine((year) => year <= maxExamYear(), { message: 'examYear must not be later than next year' })
  .describe('Year the exam was held (1900 to next year)');

const examType = z
  .enum(EXAM_TYPES, { message: `examType must be one of ${EXAM_TYPES.join(', ')}` })
  .describe('Kind of exam: end-term, mid-term, supplementary or quiz');

const paperStatus = z
  .enum(PAPER_STATUSES, { message: `status must be one of ${PAPER_STATUSES.join(', ')}` })
  .describe('Review status: draft, pending, approved or rejected');

const title = z
  .string()
  .trim()
  .min(1, 'title must not be empty')
  .max(200, 'title must be at most 200 characters')
  .describe('Human-readable title of the paper');

export const createPaperInput = z.strictObject({
  subjectOfferingId: objectId.describe('Subject offering the paper belongs to'),
  examYear,
  examType,
  title: title
    .optional()
    .describe('Title; generated from the subject, exam type and year when absent'),
  slug: slugSchema.optional().describe('Unique slug; generated from the title when absent'),
  status: z
    .enum(['draft', 'pending'], { message: 'status on create must be draft or pending' })
    .optional()
    .describe('Initial status: draft or pending (default pending)'),
});
export type CreatePaperInput = z.input<typeof createPaperInput>;

export const updatePaperInput = z
  .strictObject({
    examYear: examYear.optional(),
    examType: examType.optional(),
    title: title.optional(),
    slug: slugSchema.optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: 'at least one field must be given',
  });
export type UpdatePaperInput = z.input<typeof updatePaperInput>;

export const setPaperStatusInput = z.strictObject({
  status: paperStatus,
  reason: z
    .string()
    .trim()
    .max(500, 'reason must be at most 500 characters')
    .optional()
    .describe('Why the status changed (kept in statusHistory)'),
});
export type SetPaperStatusInput = z.input<typeof setPaperStatusInput>;

export const listPapersQuery = paginationQuery
  .extend({
    subjectOfferingId: objectId.optional().describe('Only papers of this subject offering'),
    examYear: z.coerce
      .number({ message: 'examYear must be a number' })
      .int('examYear must be an integer')
      .min(MIN_EXAM_YEAR, `examYear must be ${MIN_EXAM_YEAR} or later`)
      .max(9999, 'examYear is too large')
      .optional()
      .describe('Only papers of this exam year'),
    examType: examType.optional().describe('Only papers of this exam type'),
    status: paperStatus
      .optional()
      .describe('Only papers of this status (honoured for editors and admins only)'),
  })
  .strict();
export type ListPapersQuery = z.input<typeof listPapersQuery>;

export const paperStatusChangeSchema = z.object({
  from: paperStatus.describe('Status before the change'),
  to: paperStatus.describe('Status after the change'),
  by: z.string().describe('Id of the admin who changed it'),
  at: z.string().describe('When it changed (ISO 8601)'),
  reason: z.string().nullable().describe('Why it changed'),
});
export type PaperStatusChange = z.infer<typeof paperStatusChangeSchema>;

export const paperFileSchema = z.object({
  size: z.number().int().describe('Size of the PDF in bytes'),
  sha256: z.string().describe('SHA-256 of the PDF (hexadecimal); also its ETag'),
  uploadedAt: z.string().describe('When it was uploaded (ISO 8601)'),
});
export type PaperFile = z.infer<typeof paperFileSchema>;

export const paperSchema = z.object({
  id: z.string().describe('Paper id'),
  subjectOfferingId: z.string().describe('Subject offering id'),
  examYear: z.number().int().describe('Exam year'),
  examType: examType,
  title: z.string().describe('Title'),
  slug: z.string().describe('Unique slug'),
  status: paperStatus,
  statusHistory: z
    .array(paperStatusChangeSchema)
    .optional()
    .describe('Status changes, oldest first (editors and admins only)'),
  createdBy: z.string().nullable().describe('Id of the user who created it'),
  file: paperFileSchema
    .nullable()
    .describe('The PDF of the paper (`GET /papers/{id}/file`), or null when none is attached'),
  createdAt: z.string().describe('Creation time (ISO 8601)'),
  updatedAt: z.string().describe('Last update time (ISO 8601)'),
});
export type Paper = z.infer<typeof paperSchema>;
