import { generateKeyPairSync } from 'node:crypto';
import { uid, UserModel } from '@qpc/domain/testing';
import { signSessionToken } from '@qpc/server-kit';
import { tokenFor } from '@qpc/server-kit/testing';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { client } from './support/api.js';
import { startApp, useApp } from './support/harness.js';

const now = () => Math.floor(Date.now() / 1000);
const PUBLIC = '/universities';
const PRIVATE = '/users/me';

describe('authentication', () => {
  const { app, call } = useApp();

  const expect401Everywhere = async (authorization: string) => {
    // The OpenAPI document and the docs page never read the caller (contract): not here.
    for (const path of [PUBLIC, PRIVATE]) {
      const res = await call('GET', path, { headers: { authorization } });
      expect(res.status, `${path} with ${authorization.slice(0, 30)}`).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHENTICATED');
    }
  };

  it('when no token is sent, then public reads answer 200 and authenticated routes 401', async () => {
    expect((await call('GET', PUBLIC)).status).toBe(200);
    const me = await call('GET', PRIVATE);
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe('UNAUTHENTICATED');
    expect((await call('POST', '/subjects', { body: { name: 'x' } })).status).toBe(401);
  });

  it('when a valid token is sent, then the authenticated route answers 200', async () => {
    const res = await call('GET', PRIVATE, { token: await tokenFor(`user_${uid()}`) });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a scheme other than Bearer', 'Basic dXNlcjpwYXNz'],
    ['Bearer without a token', 'Bearer'],
    ['a token that is not a JWT', 'Bearer not-a-jwt'],
    ['a JWT with a garbage signature', 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
    ['two tokens', 'Bearer a.b.c d.e.f'],
  ])(
    'when the header is %s, then 401 on any route, public ones included',
    async (_case, header) => {
      await expect401Everywhere(header);
    },
  );

  it('when the token is signed with another key, then 401 on any route', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    await expect401Everywhere(
      `Bearer ${await signSessionToken(privateKey, { sub: `user_${uid()}` })}`,
    );
  });

  it('when the token is unsigned (alg none) or HMAC-signed, then 401 on any route', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: 'user_none', iat: now(), exp: now() + 600 })}.`;
    await expect401Everywhere(`Bearer ${unsigned}`);
    const hmac = await new SignJWT({ sub: 'user_hmac' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a shared secret that nobody configured'));
    await expect401Everywhere(`Bearer ${hmac}`);
  });

  it('when the token has expired, then 401 on any route', async () => {
    const token = await tokenFor(`user_${uid()}`, {
      issuedAt: now() - 7200,
      expiresInSeconds: 3600,
    });
    await expect401Everywhere(`Bearer ${token}`);
  });

  it('when the token is not valid yet (nbf a minute ahead), then 401 on any route; within the 5 s skew it passes', async () => {
    await expect401Everywhere(
      `Bearer ${await tokenFor(`user_${uid()}`, { notBefore: now() + 60 })}`,
    );
    const almost = await tokenFor(`user_${uid()}`, { notBefore: now() + 2 });
    expect((await call('GET', PRIVATE, { token: almost })).status).toBe(200);
  });

  it('when a token that was accepted expires, then it is refused from then on (a verified token is remembered only until its exp)', async () => {
    const exp = now() + 2;
    const token = await tokenFor(`user_${uid()}`, { issuedAt: exp - 3600, expiresInSeconds: 3600 });
    expect((await call('GET', PRIVATE, { token })).status).toBe(200);
    expect((await call('GET', PRIVATE, { token })).status).toBe(200);
    // Past exp and Clerk's 5 s clock skew, with a margin.
    await new Promise((resolve) => setTimeout(resolve, (exp + 6) * 1000 - Date.now()));
    await expect401Everywhere(`Bearer ${token}`);
  });

  it('when nothing was accepted, then no user was created for a bad token', async () => {
    const sub = `user_never_${uid()}`;
    await call('GET', PUBLIC, {
      token: await tokenFor(sub, { issuedAt: now() - 7200, expiresInSeconds: 60 }),
    });
    expect(await UserModel.countDocuments({ externalId: sub })).toBe(0);
  });

  describe('with CLERK_AUTHORIZED_PARTIES', () => {
    const { call: strictCall } = useApp(
      { CLERK_AUTHORIZED_PARTIES: 'https://app.example.com,https://admin.example.com' },
      { shareDatabaseWith: app },
    );

    it('when the azp claim is another party, then 401 on any route', async () => {
      const token = await tokenFor({ sub: `user_${uid()}`, azp: 'https://evil.example.com' });
      for (const path of [PUBLIC, PRIVATE]) {
        const res = await strictCall('GET', path, { token });
        expect(res.status).toBe(401);
      }
    });

    it('when the azp claim is an authorized party, then it is accepted', async () => {
      const token = await tokenFor({ sub: `user_${uid()}`, azp: 'https://admin.example.com' });
      expect((await strictCall('GET', PRIVATE, { token })).status).toBe(200);
    });
  });

  describe('with ADMIN_EXTERNAL_IDS', () => {
    it('when a listed id is seen for the first time, then it is created as admin', async () => {
      const boss = `boss_${uid()}`;
      const withAdmins = await startApp(
        { ADMIN_EXTERNAL_IDS: `someone_else,${boss}` },
        { shareDatabaseWith: app },
      );
      try {
        const res = await client(withAdmins.url)('GET', '/users', { token: await tokenFor(boss) });
        expect(res.status).toBe(200);
        expect((await UserModel.findOne({ externalId: boss }).lean())!.role).toBe('admin');
      } finally {
        await withAdmins.close();
      }
    });
  });
});
