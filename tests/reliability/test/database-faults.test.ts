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
  freezeDatabase,
  killDatabase,
  sentryEvents,
  startFakeSentry,
  startService,
  waitFor,
} from './support/processes.js';
import type { FakeSentry, ServiceProcess } from './support/processes.js';

const SELECTION_TIMEOUT_MS = 1_000;
const SOCKET_TIMEOUT_MS = 2_000;

interface Timed {
  status: number;
  code?: string;
  ms: number;
  requestId: string;
  body: unknown;
}

let sequence = 0;

/** One request with its own X-Request-Id, so a wrong status can be explained from the logs. */
async function timed(url: string, init?: RequestInit): Promise<Timed> {
  const requestId = `fault-${(sequence += 1)}`;
  const started = Date.now();
  const res = await fetch(url, {
    ...init,
    headers: {
      ...(init?.headers as Record<string, string> | undefined),
      'x-request-id': requestId,
    },
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
  return {
    status: res.status,
    ...(body.error?.code ? { code: body.error.code } : {}),
    ms: Date.now() - started,
    requestId,
    body,
  };
}

describe('database faults (app and FerretDB as child processes)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'qpc-faults-db-'));
  let db: FerretDBServer;
  let app: ServiceProcess;
  let sentry: FakeSentry;
  let auth: Record<string, string>;

  async function createUniversity(name: string): Promise<Timed> {
    return timed(`${app.url}/api/v1/universities`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name, shortName: name.slice(0, 8) }),
    });
  }

  /** Asserts a status; when it is wrong, says what the app answered and logged (class, message). */
  async function expectStatus(result: Timed, expected: number[]): Promise<void> {
    const message = expected.includes(result.status)
      ? ''
      : await explain(app, result.requestId, result.body);
    expect(expected, message).toContain(result.status);
  }

  beforeAll(async () => {
    db = await startFerretDB({ dataDir });
    sentry = await startFakeSentry();
    app = await startService(
      'rest-api',
      baseEnv({
        MONGODB_URI: `${db.uri}faults`,
        DB_SERVER_SELECTION_TIMEOUT_MS: String(SELECTION_TIMEOUT_MS),
        DB_SOCKET_TIMEOUT_MS: String(SOCKET_TIMEOUT_MS),
        SENTRY_DSN: sentry.dsn,
      }),
    );
    auth = { authorization: `Bearer ${await tokenFor(ADMIN_SUB)}` };
  });

  afterAll(async () => {
    await app?.stop();
    await db?.stop();
    await sentry?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the database is killed mid-traffic and restarted on the same data, then the API answers 503 quickly, then recovers with nothing lost', async () => {
    const before: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const name = `Before Outage ${i}`;
      await expectStatus(await createUniversity(name), [201]);
      before.push(name);
    }

    // Traffic in flight while the database dies.
    const traffic = Array.from({ length: 20 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 25)).then(() =>
        timed(`${app.url}/api/v1/universities?limit=100`),
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    // The kill lands while requests are in flight (on purpose): each answers 200 or 503, never 500.
    const killed = killDatabase(db);
    const results = await Promise.all(traffic);
    await killed;
    for (const result of results) {
      await expectStatus(result, [200, 503]);
      expect(result.ms).toBeLessThan(SELECTION_TIMEOUT_MS + SOCKET_TIMEOUT_MS + 1_000);
    }

    // The database is gone now (exit observed, port closed): every request is a 503.
    const during = await Promise.all([
      timed(`${app.url}/api/v1/universities`),
      createUniversity('During Outage'),
      timed(`${app.url}/api/v1/universities`),
    ]);
    for (const result of during) {
      await expectStatus(result, [503]);
      expect(result.code).toBe('SERVICE_UNAVAILABLE');
      expect(result.ms).toBeLessThan(SELECTION_TIMEOUT_MS + 1_000);
    }
    expect((await timed(`${app.url}/api/v1/health`)).status).toBe(200);
    const detailed = await timed(`${app.url}/api/v1/health/detailed`);
    expect(detailed.status).toBe(503);
    expect(detailed.ms).toBeLessThan(2_000);

    db = await startFerretDB({ dataDir, port: db.port });
    const recovered = await waitFor(
      async () => {
        const r = await createUniversity('After Outage');
        return r.status === 201 ? r : undefined;
      },
      20_000,
      'writes to succeed again',
    );
    expect(recovered.status).toBe(201);
    const list = (await fetch(`${app.url}/api/v1/universities?limit=100`).then((r) =>
      r.json(),
    )) as { data: { name: string }[] };
    const names = (list.data as { name: string }[]).map((u) => u.name);
    for (const name of [...before, 'After Outage']) expect(names).toContain(name);
    expect(names).not.toContain('During Outage');
    const serverErrors = app
      .output()
      .split('\n')
      .filter((line) => line.includes('"status":500'));
    expect(serverErrors, serverErrors.join('\n')).toEqual([]);
    expect(app.output()).not.toMatch(/"statusCode":500/);

    // One Sentry event for the outage, not one per failed request.
    await waitFor(
      async () => (sentryEvents(sentry.envelopes).length > 0 ? true : undefined),
      5_000,
      'a Sentry event',
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(sentryEvents(sentry.envelopes)).toHaveLength(1);
  });

  it('when the database freezes (SIGSTOP), then requests end within the socket timeout, and recover after SIGCONT', async () => {
    await expectStatus(await timed(`${app.url}/api/v1/universities`), [200]);
    // Requests go out only once the process is really stopped (state T), not merely signalled.
    await freezeDatabase(db, true);
    try {
      const frozen = await Promise.all([
        timed(`${app.url}/api/v1/universities`),
        createUniversity('Frozen'),
      ]);
      for (const result of frozen) {
        await expectStatus(result, [503]);
        expect(result.code).toBe('SERVICE_UNAVAILABLE');
        // A request makes a few database calls in sequence; the driver retries a read or write
        // once after a network timeout. Measured: ~6 s for a list, ~8 s for a create with a 2 s
        // socket timeout. The bound is what matters: no request hangs.
        expect(result.ms).toBeLessThan(5 * SOCKET_TIMEOUT_MS);
      }
      expect((await timed(`${app.url}/api/v1/health`)).status).toBe(200);
    } finally {
      await freezeDatabase(db, false);
    }
    const back = await waitFor(
      async () => {
        const r = await timed(`${app.url}/api/v1/universities`);
        return r.status === 200 ? r : undefined;
      },
      20_000,
      'reads to succeed after SIGCONT',
    );
    expect(back.status).toBe(200);
    await expectStatus(await createUniversity('After Freeze'), [201]);
  });
});
