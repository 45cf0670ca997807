// Batch reads of branches, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { byId, findByIds, readChildrenByParent, validIds } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import type { ActorOrCaller } from '../visibility.js';
import { BranchModel } from './model.js';
import type { Branch } from './schema.js';
import { BRANCH_ORDER } from './service.js';

const toBranch = (doc: unknown) => toDto<Branch>(doc);

/** Branches by id. One query. */
export async function readBranchesByIds(ids: readonly string[]): Promise<Map<string, Branch>> {
  const docs = await findByIds<unknown>(BranchModel, validIds(ids));
  return byId(docs.map(toBranch));
}

/** The branches of each university the caller may see, by university id, in list order. One query per university. */
export function readBranchesByUniversityIds(
  actor: ActorOrCaller,
  universityIds: readonly string[],
): Promise<Map<string, Branch[]>> {
  return readChildrenByParent(actor, universityIds, {
    model: BranchModel,
    kind: 'academic',
    parent: 'universityId',
    sort: BRANCH_ORDER,
    toItem: toBranch,
  });
}
