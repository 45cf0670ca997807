import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access.js';
import { UserModel } from './model.js';
import {
  userIdFor,
  getMe,
  getUserByExternalId,
  listUsers,
  setUserRole,
  updateUser,
  upsertUserFromClaims,
} from './service.js';
import { makeActor, refusedUnlessAdmin, refusedUnlessSignedIn } from '../test-support/callers.js';
import { useTestActors } from '../test-support/database.js';

const { actors, who } = useTestActors();

const uid = (prefix = 'ext') => `${prefix}_${randomUUID().slice(0, 8)}`;

describe('upsertUserFromClaims', () => {
  it('when a user is seen for the first time, then it is created as an active normal user with the claims', async () => {
    const externalId = uid();
    const { user, actor } = await upsertUserFromClaims({
      externalId,
      name: 'Nina',
      email: 'nina@example.com',
      adminExternalIds: ['someone_else'],
    });
    expect(user).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      externalId,
      role: 'normal',
      isActive: true,
      name: 'Nina',
      email: 'nina@example.com',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(actor).toEqual({ id: user.id, externalId, role: 'normal', isActive: true });
  });

  it('when the id is listed as an admin id, then the user is created as admin', async () => {
    const externalId = uid();
    const { user } = await upsertUserFromClaims({
      externalId,
      adminExternalIds: ['x', externalId],
    });
    expect(user).toMatchObject({ role: 'admin', name: null, email: null });
  });

  it('when the user is seen again, then the same user comes back unchanged, and missing claims are filled in', async () => {
    const externalId = uid();
    const first = await upsertUserFromClaims({ externalId, adminExternalIds: [] });
    await UserModel.updateOne({ externalId }, { $set: { role: 'editor', isActive: false } });
    const again = await upsertUserFromClaims({
      externalId,
      name: 'Later Name',
      adminExternalIds: [externalId],
    });
    expect(again.user).toMatchObject({
      id: first.user.id,
      role: 'editor',
      isActive: false,
      name: 'Later Name',
    });
    expect(again.actor).toMatchObject({ role: 'editor', isActive: false });
    expect(await UserModel.countDocuments({ externalId })).toBe(1);
  });

  it('when 20 first sights of one id arrive at once, then exactly one user exists and all of them get it', async () => {
    const externalId = uid('race');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        upsertUserFromClaims({ externalId, name: 'Racer', adminExternalIds: [] }),
      ),
    );
    expect(new Set(results.map((r) => r.user.id)).size).toBe(1);
    expect(await UserModel.countDocuments({ externalId })).toBe(1);
  });

  it('when the externalId is empty, then it is a 400', async () => {
    await expect(
      upsertUserFromClaims({ externalId: '', adminExternalIds: [] }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('getMe', () => {
  it.each([['normal'], ['editor'], ['admin']] as const)(
    'when a %s user asks, then their own profile comes back',
    async (role) => {
      const me = await getMe({ actor: actors[role] });
      expect(me).toMatchObject({ id: actors[role].id, externalId: actors[role].externalId, role });
    },
  );

  it.each(refusedUnlessSignedIn)(
    'when %s asks, then it is refused with %i',
    async (_n, status, actor) => {
      await expect(getMe({ actor: who(actor) })).rejects.toMatchObject({ status });
    },
  );
});

describe('listUsers and getUserByExternalId', () => {
  let tag: string;
  let users: Actor[];
  beforeAll(async () => {
    tag = randomUUID().slice(0, 6);
    users = [];
    for (const [i, spec] of [
      {
        role: 'normal' as const,
        isActive: true,
        name: `Zed ${tag}`,
        email: `zed.${tag}@example.com`,
      },
      {
        role: 'editor' as const,
        isActive: true,
        name: `Amy ${tag}`,
        email: `amy+${tag}@example.org`,
      },
      {
        role: 'normal' as const,
        isActive: false,
        name: `Bo ${tag}`,
        email: `BO.${tag}@EXAMPLE.com`,
      },
    ].entries()) {
      const doc = await UserModel.create({ externalId: `list_${tag}_${i}`, ...spec });
      users.push({
        id: doc._id.toHexString(),
        externalId: doc.externalId,
        role: doc.role,
        isActive: doc.isActive,
      });
    }
  });

  it('when an admin searches by a name fragment in any case, then the matches come back oldest first', async () => {
    const page = await listUsers({ actor: actors.admin, query: { search: tag.toUpperCase() } });
    expect(page.items.map((u) => u.externalId)).toEqual(users.map((u) => u.externalId));
  });

  it('when the search has regex characters, then they are taken literally', async () => {
    const plus = await listUsers({ actor: actors.admin, query: { search: `amy+${tag}` } });
    expect(plus.items.map((u) => u.externalId)).toEqual([users[1]!.externalId]);
    const wildcard = await listUsers({ actor: actors.admin, query: { search: '.*' } });
    expect(wildcard.items).toEqual([]);
  });

  it('when an admin filters by role and isActive, then only matching users come back', async () => {
    const editors = await listUsers({
      actor: actors.admin,
      query: { search: tag, role: 'editor' },
    });
    expect(editors.items.map((u) => u.externalId)).toEqual([users[1]!.externalId]);
    const inactive = await listUsers({
      actor: actors.admin,
      query: { search: tag, isActive: false },
    });
    expect(inactive.items.map((u) => u.externalId)).toEqual([users[2]!.externalId]);
    const active = await listUsers({
      actor: actors.admin,
      query: { search: tag, isActive: true, limit: 1 },
    });
    expect(active.items.map((u) => u.externalId)).toEqual([users[0]!.externalId]);
    expect(active.pagination).toMatchObject({ total: 2, totalPages: 2, hasNextPage: true });
  });

  it.each([
    ['an unknown role', { role: 'owner' }],
    ['isActive yes', { isActive: 'yes' }],
    ['an object as search', { search: { $ne: 'x' } }],
    ['an unknown parameter', { email: 'x' }],
  ])('when the query has %s, then it is a 400', async (_n, query) => {
    await expect(listUsers({ actor: actors.admin, query })).rejects.toMatchObject({ status: 400 });
  });

  it.each(refusedUnlessAdmin)(
    'when %s lists or reads users, then it is refused with %i',
    async (_n, status, actor) => {
      await expect(listUsers({ actor: who(actor), query: {} })).rejects.toMatchObject({ status });
      await expect(
        getUserByExternalId({ actor: who(actor), externalId: users[0]!.externalId }),
      ).rejects.toMatchObject({ status });
    },
  );

  it('when an admin reads a user by externalId, then it comes back; an unknown one is a 404', async () => {
    const user = await getUserByExternalId({
      actor: actors.admin,
      externalId: users[1]!.externalId,
    });
    expect(user).toMatchObject({
      id: users[1]!.id,
      role: 'editor',
      email: `amy+${tag}@example.org`,
    });
    await expect(
      getUserByExternalId({ actor: actors.admin, externalId: 'nobody' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('updateUser', () => {
  it('when an admin changes a role and deactivates a user, then both are stored', async () => {
    const target = await makeActor('normal');
    const promoted = await updateUser({
      actor: actors.admin,
      externalId: target.externalId,
      input: { role: 'editor' },
    });
    expect(promoted).toMatchObject({ role: 'editor', isActive: true });
    const deactivated = await updateUser({
      actor: actors.admin,
      externalId: target.externalId,
      input: { isActive: false },
    });
    expect(deactivated).toMatchObject({ role: 'editor', isActive: false });
  });

  it.each([
    ['an unknown role', { role: 'owner' }],
    ['isActive as a string', { isActive: 'false' }],
    ['a name field', { name: 'Mallory' }],
    ['an externalId field', { externalId: 'other' }],
    ['nothing', {}],
  ])('when the body has %s, then it is a 400 and nothing changes', async (_n, input) => {
    const target = await makeActor('normal');
    await expect(
      updateUser({ actor: actors.admin, externalId: target.externalId, input }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await UserModel.findById(target.id).lean()).toMatchObject({
      role: 'normal',
      isActive: true,
    });
  });

  it.each(refusedUnlessAdmin)(
    'when %s updates a user, then it is refused with %i',
    async (_n, status, actor) => {
      const target = await makeActor('normal');
      await expect(
        updateUser({ actor: who(actor), externalId: target.externalId, input: { role: 'admin' } }),
      ).rejects.toMatchObject({ status });
      expect((await UserModel.findById(target.id).lean())?.role).toBe('normal');
    },
  );

  it('when the user does not exist, then it is a 404', async () => {
    await expect(
      updateUser({ actor: actors.admin, externalId: 'ghost', input: { role: 'editor' } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('setUserRole', () => {
  it('when the user is missing, then it is created with the role; when present, its role changes', async () => {
    const externalId = uid('cli');
    const created = await setUserRole({ externalId, role: 'editor' });
    expect(created).toMatchObject({ externalId, role: 'editor', isActive: true });
    const changed = await setUserRole({ externalId, role: 'admin' });
    expect(changed).toMatchObject({ id: created.id, role: 'admin' });
    expect(await UserModel.countDocuments({ externalId })).toBe(1);
  });

  it('when the role is unknown, then it is a 400', async () => {
    await expect(setUserRole({ externalId: uid('cli'), role: 'root' })).rejects.toMatchObject({
      status: 400,
    });
  });
});

// Runs last: it takes the admin role away from every other user so it controls the admin count.
describe('the last active admin', () => {
  async function onlyAdmins(count: number): Promise<Actor[]> {
    await UserModel.updateMany({ role: 'admin' }, { $set: { role: 'editor' } });
    const admins: Actor[] = [];
    for (let i = 0; i < count; i += 1) admins.push(await makeActor('admin'));
    return admins;
  }
  const activeAdmins = () => UserModel.countDocuments({ role: 'admin', isActive: true });

  it('when the only admin demotes or deactivates themself, then it is a 409 and they stay admin', async () => {
    const [admin] = await onlyAdmins(1);
    await expect(
      updateUser({ actor: admin!, externalId: admin!.externalId, input: { role: 'editor' } }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      details: [{ path: 'role' }],
    });
    await expect(
      updateUser({ actor: admin!, externalId: admin!.externalId, input: { isActive: false } }),
    ).rejects.toMatchObject({ status: 409, details: [{ path: 'isActive' }] });
    expect(await UserModel.findById(admin!.id).lean()).toMatchObject({
      role: 'admin',
      isActive: true,
    });
  });

  it('when two admins exist, then one may be demoted but not the other afterwards', async () => {
    const [a, b] = await onlyAdmins(2);
    await updateUser({ actor: a!, externalId: b!.externalId, input: { role: 'normal' } });
    await expect(
      updateUser({ actor: a!, externalId: a!.externalId, input: { role: 'normal' } }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await activeAdmins()).toBe(1);
  });

  it('when a deactivated admin exists, then it does not count as the remaining admin', async () => {
    const [a, b] = await onlyAdmins(2);
    await UserModel.updateOne({ _id: b!.id }, { $set: { isActive: false } });
    await expect(
      updateUser({ actor: a!, externalId: a!.externalId, input: { role: 'editor' } }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('when the last admin keeps the admin role and stays active, then the update is allowed', async () => {
    const [a] = await onlyAdmins(1);
    const same = await updateUser({
      actor: a!,
      externalId: a!.externalId,
      input: { role: 'admin', isActive: true },
    });
    expect(same).toMatchObject({ role: 'admin', isActive: true });
  });

  it('when admins demote each other at the same moment, then at least one active admin always remains', async () => {
    for (let round = 0; round < 10; round += 1) {
      const admins = await onlyAdmins(3);
      const results = await Promise.allSettled(
        admins.map((actor, i) =>
          updateUser({
            actor,
            externalId: admins[(i + 1) % admins.length]!.externalId,
            input: i % 2 ? { isActive: false } : { role: 'normal' },
          }),
        ),
      );
      expect(await activeAdmins()).toBeGreaterThanOrEqual(1);
      const refused = results.filter((r) => r.status === 'rejected');
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const r of refused)
        expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    }
  }, 60_000);
});

describe('userIdFor', () => {
  it('when a user is first seen, then its id is derived from the externalId, so it is read by primary key', async () => {
    const { user } = await upsertUserFromClaims({ externalId: 'derived_id_user' });
    expect(user.id).toBe(userIdFor('derived_id_user').toHexString());
    expect(userIdFor('derived_id_user').toHexString()).not.toBe(
      userIdFor('derived_id_user2').toHexString(),
    );
  });

  it('when a user was stored with another id, then it is still found by its externalId and not duplicated', async () => {
    // Through the model on purpose: the service would give the user its id derived from externalId.
    await UserModel.create({ externalId: 'legacy_user', role: 'editor', isActive: true });
    const { user } = await upsertUserFromClaims({ externalId: 'legacy_user' });
    expect(user.role).toBe('editor');
    expect(user.id).not.toBe(userIdFor('legacy_user').toHexString());
    expect(await UserModel.countDocuments({ externalId: 'legacy_user' })).toBe(1);
    const promoted = await setUserRole({ externalId: 'legacy_user', role: 'admin' });
    expect(promoted).toMatchObject({ id: user.id, role: 'admin' });
  });
});
