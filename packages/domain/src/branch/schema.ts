import { z } from 'zod';
import { atLeastOneField, objectId, trimmedText } from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';
import { searchQuery } from '../listing/search-param.js';

const name = trimmedText('name', 200).describe('Name of the branch (department)');
const code = trimmedText('code', 50).nullable().describe('Short code, e.g. "CSE"');
const universityId = objectId.describe(
  'Id of the university the branch belongs to (must be active)',
);

/** Body of POST /branches. */
export const createBranchInput = z.strictObject({
  universityId,
  name,
  code: code.optional(),
});

/** Body of PATCH /branches/:id: any subset of the fields, at least one. */
export const updateBranchInput = atLeastOneField(
  z.strictObject({
    universityId: universityId.optional(),
    name: name.optional(),
    code: code.optional(),
  }),
);

/** Query of GET /branches. */
export const listBranchesQuery = z.strictObject({
  ...paginationQuery.shape,
  sort: sortInput(SORT_FIELDS.branches),
  universityId: objectId.optional().describe('Only branches of this university'),
  search: searchQuery.optional().describe('Case-insensitive literal substring of the name'),
});

/** A branch as the API returns it. */
export const branchSchema = z.object({
  id: objectId,
  universityId: objectId.describe('Id of the university the branch belongs to'),
  name: z.string().describe('Name of the branch'),
  code: z.string().nullable().describe('Short code, or null'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export type Branch = z.infer<typeof branchSchema>;
export type CreateBranchInput = z.input<typeof createBranchInput>;
export type UpdateBranchInput = z.input<typeof updateBranchInput>;
export type ListBranchesQuery = z.input<typeof listBranchesQuery>;
