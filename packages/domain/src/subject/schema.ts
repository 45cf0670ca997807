import { z } from 'zod';
import { atLeastOneField, NO_NUL, objectId, trimmedText, slugSchema } from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';
import { searchQuery } from '../listing/search-param.js';

const name = trimmedText('name', 200).describe('Name of the subject (1 to 200 characters)');
const code = trimmedText('code', 50).nullable();
const description = z
  .string()
  .trim()
  .max(5_000, 'description must be at most 5000 characters')
  .regex(NO_NUL, 'description must not contain NUL characters')
  .nullable();

/** Body of POST /subjects. */
export const createSubjectInput = z
  .strictObject({
    name,
    code: code.optional().describe('Subject code (1 to 50 characters), or null'),
    slug: slugSchema
      .optional()
      .describe(
        'Unique lowercase kebab-case slug (1 to 120 characters); generated from the name when absent',
      ),
    description: description
      .optional()
      .describe('Free-text description (up to 5000 characters), or null'),
  })
  .describe('Fields of a new subject');

/** Body of PATCH /subjects/:id: any subset of the fields, at least one. */
export const updateSubjectInput = atLeastOneField(
  z.strictObject({
    name: name.optional(),
    code: code.optional().describe('Subject code (1 to 50 characters); null clears it'),
    slug: slugSchema.optional().describe('Unique lowercase kebab-case slug (1 to 120 characters)'),
    description: description
      .optional()
      .describe('Free-text description (up to 5000 characters); null clears it'),
  }),
).describe('Fields to change on a subject, at least one');

/** Query of GET /subjects. */
export const listSubjectsQuery = z.strictObject({
  ...paginationQuery.shape,
  sort: sortInput(SORT_FIELDS.subjects),
  search: searchQuery.optional().describe('Case-insensitive literal substring of the name or code'),
});

/** A subject as the API returns it. */
export const subjectSchema = z
  .object({
    id: objectId.describe('Resource id'),
    name: z.string().describe('Name of the subject'),
    code: z.string().nullable().describe('Subject code, e.g. CS201, or null'),
    slug: z.string().describe('Unique slug used in read paths'),
    description: z.string().nullable().describe('Free-text description, or null'),
    createdAt: z.iso.datetime().describe('Creation time (ISO 8601)'),
    updatedAt: z.iso.datetime().describe('Last update time (ISO 8601)'),
  })
  .describe('A subject of the global catalog');

export type Subject = z.infer<typeof subjectSchema>;
export type CreateSubjectInput = z.input<typeof createSubjectInput>;
export type UpdateSubjectInput = z.input<typeof updateSubjectInput>;
export type ListSubjectsQuery = z.input<typeof listSubjectsQuery>;
