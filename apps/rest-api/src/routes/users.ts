import { getMe, getUserByExternalId, listUsers, updateUser } from '@qpc/domain';
import { updateUserInput, userSchema } from '@qpc/domain/schemas';
import { listUsersText } from '@qpc/server-kit/list-text';
import type { RouteDefinition } from './route.js';
import { component, externalIdParams, item, list } from './route.js';

const User = component('User', userSchema);
const tag = 'Users';

// `/users/me` is declared before `/users/:externalId`, so "me" is never taken for an id.
export const userRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/users/me',
    tag,
    operationId: 'getMe',
    summary: 'Read the current user',
    description: "The profile of the token's user (created with role `normal` on first sight).",
    action: 'user:read-self',
    response: item(User),
    handler: ({ caller: { actor } }) => getMe({ actor }),
  },
  {
    method: 'get',
    path: '/users',
    tag,
    operationId: 'listUsers',
    summary: 'List users',
    description: 'Oldest first, filtered by role, active flag and a name or email substring.',
    action: 'user:manage',
    query: listUsersText,
    response: list(User),
    handler: ({ caller: { actor }, query }) => listUsers({ actor, query }),
  },
  {
    method: 'get',
    path: '/users/:externalId',
    tag,
    operationId: 'getUserByExternalId',
    summary: 'Read a user by identity-provider id',
    action: 'user:manage',
    params: externalIdParams,
    response: item(User),
    handler: ({ caller: { actor }, param }) =>
      getUserByExternalId({ actor, externalId: param('externalId') }),
  },
  {
    method: 'patch',
    path: '/users/:externalId',
    tag,
    operationId: 'updateUser',
    summary: "Change a user's role or active flag",
    description:
      'A deactivated user gets 403 on every route that needs authentication. The last active admin cannot be demoted or deactivated (409).',
    action: 'user:manage',
    params: externalIdParams,
    body: updateUserInput,
    conflict: 'the change would leave no active admin',
    response: item(User),
    handler: ({ caller: { actor }, param, body }) =>
      updateUser({ actor, externalId: param('externalId'), input: body }),
  },
];
