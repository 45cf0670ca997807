import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { tokenFor } from '@qpc/server-kit/testing';
import { describe, expect, inject, it } from 'vitest';
import { startApp, useApp } from './support/harness.js';

describe('REST platform', () => {
  const { app } = useApp({ CORS_ORIGINS: 'https://app.example.edu' });

  it('when health is asked, then it answers 200 with status, uptime and version', async () => {
    const res = await fetch(`${app.url}/api/v1/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body).toEqual({
      success: true,
      data: { status: 'ok', uptimeSeconds: expect.any(Number), version: 'test' },
    });
  });

  it('when detailed health is asked with the database up, then it reports its latency', async () => {
    const res = await fetch(`${app.url}/api/v1/health/detailed`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.success).toBe(true);
    expect(body.data.checks.database).toEqual({ status: 'up', latencyMs: expect.any(Number) });
  });

  it.runIf(inject('postgresUrl'))(
    'when the service runs on the embedded PostgreSQL engine, then detailed health reports it next to the database',
    async () => {
      const onEngine = await startApp(
        { EMBEDDED_POSTGRES_URL: inject('postgresUrl') },
        { shareDatabaseWith: app },
      );
      try {
        const res = await fetch(`${onEngine.url}/api/v1/health/detailed`);
        expect(res.status).toBe(200);
        const body = (await res.json()) as any;
        expect(body.data.checks).toEqual({
          database: { status: 'up', latencyMs: expect.any(Number) },
          engine: { status: 'up', latencyMs: expect.any(Number), backend: 'postgresql' },
        });
      } finally {
        await onEngine.close();
      }
    },
  );

  it('when a route does not exist, then it answers 404 in the error envelope with the request id', async () => {
    const res = await fetch(`${app.url}/api/v1/nope`, { headers: { 'X-Request-Id': 'trace-123' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    expect((await res.json()) as any).toEqual({
      success: false,
      error: {
        message: expect.stringContaining('/api/v1/nope'),
        code: 'NOT_FOUND',
        requestId: 'trace-123',
      },
    });
  });

  it('when no request id is sent, then one is generated and returned in header and body', async () => {
    const res = await fetch(`${app.url}/api/v1/nope`);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await res.json()) as any).error.requestId).toBe(id);
  });

  it('when the body is over the limit, then it answers 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await fetch(`${app.url}/api/v1/universities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(200 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('when the body is malformed JSON, then it answers 400 VALIDATION_ERROR', async () => {
    const res = await fetch(`${app.url}/api/v1/universities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('VALIDATION_ERROR');
  });

  /** Any method, TRACE included (fetch refuses to send TRACE). */
  function rawRequest(
    method: string,
    path: string,
  ): Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }> {
    const { hostname, port } = new URL(app.url);
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: hostname, port, method, path }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it.each([
    ['TRACE', '/api/v1/papers', 'GET, HEAD, POST, OPTIONS'],
    ['PUT', '/api/v1/papers', 'GET, HEAD, POST, OPTIONS'],
    ['DELETE', '/api/v1/universities', 'GET, HEAD, POST, OPTIONS'],
    ['PUT', '/api/v1/universities/some-slug', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
    ['POST', '/api/v1/health', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/api/v1/openapi.json', 'GET, HEAD, OPTIONS'],
  ])(
    'when %s %s is asked (a known path, another method), then 405 METHOD_NOT_ALLOWED in the envelope with Allow',
    async (method, path, allow) => {
      const res = await rawRequest(method, path);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(res.body)).toEqual({
        success: false,
        error: {
          message: expect.stringContaining(method),
          code: 'METHOD_NOT_ALLOWED',
          requestId: res.headers['x-request-id'],
        },
      });
    },
  );

  it.each([
    ['/api/v1/papers', 'GET, HEAD, POST, OPTIONS'],
    ['/api/v1/papers/some-paper', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
    ['/api/v1/health', 'GET, HEAD, OPTIONS'],
    ['/api/v1/docs', 'GET, HEAD, OPTIONS'],
  ])(
    'when OPTIONS %s is asked without CORS, then 204 with Allow and no text/plain body',
    async (path, allow) => {
      const res = await rawRequest('OPTIONS', path);
      expect(res.status).toBe(204);
      expect(res.headers.allow).toBe(allow);
      expect(res.body).toBe('');
      expect(res.headers['content-type']).toBeUndefined();
    },
  );

  it('when an unknown path is asked with OPTIONS or TRACE, then 404 in the envelope', async () => {
    for (const method of ['OPTIONS', 'TRACE']) {
      const res = await rawRequest(method, '/api/v1/nope');
      expect(res.status, method).toBe(404);
      expect(JSON.parse(res.body).error.code, method).toBe('NOT_FOUND');
    }
  });

  it('when a CORS preflight comes from an allowed origin, then CORS still answers it', async () => {
    const res = await fetch(`${app.url}/api/v1/papers`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.edu',
        'access-control-request-method': 'POST',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.edu');
    expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
  });

  it('when HEAD asks a readable path, then it is served, not refused', async () => {
    const res = await rawRequest('HEAD', '/api/v1/universities');
    expect(res.status).toBe(200);
  });

  it('when anonymous callers read routes whose answer depends on the caller, then the response says Vary: Authorization', async () => {
    const id = 'a'.repeat(24);
    for (const path of [
      '/universities',
      '/papers',
      '/questions',
      `/solutions?questionId=${id}`,
      `/questions/${id}`,
      '/nope',
    ]) {
      const res = await fetch(`${app.url}/api/v1${path}`);
      const vary = (res.headers.get('vary') ?? '').split(/\s*,\s*/).map((v) => v.toLowerCase());
      expect(vary, `${path} ${res.status}`).toContain('authorization');
    }
    // CORS keeps its own Vary: Origin beside it.
    const cors = await fetch(`${app.url}/api/v1/papers`, {
      headers: { origin: 'https://app.example.edu' },
    });
    expect(cors.headers.get('access-control-allow-origin')).toBe('https://app.example.edu');
    expect((cors.headers.get('vary') ?? '').toLowerCase()).toMatch(/origin/);
    expect((cors.headers.get('vary') ?? '').toLowerCase()).toMatch(/authorization/);
    // Health never depends on the caller (only on the origin, as every answer under CORS_ORIGINS).
    expect((await fetch(`${app.url}/api/v1/health`)).headers.get('vary')).toBe('Origin');
  });

  it('when a path parameter has a malformed percent-encoding, then 400 VALIDATION_ERROR, logged as a warning', async () => {
    for (const path of ['/universities/%ff', '/papers/%E0%A4%A', '/questions/%c3%28']) {
      const id = `bad-encoding-${path.length}`;
      const res = await fetch(`${app.url}/api/v1${path}`, { headers: { 'x-request-id': id } });
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as any;
      expect(body.success, path).toBe(false);
      expect(body.error, path).toMatchObject({ code: 'VALIDATION_ERROR', requestId: id });
      expect(JSON.stringify(body)).not.toContain('stack');
      const lines = app.logs().filter((l) => l.reqId === id);
      expect(lines.length, path).toBeGreaterThan(0);
      for (const line of lines) expect(line.level, JSON.stringify(line)).toBeLessThan(50);
    }
  });

  it.each([
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['deflate', 'deflate'],
    ['an unsupported encoding', 'compress'],
  ])(
    'when the body is not really %s, then 400 VALIDATION_ERROR, not 500',
    async (_name, encoding) => {
      const res = await fetch(`${app.url}/api/v1/universities`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: '{"name":"Plain","shortName":"P"}',
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error.code).toBe('VALIDATION_ERROR');
    },
  );

  it('when the body really is gzip, then it is read (and the route answers as usual)', async () => {
    const res = await fetch(`${app.url}/api/v1/universities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync('{"name":"Zipped","shortName":"Z"}'),
    });
    // Anonymous: the body was parsed, then the domain asks for a token.
    expect(res.status).toBe(401);
  });

  it('when the limit is spent, then 429 with Retry-After, and health still answers 200', async () => {
    const limited = await startApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i += 1) {
        last = await fetch(`${limited.url}/api/v1/nope`);
        statuses.push(last.status);
        if (i === 0) {
          expect(last.headers.get('x-ratelimit-limit')).toBe('3');
          expect(last.headers.get('x-ratelimit-remaining')).toBe('2');
          const reset = Number(last.headers.get('x-ratelimit-reset'));
          const now = Date.now() / 1000;
          expect(reset).toBeGreaterThan(now);
          expect(reset).toBeLessThanOrEqual(Math.ceil(now + 61));
        }
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
      expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await last!.json()) as any).error.code).toBe('RATE_LIMITED');
      const health = await fetch(`${limited.url}/api/v1/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await limited.close();
    }
  });

  it('when a request is logged, then the line has method, path and status and never the token', async () => {
    const token = await tokenFor('user_log_check');
    await fetch(`${app.url}/api/v1/nope?x=1`, { headers: { authorization: `Bearer ${token}` } });
    const lines = app
      .logs()
      .filter((l) => (l.req as { path?: string } | undefined)?.path === '/api/v1/nope?x=1');
    expect(lines.length).toBeGreaterThan(0);
    const line = lines.find((l) => l.res)!;
    expect(line.req).toMatchObject({ method: 'GET', path: '/api/v1/nope?x=1' });
    expect(line.res).toEqual({ statusCode: 404 });
    expect(JSON.stringify(app.logs())).not.toContain(token);
    expect(JSON.stringify(app.logs())).not.toContain(token.split('.')[2]!);
  });
});
