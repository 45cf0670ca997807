// me, users, user(externalId) and updateUser through the graph.
import { makeActor as makeUser, uid as tag, UserModel } from '@qpc/domain/testing';
import { tokenFor } from '@qpc/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { useGateway } from './support/suite.js';
import { ADMINS, CALLERS, MEMBERS, refusalCode, roleMatrix } from './support/matrix.js';

const { gw, callers } = useGateway();

const USER_FIELDS = 'id externalId role isActive name email createdAt updatedAt';

describe('me', () => {
  for (const caller of CALLERS) {
    const isAllowed = MEMBERS.includes(caller);
    it(`when ${caller} asks for me, then ${isAllowed ? 'their own profile comes' : `${refusalCode(caller)} and null`}`, async () => {
      const { body } = await gw.gql(
        `{ me { ${USER_FIELDS} } }`,
        undefined,
        callers.headers(caller),
      );
      if (isAllowed) {
        expect(body.errors).toBeUndefined();
        expect(body.data.me).toMatchObject({
          externalId: callers.sub(caller as 'normal'),
          role: caller.toUpperCase(),
          isActive: true,
        });
      } else {
        expect(body.data).toEqual({ me: null });
        expect(body.errors[0].extensions.code).toBe(refusalCode(caller));
      }
    });
  }

  it('when a token comes for the first time with name and email claims, then the user is created as normal', async () => {
    const sub = `first_${tag()}`;
    const token = await tokenFor({ sub, name: 'Ada Lovelace', email: 'ada@example.test' });
    const { body } = await gw.gql('{ me { externalId role isActive name email } }', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(body.data.me).toEqual({
      externalId: sub,
      role: 'NORMAL',
      isActive: true,
      name: 'Ada Lovelace',
      email: 'ada@example.test',
    });
  });
});

describe('users and user(externalId)', () => {
  for (const caller of CALLERS) {
    const isAllowed = ADMINS.includes(caller);
    it(`when ${caller} lists users, then ${isAllowed ? 'the list comes' : `${refusalCode(caller)} and no data`}`, async () => {
      const { body } = await gw.gql(
        '{ users { items { id } pagination { total } } }',
        undefined,
        callers.headers(caller),
      );
      if (isAllowed) {
        expect(body.errors).toBeUndefined();
        expect(body.data.users.pagination.total).toBeGreaterThanOrEqual(4);
      } else {
        expect(body.data).toBeNull();
        expect(body.errors[0].extensions.code).toBe(refusalCode(caller));
      }
    });

    it(`when ${caller} reads a user by externalId, then ${isAllowed ? 'the user comes' : refusalCode(caller)}`, async () => {
      const target = await makeUser('editor');
      const { body } = await gw.gql(
        `query ($e: NonEmptyString!) { user(externalId: $e) { ${USER_FIELDS} } }`,
        { e: target.externalId },
        callers.headers(caller),
      );
      if (isAllowed) {
        expect(body.data.user).toMatchObject({
          id: target.id,
          externalId: target.externalId,
          role: 'EDITOR',
          isActive: true,
        });
      } else {
        expect(body.data).toEqual({ user: null });
        expect(body.errors[0].extensions.code).toBe(refusalCode(caller));
      }
    });
  }

  it('when users are filtered by role, isActive and search, then only matching users come', async () => {
    const t = tag();
    await UserModel.create([
      {
        externalId: `a_${t}`,
        role: 'editor',
        isActive: true,
        name: `Grace ${t}`,
        email: `grace_${t}@example.test`,
      },
      {
        externalId: `b_${t}`,
        role: 'normal',
        isActive: true,
        name: `Alan ${t}`,
        email: `alan_${t}@example.test`,
      },
      {
        externalId: `c_${t}`,
        role: 'editor',
        isActive: false,
        name: `Edsger ${t}`,
        email: `edsger_${t}@example.test`,
      },
    ]);
    const query =
      'query ($r: Role, $a: Boolean, $s: String) { users(role: $r, isActive: $a, search: $s) { items { externalId } } }';
    const list = async (variables: Record<string, unknown>) =>
      (
        await gw.gql(query, { s: t, ...variables }, callers.headers('admin'))
      ).body.data.users.items.map((u: { externalId: string }) => u.externalId);
    expect(await list({ r: 'EDITOR' })).toEqual([`a_${t}`, `c_${t}`]);
    expect(await list({ r: 'EDITOR', a: true })).toEqual([`a_${t}`]);
    expect(await list({ a: false })).toEqual([`c_${t}`]);
    expect(await list({ s: `alan_${t}` })).toEqual([`b_${t}`]);
  });

  it('when an unknown externalId is read, then NOT_FOUND', async () => {
    const { body } = await gw.gql(
      '{ user(externalId: "nobody-here") { id } }',
      undefined,
      callers.headers('admin'),
    );
    expect(body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('updateUser', () => {
  roleMatrix({ gw, callers }, [
    {
      field: 'updateUser',
      allowed: ADMINS,
      arrange: async () => {
        const target = await makeUser('normal');
        return {
          query:
            'mutation ($e: NonEmptyString!) { updateUser(externalId: $e, input: { role: EDITOR }) { externalId role } }',
          variables: { e: target.externalId },
          tookEffect: async () =>
            (await UserModel.findOne({ externalId: target.externalId }).lean())?.role === 'editor',
        };
      },
    },
  ]);

  it('when an admin deactivates a user, then that user is refused with FORBIDDEN on their next request', async () => {
    const target = await makeUser('editor');
    const headers = { authorization: `Bearer ${await tokenFor(target.externalId)}` };
    expect((await gw.gql('{ me { id } }', undefined, headers)).body.data.me.id).toBe(target.id);
    const { body } = await gw.gql(
      'mutation ($e: NonEmptyString!) { updateUser(externalId: $e, input: { isActive: false }) { isActive } }',
      { e: target.externalId },
      callers.headers('admin'),
    );
    expect(body.data.updateUser).toEqual({ isActive: false });
    const after = await gw.gql('{ me { id } }', undefined, headers);
    expect(after.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('when the input is empty, then BAD_USER_INPUT', async () => {
    const target = await makeUser('normal');
    const { body } = await gw.gql(
      'mutation ($e: NonEmptyString!) { updateUser(externalId: $e, input: {}) { id } }',
      { e: target.externalId },
      callers.headers('admin'),
    );
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
