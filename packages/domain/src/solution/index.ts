export {
  createSolutionInput,
  updateSolutionInput,
  voteSolutionInput,
  listSolutionsQuery,
  solutionSchema,
  VOTE_VALUES,
} from './schema.js';
export type {
  CreateSolutionInput,
  UpdateSolutionInput,
  VoteSolutionInput,
  ListSolutionsQuery,
  Solution,
  VoteValue,
} from './schema.js';
export {
  listSolutions,
  getSolutionById,
  createSolution,
  updateSolution,
  deleteSolution,
  voteSolution,
} from './service.js';
export type { VoteTally } from './service.js';
export { loadSolutionsBySubjectOfferingIds } from './loaders.js';
