export {
  createUniversityInput,
  listUniversitiesQuery,
  universitySchema,
  updateUniversityInput,
} from './schema.js';
export type {
  CreateUniversityInput,
  ListUniversitiesQuery,
  University,
  UpdateUniversityInput,
} from './schema.js';
export {
  createUniversity,
  deleteUniversity,
  getUniversityById,
  getUniversityBySlug,
  listUniversities,
  updateUniversity,
} from './service.js';
export { loadUniversitiesByIds } from './loaders.js';
