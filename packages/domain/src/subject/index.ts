export {
  createSubjectInput,
  listSubjectsQuery,
  subjectSchema,
  updateSubjectInput,
} from './schema.js';
export type {
  CreateSubjectInput,
  ListSubjectsQuery,
  Subject,
  UpdateSubjectInput,
} from './schema.js';
export {
  createSubject,
  deleteSubject,
  getSubjectById,
  getSubjectBySlug,
  listSubjects,
  updateSubject,
} from './service.js';
export { loadSubjectsByIds } from './loaders.js';
