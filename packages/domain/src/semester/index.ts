export {
  createSemesterInput,
  listSemestersQuery,
  semesterSchema,
  updateSemesterInput,
} from './schema.js';
export type {
  CreateSemesterInput,
  ListSemestersQuery,
  Semester,
  UpdateSemesterInput,
} from './schema.js';
export {
  createSemester,
  deleteSemester,
  getSemesterById,
  listSemesters,
  updateSemester,
} from './service.js';
export { loadSemestersByIds, loadSemestersByBranchIds } from './loaders.js';
