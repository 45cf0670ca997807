import { z } from 'zod';
import { objectId, trimmedText } from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';

/** Body of POST /subject-offerings. */
export const createSubjectOfferingInput = z
  .strictObject({
    universityId: objectId.describe('Id of an active university'),
    branchId: objectId.describe('Id of a branch of that university'),
    semesterId: objectId.describe('Id of a semester of that branch'),
    subjectId: objectId.describe('Id of the subject taught'),
    regulation: trimmedText('regulation', 50)
      .nullable()
      .optional()
      .describe('Regulation or curriculum version (1 to 50 characters), or null'),
  })
  .describe('Fields of a new subject offering');

/** Query of GET /subject-offerings. */
export const listSubjectOfferingsQuery = z.strictObject({
  ...paginationQuery.shape,
  sort: sortInput(SORT_FIELDS.subjectOfferings),
  universityId: objectId.optional().describe('Only offerings of this university'),
  branchId: objectId.optional().describe('Only offerings of this branch'),
  semesterId: objectId.optional().describe('Only offerings of this semester'),
  subjectId: objectId.optional().describe('Only offerings of this subject'),
});

/** A subject offering as the API returns it. */
export const subjectOfferingSchema = z
  .object({
    id: objectId.describe('Resource id'),
    universityId: objectId.describe('Id of the university'),
    branchId: objectId.describe('Id of the branch'),
    semesterId: objectId.describe('Id of the semester'),
    subjectId: objectId.describe('Id of the subject'),
    regulation: z
      .string()
      .nullable()
      .describe('Regulation or curriculum version, e.g. R22, or null'),
    createdAt: z.iso.datetime().describe('Creation time (ISO 8601)'),
    updatedAt: z.iso.datetime().describe('Last update time (ISO 8601)'),
  })
  .describe('A subject taught in one university, branch and semester (and regulation)');

export type SubjectOffering = z.infer<typeof subjectOfferingSchema>;
export type CreateSubjectOfferingInput = z.input<typeof createSubjectOfferingInput>;
export type ListSubjectOfferingsQuery = z.input<typeof listSubjectOfferingsQuery>;
