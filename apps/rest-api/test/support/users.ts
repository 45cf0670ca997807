// Callers of each kind: a user record with the role set through the domain, and a signed token.
import { randomUUID } from 'node:crypto';
import { setUserRole, toActor } from '@qpc/domain';
import type { Actor, Role } from '@qpc/domain';
import { UserModel } from '@qpc/domain/testing';
import { tokenFor } from '@qpc/server-kit/testing';

export interface TestUser {
  sub: string;
  token: string;
  actor: Actor;
}

export type CallerKind = 'anonymous' | 'normal' | 'editor' | 'admin' | 'deactivated';

/** A user of the given role (deactivated when asked) with a token good for an hour. */
export async function makeUser(
  role: Role,
  options: { isActive?: boolean; sub?: string } = {},
): Promise<TestUser> {
  const sub = options.sub ?? `user_${role}_${randomUUID().slice(0, 8)}`;
  let user = await setUserRole({ externalId: sub, role });
  if (options.isActive === false) {
    await UserModel.updateOne({ externalId: sub }, { $set: { isActive: false } });
    user = { ...user, isActive: false };
  }
  return { sub, token: await tokenFor(sub), actor: toActor(user) };
}

/** One caller of each kind the contract distinguishes; the deactivated one was an editor. */
export async function makeCallers(): Promise<Record<Exclude<CallerKind, 'anonymous'>, TestUser>> {
  return {
    normal: await makeUser('normal'),
    editor: await makeUser('editor'),
    admin: await makeUser('admin'),
    deactivated: await makeUser('editor', { isActive: false }),
  };
}
