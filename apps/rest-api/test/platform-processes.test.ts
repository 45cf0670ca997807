import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFerretDB, freePort } from '@qpc/ferretdb';
import { createActorResolver, createLogger, createRateLimiter } from '@qpc/server-kit';
import { listen, testConfig, testKeys } from '@qpc/server-kit/testing';
import { connectDatabase, disconnectDatabase } from '@qpc/domain';
import { describe, expect, inject, it } from 'vitest';
import { createApp } from '../src/app.js';

type OwnDatabase = Awaited<ReturnType<typeof startFerretDB>>;

/**
 * Runs `check` on an app over a database process of its own (its data directory named from
 * `dataDirPrefix`, its database `database`; with `hasEngineCheck`, detailed health also checks the
 * PostgreSQL server under it), then closes and removes both, however `check` ends.
 */
async function withOwnDatabase(
  options: { dataDirPrefix: string; database: string; hasEngineCheck?: boolean },
  check: (db: OwnDatabase, serverUrl: string) => Promise<void>,
): Promise<void> {
  const db = await startFerretDB({ dataDir: mkdtempSync(join(tmpdir(), options.dataDirPrefix)) });
  await connectDatabase({ uri: `${db.uri}${options.database}`, serverSelectionTimeoutMs: 1000 });
  const config = testConfig(`${db.uri}${options.database}`);
  const server = await listen(
    createApp({
      config,
      logger: createLogger({ logLevel: 'silent' }, { name: 'rest-api' }),
      rateLimiter: createRateLimiter(config, { keyPrefix: 'rest' }),
      resolveActor: createActorResolver(config),
      version: 'test',
      ...(options.hasEngineCheck ? { postgresUrl: db.postgres!.url } : {}),
    }),
  );
  try {
    await check(db, server.url);
  } finally {
    await server.close();
    await disconnectDatabase();
    await db.stop();
    rmSync(db.dataDir, { recursive: true, force: true });
  }
}

describe('REST platform with its own database process', () => {
  it('when the database process stops, then detailed health turns 503 (the database check gives up after its server-selection timeout) and liveness stays 200', async () => {
    await withOwnDatabase(
      { dataDirPrefix: 'qpc-db-down-', database: 'health_check' },
      async (db, url) => {
        expect((await fetch(`${url}/api/v1/health/detailed`)).status).toBe(200);
        await db.stop();
        const res = await fetch(`${url}/api/v1/health/detailed`);
        expect(res.status).toBe(503);
        const body = (await res.json()) as any;
        expect(body.success).toBe(false);
        expect(body.data.checks.database.status).toBe('down');
        expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
      },
    );
  });
});

describe('REST platform on its own embedded engine', () => {
  it('when the PostgreSQL server under FerretDB stops, then detailed health answers 503 naming the engine down', async () => {
    await withOwnDatabase(
      { dataDirPrefix: 'qpc-engine-down-', database: 'engine_check', hasEngineCheck: true },
      async (db, url) => {
        const up = await fetch(`${url}/api/v1/health/detailed`);
        expect(up.status).toBe(200);
        expect(((await up.json()) as any).data.checks.engine).toEqual({
          status: 'up',
          latencyMs: expect.any(Number),
          backend: 'postgresql',
        });
        await db.postgres!.stop();
        const res = await fetch(`${url}/api/v1/health/detailed`);
        expect(res.status).toBe(503);
        const body = (await res.json()) as any;
        expect(body.success).toBe(false);
        expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
        expect(body.data.checks.engine).toEqual({ status: 'down', backend: 'postgresql' });
      },
    );
  });
});

describe('REST server process', () => {
  it('when SIGTERM arrives with a request in flight, then the request completes and the process exits 0', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(inject('tempRoot'), 'sigterm-'));
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
    // Generous: on a loaded machine the start (database, indexes) has taken over 20 s.
    const deadline = Date.now() + 90_000;
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
            // The server's `100 Continue` proves it has the request before the signal is sent.
            expect: '100-continue',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        req.write('{"name":');
        child.kill('SIGTERM');
        // The rest of the body arrives while the shutdown is under way.
        setTimeout(() => req.end('"x"}'), 300);
      });
      req.flushHeaders();
    });
    const result = await response;
    expect(result.status).toBe(404);
    expect(JSON.parse(result.body).error.code).toBe('NOT_FOUND');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  }, 120_000);
});
