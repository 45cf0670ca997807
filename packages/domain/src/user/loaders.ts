// Batch loads of users for the GraphQL gateway (see ../listing/loading.ts).
import { alignOne, findByIds, validIds } from '../listing/loading.js';
import { UserModel } from './model.js';
import type { User } from './schema.js';
import { toUser } from './service.js';

/** Users by document id (null when missing). One query. */
export async function loadUsersByIds(ids: readonly string[]): Promise<(User | null)[]> {
  const docs = await findByIds<unknown>(UserModel, validIds(ids));
  return alignOne(ids, docs.map(toUser), (u) => u.id);
}
