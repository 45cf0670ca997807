import { z } from 'zod';
import { atLeastOneField, objectId, trimmedText, slugSchema } from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';
import { searchQuery } from '../listing/search-param.js';

const name = trimmedText('name', 200).describe('Full name of the university');
const shortName = trimmedText('shortName', 50).describe('Abbreviation, e.g. "JNTUH"');

/** Body of POST /universities. */
export const createUniversityInput = z.strictObject({
  name,
  shortName,
  slug: slugSchema.optional().describe('Unique slug; generated from the name when absent'),
});

/** Body of PATCH /universities/:id: any subset of the fields, at least one. `isActive` is admin only. */
export const updateUniversityInput = atLeastOneField(
  z.strictObject({
    name: name.optional(),
    shortName: shortName.optional(),
    slug: slugSchema.optional(),
    isActive: z
      .boolean()
      .optional()
      .describe('Admin only: false soft-deletes the university, true restores it'),
  }),
);

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
export const universitySchema = z.object({
  id: objectId,
  name: z.string().describe('Full name of the university'),
  shortName: z.string().describe('Abbreviation'),
  slug: z.string().describe('Unique slug used in read paths'),
  isActive: z.boolean().describe('False once soft-deleted'),
  deletedAt: z.iso.datetime().nullable().describe('When it was soft-deleted, or null'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export type University = z.infer<typeof universitySchema>;
export type CreateUniversityInput = z.input<typeof createUniversityInput>;
export type UpdateUniversityInput = z.input<typeof updateUniversityInput>;
export type ListUniversitiesQuery = z.input<typeof listUniversitiesQuery>;
