import { z } from 'zod';
import { atLeastOneField, objectId, trimmedText } from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';

const branchId = objectId.describe('Id of the branch the semester belongs to');
const number = z
  .number()
  .int()
  .min(1, 'number must be between 1 and 12')
  .max(12, 'number must be between 1 and 12')
  .describe('Semester number, 1 to 12, unique within the branch');
const name = trimmedText('name', 100).nullable().describe('Display name, e.g. "III-I"');

/** Body of POST /semesters. */
export const createSemesterInput = z.strictObject({
  branchId,
  number,
  name: name.optional(),
});

/** Body of PATCH /semesters/:id: any subset of the fields, at least one. */
export const updateSemesterInput = atLeastOneField(
  z.strictObject({
    branchId: branchId.optional(),
    number: number.optional(),
    name: name.optional(),
  }),
);

/** Query of GET /semesters. */
export const listSemestersQuery = z.strictObject({
  ...paginationQuery.shape,
  sort: sortInput(SORT_FIELDS.semesters),
  branchId: objectId.optional().describe('Only semesters of this branch'),
});

/** A semester as the API returns it. */
export const semesterSchema = z.object({
  id: objectId,
  branchId: objectId.describe('Id of the branch the semester belongs to'),
  universityId: objectId.describe("Id of the branch's university"),
  number: z.number().int().describe('Semester number, 1 to 12'),
  name: z.string().nullable().describe('Display name, or null'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export type Semester = z.infer<typeof semesterSchema>;
export type CreateSemesterInput = z.input<typeof createSemesterInput>;
export type UpdateSemesterInput = z.input<typeof updateSemesterInput>;
export type ListSemestersQuery = z.input<typeof listSemestersQuery>;
