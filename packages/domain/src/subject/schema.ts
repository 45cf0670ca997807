import { z } from 'zod';
import { objectId } from '../common-schemas.js';
import { paginationQuery } from '../pagination.js';
import { searchQuery } from '../search.js';
import { slugSchema } from '../slug.js';

const name = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(200)
  .describe('Name of the subject');
const code = z
  .string()
  .trim()
  .min(1, 'code must not be empty')
  .max(50)
  .nullable()
  .describe('Subject code, e.g. "CS201"');
const description = z.string().trim().max(5_000).nullable().describe('Free-text description');

/** Body of POST /subjects. */
export const createSubjectInput = z.strictObject({
  name,
  code: code.optional(),
  slug: slugSchema.optional().describe('Unique slug; generated from the name when absent'),
  description: description.optional(),
});

/** Body of PATCH /subjects/:id: any subset of the fields, at least one. */
export const updateSubjectInput = z
  .strictObject({
    name: name.optional(),
    code: code.optional(),
    slug: slugSchema.optional(),
    description: description.optional(),
  })
  .refine((input) => Object.values(input).some((v) => v !== undefined), {
    message: 'At least one field must be given',
  });

/** Query of GET /subjects. */
export const listSubjectsQuery = z.strictObject({
  ...paginationQuery.shape,
  search: searchQuery.optional().describe('Case-insensitive literal substring of the name or code'),
});

/** A subject as the API returns it. */
export const subjectSchema = z.object({
  id: objectId,
  name: z.string().describe('Name of the subject'),
  code: z.string().nullable().describe('Subject code, or null'),
  slug: z.string().describe('Unique slug used in read paths'),
  description: z.string().nullable().describe('Description, or null'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export type Subject = z.infer<typeof subjectSchema>;
export type CreateSubjectInput = z.input<typeof createSubjectInput>;
export type UpdateSubjectInput = z.input<typeof updateSubjectInput>;
export type ListSubjectsQuery = z.input<typeof listSubjectsQuery>;
