import { z } from 'zod';
import { ROLES } from '../roles.js';
import { atLeastOneField, recordId, trimmedText } from '../common-schemas.js';
import { paginationQuery, SORT_FIELDS, sortInput } from '../listing/list-query.js';
import { searchQuery } from '../listing/search-param.js';

const role = z.enum(ROLES).describe('Role: admin, editor or normal');

/** An identity-provider user id (the token's `sub`). */
export const externalIdSchema = trimmedText('externalId', 200).describe(
  "The identity provider's user id",
);

export const updateUserInput = atLeastOneField(
  z.strictObject({
    role: role.optional().describe('New role'),
    isActive: z.boolean().optional().describe('False deactivates the account, true reactivates it'),
  }),
).describe('Fields to change on a user, at least one');
export type UpdateUserInput = z.input<typeof updateUserInput>;

export const listUsersQuery = paginationQuery
  .extend({
    sort: sortInput(SORT_FIELDS.users),
    role: role.optional().describe('Only users of this role'),
    search: searchQuery.optional().describe('Case-insensitive substring of the name or email'),
    isActive: z.boolean().optional().describe('Only active (true) or deactivated (false) users'),
  })
  .strict();
export type ListUsersQuery = z.input<typeof listUsersQuery>;

/** What the services take from a verified token. */
export const userClaims = z.object({
  externalId: externalIdSchema,
  name: z.string().trim().max(200).nullish().describe('The `name` claim'),
  email: z.string().trim().max(320).nullish().describe('The `email` claim'),
});
export type UserClaims = z.input<typeof userClaims>;

export const setUserRoleInput = z.strictObject({
  externalId: externalIdSchema,
  role,
});
export type SetUserRoleInput = z.input<typeof setUserRoleInput>;

export const userSchema = z
  .object({
    id: recordId,
    externalId: z.string().describe("The identity provider's user id (the token's sub)"),
    role: role.describe('Role'),
    isActive: z.boolean().describe('False when the account is deactivated'),
    name: z.string().nullable().describe('Display name, or null'),
    email: z.string().nullable().describe('Email address, or null'),
    createdAt: z.string().describe('Creation time (ISO 8601)'),
    updatedAt: z.string().describe('Last update time (ISO 8601)'),
  })
  .describe("A user, identified by the identity provider's id (externalId)");
export type User = z.infer<typeof userSchema>;
