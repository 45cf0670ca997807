import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFerretDB, freePort } from '@qpc/ferretdb';
import { createActorResolver, createLogger, createRateLimiter } from '@qpc/server-kit';
import { listen, testConfig, testKeys, tokenFor } from '@qpc/server-kit/testing';
import { connectDatabase, disconnectDatabase } from '@qpc/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../src/app.js';
import { startApp, type RunningApp } from './support/harness.js';

describe('REST platform', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ RATE_LIMIT_MAX: '5' });
  });
  afterAll(async () => app.close());

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

describe('REST platform with its own database process', () => {
  it('when the database process stops, then detailed health turns 503 within 2 s and liveness stays 200', async () => {
    const db = await startFerretDB({ dataDir: mkdtempSync(join(tmpdir(), 'qpc-db-down-')) });
    await connectDatabase({ uri: `${db.uri}health_check`, serverSelectionTimeoutMs: 1000 });
    const config = testConfig(`${db.uri}health_check`);
    const server = await listen(
      createApp({
        config,
        logger: createLogger({ logLevel: 'silent' }, { name: 'rest-api' }),
        rateLimiter: createRateLimiter(config, { keyPrefix: 'rest' }),
        resolveActor: createActorResolver(config),
        version: 'test',
      }),
    );
    try {
      expect((await fetch(`${server.url}/api/v1/health/detailed`)).status).toBe(200);
      await db.stop();
      const started = Date.now();
      const res = await fetch(`${server.url}/api/v1/health/detailed`);
      const elapsed = Date.now() - started;
      expect(res.status).toBe(503);
      expect(elapsed).toBeLessThan(2_000);
      const body = (await res.json()) as any;
      expect(body.success).toBe(false);
      expect(body.data.checks.database.status).toBe('down');
      expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    } finally {
      await server.close();
      await disconnectDatabase();
      await db.stop();
    }
  });
});

describe('REST platform on its own embedded engine', () => {
  it('when the PostgreSQL server under FerretDB stops, then detailed health answers 503 naming the engine down', async () => {
    const db = await startFerretDB({ dataDir: mkdtempSync(join(tmpdir(), 'qpc-engine-down-')) });
    await connectDatabase({ uri: `${db.uri}engine_check`, serverSelectionTimeoutMs: 1000 });
    const config = testConfig(`${db.uri}engine_check`);
    const server = await listen(
      createApp({
        config,
        logger: createLogger({ logLevel: 'silent' }, { name: 'rest-api' }),
        rateLimiter: createRateLimiter(config, { keyPrefix: 'rest' }),
        resolveActor: createActorResolver(config),
        version: 'test',
        postgresUrl: db.postgres!.url,
      }),
    );
    try {
      const up = await fetch(`${server.url}/api/v1/health/detailed`);
      expect(up.status).toBe(200);
      expect(((await up.json()) as any).data.checks.engine).toEqual({
        status: 'up',
        latencyMs: expect.any(Number),
        backend: 'postgresql',
      });
      await db.postgres!.stop();
      const res = await fetch(`${server.url}/api/v1/health/detailed`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as any;
      expect(body.success).toBe(false);
      expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.data.checks.engine).toEqual({ status: 'down', backend: 'postgresql' });
    } finally {
      await server.close();
      await disconnectDatabase();
      await db.stop();
    }
  });
});

describe('REST server process', () => {
  it('when SIGTERM arrives with a request in flight, then the request completes and the process exits 0', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'qpc-sigterm-'));
    const child = spawn(process.execPath, ['dist/server.js'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        MONGODB_URI: `${inject('mongoUri')}sigterm_check`,
        DATA_DIR: dataDir,
        CLERK_JWT_KEY: testKeys().publicKeyPem,
        LOG_LEVEL: 'info',
        SEED_SAMPLE_DATA: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    const deadline = Date.now() + 20_000;
    while (!output.includes('listening')) {
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // A request whose body is still arriving when the signal lands.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/nope',
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength('{"name":"x"}')),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"name":');
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end('"x"}'), 300);
      }, 200);
    });
    const result = await response;
    expect(result.status).toBe(404);
    expect(JSON.parse(result.body).error.code).toBe('NOT_FOUND');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  });
});
