// Batch reads of branches, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { readerByIds, readerByParent } from '../listing/loading.js';
import type { ReadByIds, ReadByParent } from '../listing/loading.js';
import { BranchModel } from './model.js';
import type { Branch } from './schema.js';
import { BRANCH_ORDER } from './service.js';

/** Branches by id. One query. */
export const readBranchesByIds: ReadByIds<Branch> = readerByIds(BranchModel);

/** The branches of each university the caller may see, by university id, in list order. One query per university. */
export const readBranchesByUniversityIds: ReadByParent<Branch[]> = readerByParent(
  BranchModel,
  'academic',
  { parent: 'universityId', sort: BRANCH_ORDER },
);
