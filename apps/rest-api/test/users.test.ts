import { userSchema } from '@qpc/domain/schemas';
import { makeUser, uid, UserModel } from '@qpc/domain/testing';
import { tokenFor } from '@qpc/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

describe('users', () => {
  const { call, admin } = useApp();

  it('when a new token is seen, then the user is created as normal with name and email from the claims, and /users/me returns it', async () => {
    const sub = `user_first_${uid()}`;
    const token = await tokenFor({ sub, name: 'Asha Rao', email: 'asha@example.test' });
    const res = await call('GET', '/users/me', { token });
    expect(res.status).toBe(200);
    expect(userSchema.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data).toMatchObject({
      externalId: sub,
      role: 'normal',
      isActive: true,
      name: 'Asha Rao',
      email: 'asha@example.test',
    });
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(await UserModel.countDocuments({ externalId: sub })).toBe(1);
  });

  it('when an admin lists users with each filter, then only matching users come back, oldest first, paginated', async () => {
    const tag = uid();
    const editor = await makeUser('editor', { sub: `u_${tag}_editor` });
    const normal = await makeUser('normal', { sub: `u_${tag}_normal` });
    const gone = await makeUser('normal', { sub: `u_${tag}_gone`, isActive: false });
    await UserModel.updateMany(
      { externalId: { $regex: tag } },
      { $set: { email: `${tag}@example.test` } },
    );
    const subs = async (query: string) =>
      (await call('GET', `/users?search=${tag}${query}`, { token: admin.token })).body.data.map(
        (u: { externalId: string }) => u.externalId,
      );
    expect(await subs('')).toEqual([editor.sub, normal.sub, gone.sub]);
    expect(await subs('&role=editor')).toEqual([editor.sub]);
    expect(await subs('&role=normal')).toEqual([normal.sub, gone.sub]);
    expect(await subs('&isActive=false')).toEqual([gone.sub]);
    expect(await subs('&isActive=true&role=normal')).toEqual([normal.sub]);
    const paged = await call('GET', `/users?search=${tag}&limit=2&page=2`, { token: admin.token });
    expect(paged.body.data.map((u: { externalId: string }) => u.externalId)).toEqual([gone.sub]);
    expect(paged.body.pagination).toEqual({
      page: 2,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNextPage: false,
      hasPrevPage: true,
    });
  });

  it('when the search matches a name, then it is found; regex characters are literal', async () => {
    const tag = uid();
    const user = await makeUser('normal');
    await UserModel.updateOne({ externalId: user.sub }, { $set: { name: `R. (Kumar)+ ${tag}` } });
    const found = await call('GET', `/users?search=${encodeURIComponent(`(Kumar)+ ${tag}`)}`, {
      token: admin.token,
    });
    expect(found.body.data.map((u: { externalId: string }) => u.externalId)).toEqual([user.sub]);
    const none = await call('GET', `/users?search=${encodeURIComponent(`R.*${tag}`)}`, {
      token: admin.token,
    });
    expect(none.body.data).toEqual([]);
  });

  it.each([
    ['role=owner'],
    ['isActive=yes'],
    ['page=0'],
    ['limit=101'],
    ['role=admin&role=normal'],
    ['email=x'],
  ])('when the list query is %s, then 400', async (query) => {
    expect((await call('GET', `/users?${query}`, { token: admin.token })).status).toBe(400);
  });

  it('when an admin reads a user by externalId, then 200; an unknown one, then 404', async () => {
    const user = await makeUser('editor');
    const res = await call('GET', `/users/${user.sub}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      externalId: user.sub,
      role: 'editor',
      id: user.actor.id,
    });
    expect((await call('GET', `/users/nobody_${uid()}`, { token: admin.token })).status).toBe(404);
  });

  it('when an admin promotes a normal user to editor, then that user may create catalog entries', async () => {
    const user = await makeUser('normal');
    const create = () =>
      call('POST', '/subjects', { token: user.token, body: { name: `Promoted ${uid()}` } });
    expect((await create()).status).toBe(403);
    const res = await call('PATCH', `/users/${user.sub}`, {
      token: admin.token,
      body: { role: 'editor' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('editor');
    expect((await create()).status).toBe(201);
  });

  it('when an admin deactivates a user, then that token gets 403 on authenticated routes and is served as anonymous on public reads', async () => {
    const user = await makeUser('editor');
    const res = await call('PATCH', `/users/${user.sub}`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.isActive).toBe(false);
    const me = await call('GET', '/users/me', { token: user.token });
    expect(me.status).toBe(403);
    expect(me.body.error.code).toBe('FORBIDDEN');
    expect(
      (await call('POST', '/subjects', { token: user.token, body: { name: 'X' } })).status,
    ).toBe(403);
    expect((await call('GET', '/subjects', { token: user.token })).status).toBe(200);
    const reactivated = await call('PATCH', `/users/${user.sub}`, {
      token: admin.token,
      body: { isActive: true },
    });
    expect(reactivated.body.data.isActive).toBe(true);
    expect((await call('GET', '/users/me', { token: user.token })).status).toBe(200);
  });

  it.each([
    ['an unknown role', { role: 'owner' }],
    ['an empty body', {}],
    ['a field admins may not set here', { name: 'New name' }],
    ['isActive as a string', { isActive: 'false' }],
  ])('when the update body has %s, then 400', async (_case, body) => {
    const user = await makeUser('normal');
    expect((await call('PATCH', `/users/${user.sub}`, { token: admin.token, body })).status).toBe(
      400,
    );
  });

  it('when the user to update does not exist, then 404', async () => {
    expect(
      (
        await call('PATCH', `/users/nobody_${uid()}`, {
          token: admin.token,
          body: { role: 'editor' },
        })
      ).status,
    ).toBe(404);
  });

  it('when another active admin exists, then an admin may be demoted; the last active admin cannot be demoted or deactivated (409)', async () => {
    // Arrange: exactly two active admins in this database.
    await UserModel.updateMany({ role: 'admin' }, { $set: { role: 'normal' } });
    const first = await makeUser('admin');
    const second = await makeUser('admin');
    const demoted = await call('PATCH', `/users/${second.sub}`, {
      token: first.token,
      body: { role: 'editor' },
    });
    expect(demoted.status).toBe(200);

    const demoteSelf = await call('PATCH', `/users/${first.sub}`, {
      token: first.token,
      body: { role: 'normal' },
    });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body.error.code).toBe('CONFLICT');
    const deactivateSelf = await call('PATCH', `/users/${first.sub}`, {
      token: first.token,
      body: { isActive: false },
    });
    expect(deactivateSelf.status).toBe(409);
    expect(await UserModel.findOne({ externalId: first.sub }).lean()).toMatchObject({
      role: 'admin',
      isActive: true,
    });
    Object.assign(admin, first);
  });
});
