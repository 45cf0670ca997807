// Batch loads of branches for the GraphQL gateway (see ../listing/loading.ts).
import { alignMany, alignOne, findByIds, findByRootKeys, validIds } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import type { Viewer } from '../visibility.js';
import { BranchModel } from './model.js';
import type { Branch } from './schema.js';

/** Branches by id. One query. */
export async function loadBranchesByIds(ids: readonly string[]): Promise<(Branch | null)[]> {
  const docs = await findByIds<unknown>(BranchModel, validIds(ids));
  return alignOne(
    ids,
    docs.map((d) => toDto<Branch>(d)),
    (b) => b.id,
  );
}

/** The branches of each university the viewer may see, ordered by name (as GET /branches). One query per university. */
export async function loadBranchesByUniversityIds(
  viewer: Viewer,
  universityIds: readonly string[],
): Promise<Branch[][]> {
  const visible = universityIds.filter((id) => !viewer.hiddenUniversityIds.includes(id));
  const docs = await findByRootKeys<unknown>(BranchModel, 'universityId', visible, {}, { name: 1 });
  return alignMany(
    universityIds,
    docs.map((d) => toDto<Branch>(d)),
    (b) => b.universityId,
  );
}
