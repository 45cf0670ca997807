export {
  updateUserInput,
  listUsersQuery,
  userClaims,
  setUserRoleInput,
  externalIdSchema,
  userSchema,
} from './schema.js';
export type {
  UpdateUserInput,
  ListUsersQuery,
  UserClaims,
  SetUserRoleInput,
  User,
} from './schema.js';
export {
  upsertUserFromClaims,
  userIdFor,
  getMe,
  listUsers,
  getUserByExternalId,
  updateUser,
  setUserRole,
  toActor,
} from './service.js';
export { loadUsersByIds } from './loaders.js';
