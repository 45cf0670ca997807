import { z } from 'zod';
import { atLeastOneField, objectId, trimmedText } from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';
import { searchQuery } from '../listing/search-param.js';

const name = trimmedText('name', 200).describe('Name of the branch (1 to 200 characters)');
const code = trimmedText('code', 50).nullable();
const universityId = objectId.describe('Id of an active university');

/** Body of POST /branches. */
export const createBranchInput = z
  .strictObject({
    universityId,
    name,
    code: code.optional().describe('Short code (1 to 50 characters), or null'),
  })
  .describe('Fields of a new branch');

/** Body of PATCH /branches/:id: any subset of the fields, at least one. */
export const updateBranchInput = atLeastOneField(
  z.strictObject({
    universityId: universityId
      .optional()
      .describe(
        'Id of an active university (refused while subject offerings reference the branch)',
      ),
    name: name.optional(),
    code: code.optional().describe('Short code (1 to 50 characters); null clears it'),
  }),
).describe('Fields to change on a branch, at least one');

/** Query of GET /branches. */
export const listBranchesQuery = z.strictObject({
  ...paginationQuery.shape,
  sort: sortInput(SORT_FIELDS.branches),
  universityId: objectId.optional().describe('Only branches of this university'),
  search: searchQuery.optional().describe('Case-insensitive literal substring of the name'),
});

/** A branch as the API returns it. */
export const branchSchema = z
  .object({
    id: objectId.describe('Resource id'),
    universityId: objectId.describe('Id of the university the branch belongs to'),
    name: z.string().describe('Name of the branch'),
    code: z.string().nullable().describe('Short code, e.g. CSE, or null'),
    createdAt: z.iso.datetime().describe('Creation time (ISO 8601)'),
    updatedAt: z.iso.datetime().describe('Last update time (ISO 8601)'),
  })
  .describe('A branch (department) of a university');

export type Branch = z.infer<typeof branchSchema>;
export type CreateBranchInput = z.input<typeof createBranchInput>;
export type UpdateBranchInput = z.input<typeof updateBranchInput>;
export type ListBranchesQuery = z.input<typeof listBranchesQuery>;
