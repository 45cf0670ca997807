// Batch reads of users (see ../listing/loading.ts).
import { byId, findByIds, validIds } from '../listing/loading.js';
import { UserModel } from './model.js';
import type { User } from './schema.js';
import { toUser } from './service.js';

/** Users by document id. One query. */
export async function readUsersByIds(ids: readonly string[]): Promise<Map<string, User>> {
  const docs = await findByIds<unknown>(UserModel, validIds(ids));
  return byId(docs.map(toUser));
}
