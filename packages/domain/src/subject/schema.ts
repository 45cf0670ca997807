import { z } from 'zod';
import { atLeastOneField, NO_NUL, objectId, trimmedText, slugSchema } from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';
import { searchQuery } from '../listing/search-param.js';

const name = trimmedText('name', 200).describe('Name of the subject');
const code = trimmedText('code', 50).nullable().describe('Subject code, e.g. "CS201"');
const description = z
  .string()
  .trim()
  .max(5_000, 'description must be at most 5000 characters')
  .regex(NO_NUL, 'description must not contain NUL characters')
  .nullable()
  .describe('Free-text description');

/** Body of POST /subjects. */
export const createSubjectInput = z.strictObject({
  name,
  code: code.optional(),
  slug: slugSchema.optional().describe('Unique slug; generated from the name when absent'),
  description: description.optional(),
});

/** Body of PATCH /subjects/:id: any subset of the fields, at least one. */
export const updateSubjectInput = atLeastOneField(
  z.strictObject({
    name: name.optional(),
    code: code.optional(),
    slug: slugSchema.optional(),
    description: description.optional(),
  }),
);

/** Query of GET /subjects. */
export const listSubjectsQuery = z.strictObject({
  ...paginationQuery.shape,
  sort: sortInput(SORT_FIELDS.subjects),
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
