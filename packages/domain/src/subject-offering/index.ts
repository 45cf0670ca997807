export {
  createSubjectOfferingInput,
  listSubjectOfferingsQuery,
  subjectOfferingSchema,
} from './schema.js';
export type {
  CreateSubjectOfferingInput,
  ListSubjectOfferingsQuery,
  SubjectOffering,
} from './schema.js';
export {
  createSubjectOffering,
  deleteSubjectOffering,
  getSubjectOfferingById,
  listSubjectOfferings,
} from './service.js';
export { loadSubjectOfferingsByIds } from './loaders.js';
