// Batch reads of branches, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { byId, findByIds, findByRootKeys, groupBy, validIds } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import { asCaller } from '../visibility.js';
import type { ActorOrCaller } from '../visibility.js';
import { BranchModel } from './model.js';
import type { Branch } from './schema.js';
import { BRANCH_ORDER } from './service.js';

/** Branches by id. One query. */
export async function readBranchesByIds(ids: readonly string[]): Promise<Map<string, Branch>> {
  const docs = await findByIds<unknown>(BranchModel, validIds(ids));
  return byId(docs.map((d) => toDto<Branch>(d)));
}

/** The branches of each university the caller may see, by university id, in list order. One query per university. */
export async function readBranchesByUniversityIds(
  actor: ActorOrCaller,
  universityIds: readonly string[],
): Promise<Map<string, Branch[]>> {
  const viewer = await asCaller(actor).viewer();
  const docs = await findByRootKeys<unknown>(
    BranchModel,
    viewer,
    'academic',
    'universityId',
    universityIds,
    BRANCH_ORDER,
  );
  return groupBy(
    docs.map((d) => toDto<Branch>(d)),
    (b) => b.universityId,
  );
}
