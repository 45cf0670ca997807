import { z } from 'zod';
import { atLeastOneField, objectId, trimmedText, slugSchema } from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';
import { searchQuery } from '../listing/search-param.js';

const name = trimmedText('name', 200).describe('Full name (1 to 200 characters)');
const shortName = trimmedText('shortName', 50).describe('Abbreviation (1 to 50 characters)');

/** Body of POST /universities. */
export const createUniversityInput = z
  .strictObject({
    name,
    shortName,
    slug: slugSchema
      .optional()
      .describe(
        'Unique lowercase kebab-case slug (1 to 120 characters); generated from the name when absent',
      ),
  })
  .describe('Fields of a new university');

/** Body of PATCH /universities/:id: any subset of the fields, at least one. `isActive` is admin only. */
export const updateUniversityInput = atLeastOneField(
  z.strictObject({
    name: name.optional(),
    shortName: shortName.optional(),
    slug: slugSchema.optional().describe('Unique lowercase kebab-case slug (1 to 120 characters)'),
    isActive: z
      .boolean()
      .optional()
      .describe('Admin only: false soft-deletes the university, true restores it'),
  }),
).describe('Fields to change on a university, at least one');

/** Input of the university list. */
export const listUniversitiesQuery = z.strictObject({
  ...paginationQuery.shape,
  sort: sortInput(SORT_FIELDS.universities),
  search: searchQuery
    .optional()
    .describe('Case-insensitive literal substring of the name or short name'),
  isActive: z
    .boolean()
    .optional()
    .describe('Active (true) or soft-deleted (false) universities only; absent, both'),
});

/** A university as the API returns it. */
export const universitySchema = z
  .object({
    id: objectId.describe('Resource id'),
    name: z.string().describe('Full name of the university'),
    shortName: z.string().describe('Abbreviation, e.g. JNTUH'),
    slug: z.string().describe('Unique slug used in read paths'),
    isActive: z.boolean().describe('False once soft-deleted'),
    deletedAt: z.iso.datetime().nullable().describe('When it was soft-deleted (ISO 8601), or null'),
    createdAt: z.iso.datetime().describe('Creation time (ISO 8601)'),
    updatedAt: z.iso.datetime().describe('Last update time (ISO 8601)'),
  })
  .describe('A university. Soft-deleted ones have isActive false and a deletedAt time');

export type University = z.infer<typeof universitySchema>;
export type CreateUniversityInput = z.input<typeof createUniversityInput>;
export type UpdateUniversityInput = z.input<typeof updateUniversityInput>;
export type ListUniversitiesQuery = z.input<typeof listUniversitiesQuery>;
