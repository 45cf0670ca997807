export { branchSchema, createBranchInput, listBranchesQuery, updateBranchInput } from './schema.js';
export type { Branch, CreateBranchInput, ListBranchesQuery, UpdateBranchInput } from './schema.js';
export {
  createBranch,
  deleteBranch,
  getBranchById,
  listBranches,
  updateBranch,
} from './service.js';
export { loadBranchesByIds, loadBranchesByUniversityIds } from './loaders.js';
