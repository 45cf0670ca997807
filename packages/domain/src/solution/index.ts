export {
  createSolutionInput,
  voteSolutionInput,
  listSolutionsQuery,
  solutionSchema,
  VOTE_VALUES,
} from './schema.js';
export type {
  CreateSolutionInput,
  VoteSolutionInput,
  ListSolutionsQuery,
  Solution,
  VoteValue,
} from './schema.js';
export { listSolutions, getSolutionById, createSolution, voteSolution } from './service.js';
export type { VoteTally } from './service.js';
