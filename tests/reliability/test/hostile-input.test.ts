import { createHmac } from 'node:crypto';
import { testKeys, tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_SUB, baseEnv, startService } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';

function b64url(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString(
    'base64url',
  );
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

/** Hand-made tokens that a careless verifier would accept. */
function forgedTokens(): Record<string, string> {
  const claims = { sub: ADMIN_SUB, iat: now(), nbf: now() - 5, exp: now() + 600 };
  const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
  const hsInput = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}`;
  // The classic confusion attack: HMAC keyed with the server's public key.
  const hs256 = `${hsInput}.${createHmac('sha256', testKeys().publicKeyPem).update(hsInput).digest('base64url')}`;
  return { 'alg none': none, 'HS256 with the public key': hs256 };
}

describe('hostile input against both apps', () => {
  let rest: ServiceProcess;
  let gql: ServiceProcess;
  let admin: string;

  beforeAll(async () => {
    const env = baseEnv({ MONGODB_URI: `${inject('mongoUri')}hostile` });
    rest = await startService('rest-api', env);
    gql = await startService('graphql-gateway', env);
    admin = await tokenFor(ADMIN_SUB);
  });
  afterAll(async () => {
    await rest?.stop();
    await gql?.stop();
  });

  async function restCall(
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ) {
    const res = await fetch(`${rest.url}/api/v1${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${admin}`,
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  }

  async function gqlCall(query: string, variables?: unknown, token: string | null = admin) {
    const res = await fetch(`${gql.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  }

  describe('tokens', () => {
    const cases = async () => ({
      ...forgedTokens(),
      'future nbf': await tokenFor(ADMIN_SUB, { notBefore: now() + 600 }),
      'no sub': await (async () => {
        const { SignJWT, importPKCS8 } = await import('jose');
        const key = await importPKCS8(testKeys().privateKeyPem, 'RS256');
        return new SignJWT({ name: 'nobody' })
          .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
          .setIssuedAt()
          .setNotBefore(now() - 5)
          .setExpirationTime(now() + 600)
          .sign(key);
      })(),
    });

    it('when forged or invalid tokens are sent, then both apps answer 401 UNAUTHENTICATED, public routes included', async () => {
      for (const [name, token] of Object.entries(await cases())) {
        const publicRead = await fetch(`${rest.url}/api/v1/universities`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(publicRead.status, name).toBe(401);
        expect(((await publicRead.json()) as any).error.code, name).toBe('UNAUTHENTICATED');
        const write = await restCall('POST', '/universities', {
          body: JSON.stringify({ name: 'Forged', shortName: 'F' }),
          headers: { authorization: `Bearer ${token}` },
        });
        expect(write.status, name).toBe(401);
        const graph = await gqlCall('{ health { status } }', undefined, token);
        expect(graph.status, name).toBe(401);
      }
      const list = await restCall('GET', '/universities?search=Forged');
      expect(list.body.data).toEqual([]);
    });
  });

  it('when operators are injected into query strings, then 400 and no filter bypass', async () => {
    for (const path of [
      '/universities?search[$ne]=x',
      '/universities?isActive[$ne]=true',
      '/papers?examYear[$gt]=0',
      '/universities?search=a&search=b',
    ]) {
      const res = await restCall('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe('VALIDATION_ERROR');
    }
  });

  it('when operators or prototype keys are in a body, then 400 and nothing is stored', async () => {
    const bodies = [
      '{"name":{"$gt":""},"shortName":"X"}',
      '{"name":"Proto","shortName":"P","__proto__":{"polluted":true}}',
      '{"name":"Ctor","shortName":"C","constructor":{"prototype":{"polluted":true}}}',
      '{"name":"Mass","shortName":"M","isActive":false,"deletedAt":null,"createdAt":"2000-01-01T00:00:00.000Z"}',
      '{"name":"Mass2","shortName":"M","id":"000000000000000000000000"}',
    ];
    for (const body of bodies) {
      const res = await restCall('POST', '/universities', { body });
      expect(res.status, body).toBe(400);
      expect(res.body.error.code, body).toBe('VALIDATION_ERROR');
    }
    const list = await restCall('GET', '/universities?isActive=all&limit=100');
    const names = (list.body.data as { name: string }[]).map((u) => u.name);
    for (const name of ['Proto', 'Ctor', 'Mass', 'Mass2']) expect(names).not.toContain(name);
    expect(JSON.stringify(list.body)).not.toContain('polluted');
  });

  it('when a GraphQL input carries unknown or prototype keys, then it is refused and nothing is stored', async () => {
    const res = await gqlCall(
      'mutation ($input: CreateUniversityInput!) { createUniversity(input: $input) { id } }',
      {
        input: { name: 'GQL Proto', shortName: 'G', __proto__: { polluted: true }, role: 'admin' },
      },
    );
    expect(res.body.errors?.length).toBeGreaterThan(0);
    const list = await restCall('GET', '/universities?search=GQL%20Proto');
    expect(list.body.data).toEqual([]);
  });

  it('when a search string carries a NUL byte, then 400 on every list, REST and GraphQL (a regex cannot hold one)', async () => {
    for (const path of ['/universities', '/branches', '/subjects', '/users']) {
      const res = await restCall('GET', `${path}?search=a%00b`);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe('VALIDATION_ERROR');
    }
    const graph = await gqlCall(
      'query ($s: String) { universities(search: $s) { items { id } } }',
      { s: 'a\u0000b' },
    );
    expect(graph.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('when a search string is very long or full of regex characters, then it is capped or taken literally', async () => {
    expect((await restCall('GET', `/universities?search=${'a'.repeat(5000)}`)).status).toBe(400);
    const literal = await restCall(
      'GET',
      `/universities?search=${encodeURIComponent('.*(a+)+$[')}`,
    );
    expect(literal.status).toBe(200);
    expect(literal.body.data).toEqual([]);
  });

  it('when the body is not JSON, not UTF-8 or absurdly nested, then 400 and the process keeps serving', async () => {
    const wrongType = await fetch(`${rest.url}/api/v1/universities`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain' },
      body: '{"name":"Text","shortName":"T"}',
    });
    expect(wrongType.status).toBe(400);
    const invalidUtf8 = await fetch(`${rest.url}/api/v1/universities`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from('","shortName":"U"}'),
      ]),
    });
    expect([400]).toContain(invalidUtf8.status);
    const nested = await restCall('POST', '/universities', {
      body: `${'['.repeat(40_000)}${']'.repeat(40_000)}`,
    });
    expect(nested.status).toBe(400);
    const deepObject = await restCall('POST', '/universities', {
      body: `{"name":"D","shortName":"D","x":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
    });
    expect(deepObject.status).toBe(400);
    expect((await fetch(`${rest.url}/api/v1/health`)).status).toBe(200);
  });

  it('when X-HTTP-Method-Override asks for DELETE, then it is ignored', async () => {
    const created = await restCall('POST', '/universities', {
      body: JSON.stringify({ name: 'Override Target', shortName: 'OT' }),
    });
    expect(created.status).toBe(201);
    const res = await restCall('POST', `/universities/${created.body.data.id}`, {
      body: '{}',
      headers: { 'x-http-method-override': 'DELETE' },
    });
    // The path is known and POST is not one of its methods: 405, and the override is not obeyed.
    expect(res.status).toBe(405);
    const still = await restCall('GET', `/universities/${created.body.data.slug}`);
    expect(still.status).toBe(200);
    expect(still.body.data.isActive).toBe(true);
  });
});
