// In production: no introspection, no suggestions, no landing page, masked 5xx messages reported
// to Sentry, client errors shown as they are.
import { markDatabaseRecovered, initSentry } from '@qpc/server-kit';
import { UniversityModel } from '@qpc/domain/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGateway } from './support/harness.js';
import type { RunningGateway } from './support/harness.js';

let gw: RunningGateway;
const envelopes: unknown[] = [];

/** An in-process Sentry transport: keeps every envelope instead of sending it. */
const transport = () => ({
  send: async (envelope: unknown) => {
    envelopes.push(envelope);
    return {};
  },
  flush: async () => true,
});

async function sentryEvents(atLeast: number): Promise<string> {
  for (let i = 0; i < 50 && envelopes.length < atLeast; i += 1)
    await new Promise((r) => setTimeout(r, 20));
  return JSON.stringify(envelopes);
}

beforeAll(async () => {
  gw = await startGateway({
    NODE_ENV: 'production',
    SENTRY_DSN: 'https://public@sentry.example.test/1',
  });
  await initSentry(gw.config, { transport: transport as never });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  markDatabaseRecovered();
  await gw.close();
});

describe('production posture', () => {
  it('when introspection is asked, then it is refused and no schema comes', async () => {
    const { status, body } = await gw.gql('{ __schema { types { name } } }');
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(body.errors[0].message).toMatch(/introspection/i);
  });

  it('when a field is misspelled, then the error suggests no field names', async () => {
    const { status, body } = await gw.gql('{ universitie { items { id } } }');
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/Cannot query field "universitie"/);
    expect(JSON.stringify(body)).not.toMatch(/Did you mean|universities/);
  });

  it('when a browser asks for the landing page, then none is served', async () => {
    const graphql = await fetch(`${gw.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await graphql.text()).not.toMatch(/<html/i);
    for (const path of [
      '/graphiql',
      '/graphiql/assets/graphiql.min.js',
      '/graphiql/assets/init.js',
    ]) {
      const res = await fetch(`${gw.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(404);
    }
  });

  it('when a resolver fails unexpectedly, then the message is masked, no stack is shown, and Sentry gets the error', async () => {
    const secret = 'connect failed for mongodb://admin:hunter2@10.0.0.5/qpc';
    vi.spyOn(UniversityModel, 'countDocuments').mockImplementationOnce(
      () => Promise.reject(new Error(secret)) as never,
    );
    const before = envelopes.length;
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'masking-test-1' },
      body: JSON.stringify({ query: '{ universities { items { id } } }' }),
    });
    const body = (await res.json()) as any;
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      {
        message: 'Internal server error',
        locations: [{ line: 1, column: 3 }],
        path: ['universities'],
        extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: 'masking-test-1' },
      },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/hunter2|mongodb|stack/);
    const logged = gw
      .logs()
      .find((line) => (line.err as { message?: string } | undefined)?.message === secret);
    expect(logged).toMatchObject({
      path: '/graphql',
      method: 'POST',
      requestId: 'masking-test-1',
      status: 500,
    });
    expect((logged?.err as { stack?: string }).stack).toContain('Error: connect failed');
    expect(await sentryEvents(before + 1)).toContain('connect failed for mongodb');
  });

  it('when the database is unreachable, then SERVICE_UNAVAILABLE with a masked message', async () => {
    const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:27017'), {
      name: 'MongoNetworkError',
    });
    vi.spyOn(UniversityModel, 'countDocuments').mockImplementationOnce(
      () => Promise.reject(outage) as never,
    );
    const before = envelopes.length;
    const { body } = await gw.gql('{ universities { items { id } } }');
    expect(body.errors[0]).toMatchObject({
      message: 'Service unavailable',
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    expect(await sentryEvents(before + 1)).toContain('ECONNREFUSED');
  });

  it('when a client error happens, then its message is shown and nothing goes to Sentry', async () => {
    const before = envelopes.length;
    const { body } = await gw.gql('{ university(slug: "no-such-university") { id } }');
    expect(body.errors[0]).toMatchObject({
      message: 'University not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const anonymousWrite = await gw.gql(
      'mutation { createSubject(input: { name: "Nope" }) { id } }',
    );
    expect(anonymousWrite.body.errors[0]).toMatchObject({
      message: 'Authentication required',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(envelopes.length).toBe(before);
  });
});
