import { z } from 'zod';
import { asScalar, atLeastOneField, objectId, trimmedText } from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';

const branchId = objectId.describe('Id of the branch the semester belongs to');
const number = asScalar(
  z
    .number()
    .int()
    .min(1, 'number must be between 1 and 12')
    .max(12, 'number must be between 1 and 12')
    .describe('Semester number, 1 to 12, unique within the branch'),
  'SemesterNumber',
);
const name = trimmedText('name', 100).nullable();

/** Body of POST /semesters. */
export const createSemesterInput = z
  .strictObject({
    branchId: branchId.describe('Id of the branch'),
    number,
    name: name.optional().describe('Display name (1 to 100 characters), or null'),
  })
  .describe('Fields of a new semester');

/** Body of PATCH /semesters/:id: any subset of the fields, at least one. */
export const updateSemesterInput = atLeastOneField(
  z.strictObject({
    branchId: branchId
      .optional()
      .describe('Id of the branch (refused while subject offerings reference the semester)'),
    number: number.optional(),
    name: name.optional().describe('Display name (1 to 100 characters); null clears it'),
  }),
).describe('Fields to change on a semester, at least one');

/** Query of GET /semesters. */
export const listSemestersQuery = z.strictObject({
  ...paginationQuery.shape,
  sort: sortInput(SORT_FIELDS.semesters),
  branchId: objectId.optional().describe('Only semesters of this branch'),
});

/** A semester as the API returns it. */
export const semesterSchema = z
  .object({
    id: objectId.describe('Resource id'),
    branchId: objectId.describe('Id of the branch the semester belongs to'),
    universityId: objectId.describe("Id of the branch's university"),
    number: z.number().int().describe('Semester number, 1 to 12, unique within the branch'),
    name: z.string().nullable().describe('Display name, e.g. III-I, or null'),
    createdAt: z.iso.datetime().describe('Creation time (ISO 8601)'),
    updatedAt: z.iso.datetime().describe('Last update time (ISO 8601)'),
  })
  .describe('A semester of a branch');

export type Semester = z.infer<typeof semesterSchema>;
export type CreateSemesterInput = z.input<typeof createSemesterInput>;
export type UpdateSemesterInput = z.input<typeof updateSemesterInput>;
export type ListSemestersQuery = z.input<typeof listSemestersQuery>;
