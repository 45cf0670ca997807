// Each failure class and its extensions.code, in and around the resolvers (outside production).
import { createBranch, createSemester, createUniversity } from '@qpc/domain';
import { uid as tag, UniversityModel } from '@qpc/domain/testing';
import { socketEndedByPeerError, tokenFor } from '@qpc/server-kit/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathsOfRefusals } from './support/harness.js';
import { useGateway } from './support/suite.js';

const { gw, callers, admin } = useGateway();

afterEach(() => {
  vi.restoreAllMocks();
});

async function post(body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${gw.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

describe('errors in resolvers', () => {
  it('when an anonymous caller writes, then UNAUTHENTICATED with the request id of the response', async () => {
    const { status, headers, body } = await post(
      JSON.stringify({ query: 'mutation { createSubject(input: { name: "X" }) { id } } ' }),
    );
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(body.errors[0]).toMatchObject({
      message: 'Authentication required',
      path: ['createSubject'],
      extensions: { code: 'UNAUTHENTICATED', requestId: headers.get('x-request-id') },
    });
  });

  it('when a normal user or a deactivated editor writes, then FORBIDDEN', async () => {
    for (const caller of ['normal', 'deactivated'] as const) {
      const { body } = await gw.gql(
        'mutation { createSubject(input: { name: "X" }) { id } }',
        undefined,
        callers.headers(caller),
      );
      expect(body.errors[0].extensions.code, caller).toBe('FORBIDDEN');
    }
  });

  it('when several values of an input are refused, then BAD_USER_INPUT names every field path', async () => {
    const { body } = await gw.gql(
      'mutation { createUniversity(input: { name: "  ", shortName: "", slug: "Not A Slug" }) { id } }',
      undefined,
      callers.headers('admin'),
    );
    expect(pathsOfRefusals(body.errors)).toEqual(['name', 'shortName', 'slug']);
  });

  it('when a variable has the wrong type, then 400 BAD_USER_INPUT before any resolver runs', async () => {
    const { status, body } = await gw.gql(
      'query ($n: PageSize) { universities(limit: $n) { items { id } } }',
      { n: 'ten' },
    );
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('when a slug does not exist, then NOT_FOUND', async () => {
    const { body } = await gw.gql('{ subject(slug: "does-not-exist") { id } }');
    expect(body.errors[0]).toMatchObject({
      message: 'Subject not found',
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('when an explicit slug is taken, then CONFLICT naming slug', async () => {
    const slug = `taken-${tag()}`;
    await createUniversity({ actor: admin, input: { name: 'First', shortName: 'F', slug } });
    const { body } = await gw.gql(
      'mutation ($slug: Slug) { createUniversity(input: { name: "Second", shortName: "S", slug: $slug }) { id } }',
      { slug },
      callers.headers('admin'),
    );
    expect(body.errors[0].extensions).toMatchObject({
      code: 'CONFLICT',
      details: [{ path: 'slug', message: 'already taken' }],
    });
    expect(await UniversityModel.countDocuments({ slug })).toBe(1);
  });

  it('when a branch with semesters is deleted, then CONFLICT saying which dependents remain', async () => {
    const uni = await createUniversity({
      actor: admin,
      input: { name: `U ${tag()}`, shortName: 'U' },
    });
    const branch = await createBranch({
      actor: admin,
      input: { universityId: uni.id, name: 'Busy' },
    });
    await createSemester({ actor: admin, input: { branchId: branch.id, number: 1 } });
    const { body } = await gw.gql(
      'mutation ($id: ObjectID!) { deleteBranch(id: $id) }',
      { id: branch.id },
      callers.headers('admin'),
    );
    expect(body.errors[0].extensions.code).toBe('CONFLICT');
    expect(body.errors[0].message).toMatch(/1 semester/);
  });

  it('when a resolver fails unexpectedly outside production, then INTERNAL_SERVER_ERROR with the message, logged with stack', async () => {
    vi.spyOn(UniversityModel, 'countDocuments').mockImplementationOnce(
      () => Promise.reject(new Error('disk on fire')) as never,
    );
    const { body } = await gw.gql('{ universities { items { id } } }');
    expect(body.errors[0]).toMatchObject({
      message: 'disk on fire',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(JSON.stringify(body)).not.toContain('stacktrace');
    const logged = gw
      .logs()
      .find((line) => (line.err as { message?: string } | undefined)?.message === 'disk on fire');
    expect(logged).toMatchObject({
      level: 50,
      path: '/graphql',
      method: 'POST',
      code: 'INTERNAL_ERROR',
    });
    expect((logged?.err as { stack: string }).stack).toMatch(/^Error: disk on fire\n\s+at /);
  });
});

describe('database outages in resolvers', () => {
  it('when the driver lets a raw EPIPE through (the database died between two commands), then SERVICE_UNAVAILABLE, not INTERNAL_SERVER_ERROR', async () => {
    vi.spyOn(UniversityModel, 'countDocuments').mockRejectedValueOnce(
      await socketEndedByPeerError(),
    );
    const { body } = await gw.gql('{ universities { items { id } } }');
    expect(body.errors[0].extensions.code, JSON.stringify(body)).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('errors before the resolvers (HTTP layer)', () => {
  it('when the token is invalid, then 401 with a GraphQL error only (no REST envelope)', async () => {
    const { status, headers, body } = await post(
      JSON.stringify({ query: '{ health { status } }' }),
      { authorization: 'Bearer aaa.bbb.ccc' },
    );
    expect(status).toBe(401);
    expect(body).toEqual({
      errors: [
        {
          message: expect.any(String),
          extensions: { code: 'UNAUTHENTICATED', requestId: headers.get('x-request-id') },
        },
      ],
    });
  });

  it('when the token has expired or the header is not Bearer, then 401 UNAUTHENTICATED', async () => {
    const expired = await tokenFor(callers.sub('admin'), {
      issuedAt: Math.floor(Date.now() / 1000) - 7200,
      expiresInSeconds: 60,
    });
    for (const authorization of [`Bearer ${expired}`, 'Basic dXNlcjpwYXNz']) {
      const { status, body } = await post(JSON.stringify({ query: '{ me { id } }' }), {
        authorization,
      });
      expect(status, authorization).toBe(401);
      expect(body.errors[0].extensions.code, authorization).toBe('UNAUTHENTICATED');
    }
  });

  it('when the body is not JSON, then 400 BAD_USER_INPUT', async () => {
    const malformed = await post('{"query": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{ health { status } }',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('when a persisted-query hash does not match its query, then 400 BAD_REQUEST, logged as a warning, not an error', async () => {
    const { status, headers, body } = await post(
      JSON.stringify({
        query: '{ health { status } }',
        extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } },
      }),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      errors: [
        {
          message: expect.stringMatching(/sha does not match/),
          extensions: { code: 'BAD_REQUEST', requestId: headers.get('x-request-id') },
        },
      ],
    });
    const logged = gw.logs().filter((line) => line.reqId === headers.get('x-request-id'));
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line.level, JSON.stringify(line)).toBeLessThan(50);
  });

  it('when a persisted query names an unsupported version, then 400 BAD_REQUEST', async () => {
    const { status, body } = await post(
      JSON.stringify({
        query: '{ health { status } }',
        extensions: { persistedQuery: { version: 2, sha256Hash: 'a'.repeat(64) } },
      }),
    );
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }, '{ health { status } }', 400],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }, '--x--', 400],
    ['an empty JSON object', { 'content-type': 'application/json' }, '{}', 400],
    ['a JSON string', { 'content-type': 'application/json' }, '"x"', 400],
  ])(
    'when the request body is %s, then a client error in GraphQL shape only',
    async (_name, headers, body, expected) => {
      const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers, body });
      expect(res.status).toBe(expected);
      const json = (await res.json()) as any;
      expect(Object.keys(json)).toEqual(['errors']);
      expect(['BAD_USER_INPUT', 'BAD_REQUEST']).toContain(json.errors[0].extensions.code);
      expect(json.errors[0].extensions.requestId).toBe(res.headers.get('x-request-id'));
    },
  );

  it.each(['gzip', 'br', 'deflate', 'compress'])(
    'when the body claims Content-Encoding %s but is plain JSON, then 400 BAD_USER_INPUT, not 500',
    async (encoding) => {
      const { status, body } = await post(JSON.stringify({ query: '{ health { status } }' }), {
        'content-encoding': encoding,
      });
      expect(status).toBe(400);
      expect(Object.keys(body)).toEqual(['errors']);
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    },
  );

  it('when a path carries a malformed percent-encoding, then no 500', async () => {
    for (const path of ['/graphql/%ff', '/graphiql/assets/%ff', '/api/v1/universities/%ff']) {
      const res = await fetch(`${gw.url}${path}`);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('when the body is larger than BODY_LIMIT, then 413 with a GraphQL error', async () => {
    const { status, body } = await post(
      JSON.stringify({ query: `{ health { status } } # ${'x'.repeat(gw.config.bodyLimitBytes)}` }),
    );
    expect(status).toBe(413);
    expect(Object.keys(body)).toEqual(['errors']);
    expect(body.errors[0]).toMatchObject({
      message: 'Request body is too large',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
