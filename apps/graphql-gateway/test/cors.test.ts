import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from './support/harness.js';
import type { RunningGateway } from './support/harness.js';

const LISTED = 'https://app.example.edu';
const OTHER = 'https://other.example.com';

/** Every Access-Control-* header of an answer. */
const corsHeaders = (res: Response) =>
  [...res.headers.keys()].filter((name) => name.startsWith('access-control-'));
const listOf = (value: string | null) => (value ?? '').split(/\s*,\s*/).map((v) => v.toLowerCase());

describe('GraphQL other origins (CORS_ORIGINS)', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway({ CORS_ORIGINS: LISTED });
  });
  afterAll(async () => gateway?.close());

  const preflight = (origin: string) =>
    fetch(`${gateway.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'authorization, content-type, idempotency-key, if-none-match',
      },
    });
  const query = (origin: string) =>
    fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ universities(limit: 1) { items { name } } }' }),
    });

  it('when a listed origin sends a preflight, then 204 names the origin, POST and the four request headers', async () => {
    const res = await preflight(LISTED);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(listOf(res.headers.get('access-control-allow-methods'))).toContain('post');
    expect(listOf(res.headers.get('access-control-allow-headers'))).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'if-none-match']),
    );
  });

  it('when a listed origin queries, then the answer names it and exposes the rate-limit and caching headers', async () => {
    const res = await query(LISTED);
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).errors).toBeUndefined();
    expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(listOf(res.headers.get('access-control-expose-headers'))).toEqual(
      expect.arrayContaining([
        'etag',
        'retry-after',
        'x-ratelimit-remaining',
        'idempotent-replayed',
      ]),
    );
  });

  it('when an origin not listed sends a preflight or queries, then no answer carries a CORS header', async () => {
    expect(corsHeaders(await preflight(OTHER))).toEqual([]);
    const res = await query(OTHER);
    expect(res.status).toBe(200);
    expect(corsHeaders(res)).toEqual([]);
  });
});
