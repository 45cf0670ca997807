import { randomUUID } from 'node:crypto';
import type { Actor, Role } from '../access.js';
import { UserModel } from '../user/model.js';

/** Creates a user of the given role in the test database and returns it as an Actor. */
export async function makeActor(role: Role, options: { isActive?: boolean } = {}): Promise<Actor> {
  const externalId = `user_${role}_${randomUUID().slice(0, 8)}`;
  const user = await UserModel.create({
    externalId,
    role,
    isActive: options.isActive ?? true,
    name: `Test ${role}`,
    email: `${externalId}@example.test`,
  });
  return { id: user._id.toHexString(), externalId, role, isActive: user.isActive };
}

/** One actor of each kind the contract distinguishes. */
export async function makeActors(): Promise<{
  admin: Actor;
  editor: Actor;
  normal: Actor;
  deactivated: Actor;
}> {
  return {
    admin: await makeActor('admin'),
    editor: await makeActor('editor'),
    normal: await makeActor('normal'),
    deactivated: await makeActor('editor', { isActive: false }),
  };
}
