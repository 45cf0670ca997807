import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

const LISTED = 'https://app.example.edu';
const OTHER = 'https://other.example.com';

/** Every Access-Control-* header of an answer. */
const corsHeaders = (res: Response) =>
  [...res.headers.keys()].filter((name) => name.startsWith('access-control-'));
const listOf = (value: string | null) => (value ?? '').split(/\s*,\s*/).map((v) => v.toLowerCase());

describe('REST other origins (CORS_ORIGINS)', () => {
  const { app } = useApp({ CORS_ORIGINS: `${LISTED}, http://127.0.0.1:1` });
  const { app: any } = useApp({ CORS_ORIGINS: '*' }, { shareDatabaseWith: app });

  const preflight = (base: string, origin: string, method = 'POST') =>
    fetch(`${base}/api/v1/papers`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers':
          'authorization, content-type, idempotency-key, if-none-match',
      },
    });

  it('when a listed origin sends a preflight, then 204 names the origin, the methods and the four request headers', async () => {
    const res = await preflight(app.url, LISTED, 'PATCH');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(listOf(res.headers.get('access-control-allow-methods'))).toEqual(
      expect.arrayContaining(['get', 'post', 'put', 'patch', 'delete']),
    );
    expect(listOf(res.headers.get('access-control-allow-headers'))).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'if-none-match']),
    );
    expect(listOf(res.headers.get('vary'))).toContain('origin');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('when a listed origin reads, then the answer names it and exposes ETag, Location, Retry-After, Idempotent-Replayed and X-RateLimit-*', async () => {
    const res = await fetch(`${app.url}/api/v1/universities`, { headers: { origin: LISTED } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(listOf(res.headers.get('access-control-expose-headers'))).toEqual(
      expect.arrayContaining([
        'etag',
        'location',
        'retry-after',
        'idempotent-replayed',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
      ]),
    );
  });

  it('when an origin not listed sends a preflight or reads, then no answer carries a CORS header', async () => {
    const refused = await preflight(app.url, OTHER);
    expect(corsHeaders(refused)).toEqual([]);
    const read = await fetch(`${app.url}/api/v1/universities`, { headers: { origin: OTHER } });
    expect(read.status).toBe(200);
    expect(corsHeaders(read)).toEqual([]);
    // A listed origin's look-alike is another origin.
    const lookAlike = await preflight(app.url, `${LISTED}.evil.example.com`);
    expect(corsHeaders(lookAlike)).toEqual([]);
  });

  it('when CORS_ORIGINS is * (outside production), then any origin may call', async () => {
    const res = await preflight(any.url, OTHER);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const read = await fetch(`${any.url}/api/v1/universities`, { headers: { origin: OTHER } });
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
  });
});
