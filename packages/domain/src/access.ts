import { ForbiddenError, UnauthenticatedError } from './errors.js';
import { ROLES } from './roles.js';
import type { Role } from './roles.js';

export { ROLES } from './roles.js';
export type { Role } from './roles.js';

/** The authenticated caller, as the services see it. `null` or `undefined` is an anonymous caller. */
export interface Actor {
  /** The user document id. */
  id: string;
  externalId: string;
  role: Role;
  isActive: boolean;
}

export type MaybeActor = Actor | null | undefined;

/** Everything a caller may try; each maps to the roles allowed (the contract's section 5). */
export const ACTIONS = {
  'catalog:write': ['admin', 'editor'],
  'catalog:delete': ['admin'],
  'paper:set-status': ['admin'],
  'paper:submit': ['admin', 'editor'],
  'paper:read-unapproved': ['admin', 'editor'],
  'solution:create': ['admin', 'editor', 'normal'],
  'solution:vote': ['admin', 'editor', 'normal'],
  'user:read-self': ['admin', 'editor', 'normal'],
  'user:manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof ACTIONS;

/** Each action in words, for help texts (`npm run token -- --help`). */
export const ACTION_SUMMARIES: Record<Action, string> = {
  'paper:read-unapproved':
    'read pending and rejected papers, their questions and solutions, and soft-deleted universities',
  'catalog:write': 'create and edit the catalog (universities to questions) and upload paper files',
  'catalog:delete': 'delete from the catalog (and deactivate universities)',
  'paper:set-status': 'approve or reject papers',
  'paper:submit': 'send papers they created (admins: any paper) for review',
  'user:manage': 'list users, change their roles and deactivate them',
  'solution:create': 'post solutions and edit their own',
  'solution:vote': 'vote on solutions',
  'user:read-self': 'read and edit their own profile',
};

/** What a role may do beyond anonymous reading of approved content, in words, from ACTIONS. */
export function roleAbilities(role: Role): string[] {
  return (Object.keys(ACTION_SUMMARIES) as Action[])
    .filter((action) => (ACTIONS[action] as readonly Role[]).includes(role))
    .map((action) => ACTION_SUMMARIES[action]);
}

/** The roles an action allows. */
export function rolesFor(action: Action): readonly Role[] {
  return ACTIONS[action];
}

/**
 * Who may perform an action, in words for documentation: `any active user` when every role may,
 * else the roles (`admin or editor`).
 */
export function whoMay(action: Action): string {
  const roles = rolesFor(action);
  if (ROLES.every((role) => roles.includes(role))) return 'any active user';
  return roles.length > 1 ? `${roles.slice(0, -1).join(', ')} or ${roles.at(-1)}` : roles[0]!;
}

/** True when the caller is signed in, active, and holds a role the action allows. */
export function can(actor: MaybeActor, action: Action): actor is Actor {
  if (!actor || !actor.isActive) return false;
  return (ACTIONS[action] as readonly Role[]).includes(actor.role);
}

/**
 * Throws unless the caller may perform the action: 401 for an anonymous caller,
 * 403 for a deactivated account or a role the action does not allow.
 */
export function assertCan(actor: MaybeActor, action: Action): asserts actor is Actor {
  if (!actor) throw new UnauthenticatedError();
  if (!actor.isActive) throw new ForbiddenError('This account is deactivated');
  if (!(ACTIONS[action] as readonly Role[]).includes(actor.role)) {
    throw new ForbiddenError(`Your role (${actor.role}) may not perform this operation`);
  }
}
