import { getMe, getUserByExternalId, listUsers, updateUser } from '@qpc/domain';
import { updateUserInput, userSchema } from '@qpc/domain/schemas';
import { inputFor, listArgs, pageArgs, who } from './common.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ZodGraphType } from './zod-types.js';

/** The user's types the graph generates from the domain's zod schemas. */
export const userGraphTypes: ZodGraphType[] = [
  { name: 'User', kind: 'type', schema: userSchema },
  { name: 'UpdateUserInput', kind: 'input', schema: updateUserInput },
];

export const userTypeDefs = /* GraphQL */ `
  "A page of users."
  type UserPage {
    "The users of this page."
    items: [User!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  type Query {
    "The caller's own profile ${who('user:read-self')}."
    me: User
    "Users, oldest first ${who('user:manage')}."
    users(
      "Only users of this role."
      role: Role
      "Case-insensitive substring of the name or email (up to 100 characters)."
      search: String
      "Only active (true) or deactivated (false) users."
      isActive: Boolean
      ${pageArgs('UserSort')}
    ): UserPage!
    "A user by identity-provider id ${who('user:manage')}."
    user("The identity provider's user id." externalId: NonEmptyString!): User
  }

  type Mutation {
    "Changes a user's role or active flag ${who('user:manage')}; the last active admin stays."
    updateUser(
      "The identity provider's user id."
      externalId: NonEmptyString!
      "Fields to change."
      input: UpdateUserInput!
    ): User!
  }
`;

export const userResolvers: Resolvers = {
  Query: {
    me: (_, _args, { caller: { actor } }) => getMe({ actor }),
    users: (_, args, { caller: { actor } }) => listUsers({ actor, query: listArgs(args) }),
    user: (_, { externalId }, { caller: { actor } }) => getUserByExternalId({ actor, externalId }),
  },
  Mutation: {
    updateUser: (_, { externalId, input }, { caller: { actor } }) =>
      updateUser({ actor, externalId, input: inputFor(updateUserInput, input) }),
  },
};
