import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFerretDB } from '@qpc/ferretdb';
import type { FerretDBServer } from '@qpc/ferretdb';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_SUB,
  baseEnv,
  explain,
  killDatabase,
  sentryEvents,
  startFakeSentry,
  startService,
  waitFor,
} from './support/processes.js';
import type { FakeSentry, ServiceProcess } from './support/processes.js';

const ALLOWED = 'https://app.example.edu';

describe('production posture', () => {
  let db: FerretDBServer;
  let sentry: FakeSentry;
  let rest: ServiceProcess;
  let gql: ServiceProcess;

  beforeAll(async () => {
    db = await startFerretDB({ dataDir: mkdtempSync(join(tmpdir(), 'qpc-posture-')) });
    sentry = await startFakeSentry();
    const env = baseEnv({
      NODE_ENV: 'production',
      MONGODB_URI: `${db.uri}posture`,
      CORS_ORIGINS: ALLOWED,
      SENTRY_DSN: sentry.dsn,
      DB_SERVER_SELECTION_TIMEOUT_MS: '800',
    });
    rest = await startService('rest-api', env);
    gql = await startService('graphql-gateway', env);
  });
  afterAll(async () => {
    await rest?.stop();
    await gql?.stop();
    await db?.stop();
    await sentry?.close();
    if (db) rmSync(db.dataDir, { recursive: true, force: true });
  });

  it.each(['rest', 'gql'] as const)(
    'when %s answers in production, then helmet headers are set and x-powered-by is not',
    async (which) => {
      const service = which === 'rest' ? rest : gql;
      const res = await fetch(`${service.url}/api/v1/health`);
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age/);
      expect(res.headers.get('x-frame-options')).toBeTruthy();
    },
  );

  it('when a browser origin calls, then only the allowlisted origin gets CORS headers', async () => {
    const allowed = await fetch(`${rest.url}/api/v1/universities`, {
      headers: { origin: ALLOWED },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const other = await fetch(`${rest.url}/api/v1/universities`, {
      headers: { origin: 'https://evil.example.com' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${gql.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('when errors happen in production, then no stack appears, 5xx are masked, and Sentry events carry no credentials', async () => {
    const token = await tokenFor(ADMIN_SUB);
    const notFound = await fetch(`${rest.url}/api/v1/nope`).then((r) => r.json());
    expect(JSON.stringify(notFound)).not.toMatch(/stack|at .*\.js:\d+/);
    const bad = await fetch(`${rest.url}/api/v1/universities`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"nope":1}',
    }).then((r) => r.json() as Promise<any>);
    expect(bad.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(bad)).not.toContain('stack');

    // Sent only once the kill is complete (exit observed, port closed): no race with a dying server.
    await killDatabase(db);
    const down = await fetch(`${rest.url}/api/v1/universities`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'posture-down' },
    });
    const body = (await down.json()) as any;
    expect(down.status, down.status === 503 ? '' : await explain(rest, 'posture-down', body)).toBe(
      503,
    );
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(JSON.stringify(body)).not.toMatch(/stack|Mongo|127\.0\.0\.1/);

    const gqlDown = await fetch(`${gql.url}/graphql`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-request-id': 'posture-gql-down',
      },
      body: JSON.stringify({ query: '{ universities { items { id } } }' }),
    });
    const gqlBody = (await gqlDown.json()) as any;
    expect(JSON.stringify(gqlBody)).not.toMatch(/stacktrace|Mongo|127\.0\.0\.1/);
    const gqlCode = gqlBody.errors?.[0]?.extensions?.code;
    expect(
      gqlCode,
      gqlCode === 'SERVICE_UNAVAILABLE' ? '' : await explain(gql, 'posture-gql-down', gqlBody),
    ).toBe('SERVICE_UNAVAILABLE');

    const events = await waitFor(
      async () => {
        const found = sentryEvents(sentry.envelopes);
        return found.length >= 1 ? found : undefined;
      },
      5_000,
      'a Sentry event',
    );
    const raw = JSON.stringify(events) + sentry.envelopes.join('');
    expect(raw).not.toContain(token);
    expect(raw.toLowerCase()).not.toContain('bearer');
  });
});
