// Batch reads of users (see ../listing/loading.ts).
import { readerByIds } from '../listing/loading.js';
import type { ReadByIds } from '../listing/loading.js';
import { UserModel } from './model.js';
import type { User } from './schema.js';
import { toUser } from './service.js';

/** Users by document id. One query. */
export const readUsersByIds: ReadByIds<User> = readerByIds(UserModel, toUser);
