// Callers of each kind the contract distinguishes, for every package's tests: a user record with
// its role set through the domain, its Actor, and (in the apps' tests) a signed token.
import { randomUUID } from 'node:crypto';
import type { Actor, Role } from '../access.js';
import { forgetCachedActor } from '../user/actor-cache.js';
import { UserModel } from '../user/model.js';
import { setUserRole, toActor } from '../user/service.js';

/** The callers a role matrix distinguishes; the deactivated one was an editor. */
export type CallerKind = 'anonymous' | 'normal' | 'editor' | 'admin' | 'deactivated';
export type SignedInKind = Exclude<CallerKind, 'anonymous'>;

export interface TestUser {
  /** The externalId, the token's `sub`. */
  sub: string;
  /** A bearer token good for an hour, when a signer is set (empty otherwise). */
  token: string;
  actor: Actor;
}

/** One user of each signed-in kind, and their headers and subs by kind. */
export type TestCallers = Record<SignedInKind, TestUser> & {
  /** The Authorization header of a caller (none for anonymous). */
  headers: (caller: CallerKind) => Record<string, string>;
  /** The externalId (token `sub`) of a signed-in caller. */
  sub: (caller: SignedInKind) => string;
};

type Signer = (sub: string) => Promise<string>;
let signer: Signer | null = null;

/**
 * Sets how test users' tokens are signed: the apps' test setup passes server-kit's `tokenFor`
 * (the domain knows no tokens). Without it, users carry an empty token.
 */
export function signTestTokensWith(sign: Signer | null): void {
  signer = sign;
}

/** A user of the given role (deactivated when asked), created through `setUserRole`. */
export async function makeUser(
  role: Role,
  options: { isActive?: boolean; sub?: string } = {},
): Promise<TestUser> {
  const sub = options.sub ?? `user_${role}_${randomUUID().slice(0, 8)}`;
  let user = await setUserRole({ externalId: sub, role });
  if (options.isActive === false) {
    await UserModel.updateOne({ externalId: sub }, { $set: { isActive: false } });
    forgetCachedActor(sub);
    user = { ...user, isActive: false };
  }
  return { sub, token: signer ? await signer(sub) : '', actor: toActor(user) };
}

/** One caller of each kind the contract distinguishes; the deactivated one was an editor. */
export async function makeCallers(): Promise<TestCallers> {
  const users: Record<SignedInKind, TestUser> = {
    normal: await makeUser('normal'),
    editor: await makeUser('editor'),
    admin: await makeUser('admin'),
    deactivated: await makeUser('editor', { isActive: false }),
  };
  return {
    ...users,
    headers: (caller): Record<string, string> =>
      caller === 'anonymous' ? {} : { authorization: `Bearer ${users[caller].token}` },
    sub: (caller) => users[caller].sub,
  };
}

/** A user of the given role, as an Actor. */
export async function makeActor(
  role: Role = 'normal',
  options: { isActive?: boolean } = {},
): Promise<Actor> {
  return (await makeUser(role, options)).actor;
}

/** The Actors of one caller of each signed-in kind. */
export async function makeActors(): Promise<Record<SignedInKind, Actor>> {
  const { normal, editor, admin, deactivated } = await makeCallers();
  return {
    normal: normal.actor,
    editor: editor.actor,
    admin: admin.actor,
    deactivated: deactivated.actor,
  };
}

/** How a test's name speaks of each kind of caller. */
const CALLER_LABELS: Record<CallerKind, string> = {
  anonymous: 'anonymous',
  normal: 'a normal user',
  editor: 'an editor',
  admin: 'an admin',
  deactivated: 'a deactivated editor',
};

/** `it.each` rows naming callers: the caller's label for the test name, then its kind. */
export function callerRows<K extends CallerKind>(...kinds: K[]): (readonly [string, K])[] {
  return kinds.map((kind) => [CALLER_LABELS[kind], kind] as const);
}

/**
 * `it.each` rows for callers an operation refuses: the caller's label, the status it gets (401 for
 * anonymous, 403 for a signed-in caller) and its kind.
 */
function refusedCallers<K extends CallerKind>(...kinds: K[]): (readonly [string, 401 | 403, K])[] {
  return kinds.map(
    (kind) => [CALLER_LABELS[kind], kind === 'anonymous' ? 401 : 403, kind] as const,
  );
}

/** The callers refused where only editors and admins may act, as `it.each` rows. */
export const refusedUnlessEditor = refusedCallers('anonymous', 'normal', 'deactivated');

/** The callers refused where only admins may act, as `it.each` rows. */
export const refusedUnlessAdmin = refusedCallers('anonymous', 'normal', 'editor', 'deactivated');

/** The callers refused where any active signed-in user may act, as `it.each` rows. */
export const refusedUnlessSignedIn = refusedCallers('anonymous', 'deactivated');

/** The callers who see only public content (no editor or admin), as `it.each` rows. */
export const publicViewers = callerRows('anonymous', 'normal', 'deactivated');
