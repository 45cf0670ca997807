// Retries that never duplicate (the contract's fourth release), under real faults: the REST app
// and FerretDB run as child processes, the app reaching the engine through a wire-aware proxy
// (support/wire-proxy.ts) that injects each fault at the exact point the probe hit it:
// - the engine stalled (SIGSTOP) with a create's insert in its socket, past the driver's timeout;
// - the connection cut after the insert reached the engine and before its answer came back;
// - the app killed after the insert and before the key's record says it is done.
// After each, a retry with the same Idempotency-Key must answer one resource, never make two.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFerretDB } from '@qpc/ferretdb';
import type { FerretDBServer } from '@qpc/ferretdb';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SUB, baseEnv, explain, freezeDatabase, startService } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';
import { bsonString, holding, startWireProxy } from './support/wire-proxy.js';
import type { WireProxy } from './support/wire-proxy.js';

const SOCKET_TIMEOUT_MS = 2_000;

/** The insert of a university: the write every test here interrupts. */
const UNIVERSITY_INSERT = holding(bsonString('insert', 'universities'));
/** The update that records a key's answer (`state: 'done'`): what the kill lands before. */
const KEY_RECORDED = holding(bsonString('update', 'idempotencykeys'), bsonString('state', 'done'));

interface Answer {
  status: number;
  headers: Headers;
  body: { data?: { id: string; name: string }; error?: { code: string } };
  requestId: string;
}

describe('retries with an Idempotency-Key under database and process faults', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'qpc-idem-faults-'));
  let db: FerretDBServer;
  let proxy: WireProxy;
  let app: ServiceProcess;
  let env: Record<string, string>;
  let auth: Record<string, string>;

  const tag = () => randomUUID().slice(0, 8);

  async function create(name: string, key: string): Promise<Answer> {
    const requestId = `idem-${tag()}`;
    const res = await fetch(`${app.url}/api/v1/universities`, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json',
        'idempotency-key': key,
        'x-request-id': requestId,
      },
      body: JSON.stringify({ name, shortName: 'F' }),
      signal: AbortSignal.timeout(60_000),
    });
    return {
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as never,
      requestId,
    };
  }

  /**
   * Retries as a client honouring `Retry-After` would, while the key is still held (409), and
   * answers the final answer and how many requests it took.
   */
  async function retryUntilServed(name: string, key: string) {
    for (let retries = 1; ; retries += 1) {
      const answer = await create(name, key);
      if (answer.status !== 409 || retries >= 60) return { answer, retries };
      expect(answer.body.error?.code).toBe('CONFLICT');
      const wait = Number(answer.headers.get('retry-after') ?? '1');
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }

  /** The universities of that name, as a reader sees them. */
  async function named(name: string): Promise<{ id: string }[]> {
    const res = await fetch(`${app.url}/api/v1/universities?limit=100`, { headers: auth });
    const body = (await res.json()) as { data: { id: string; name: string }[] };
    return body.data.filter((u) => u.name === name);
  }

  async function expectServed(answer: Answer, expected: number[]): Promise<void> {
    const message = expected.includes(answer.status)
      ? ''
      : await explain(app, answer.requestId, answer.body);
    expect(expected, message).toContain(answer.status);
  }

  beforeAll(async () => {
    db = await startFerretDB({ dataDir });
    proxy = await startWireProxy(db.port);
    env = baseEnv({
      MONGODB_URI: proxy.uri('idem_faults'),
      DB_SERVER_SELECTION_TIMEOUT_MS: '1000',
      DB_SOCKET_TIMEOUT_MS: String(SOCKET_TIMEOUT_MS),
    });
    app = await startService('rest-api', env);
    auth = { authorization: `Bearer ${await tokenFor(ADMIN_SUB)}` };
  });

  afterAll(async () => {
    await app?.stop();
    await proxy?.close();
    await db?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the engine stalls with a create in flight past the driver timeout, then the create is 503 and the retry answers the one university it wrote', async () => {
    const name = `Stalled ${tag()}`;
    const key = `stall-${tag()}`;
    // SIGSTOP lands after the insert left the app and before the engine read it.
    const stalled = proxy.trap(UNIVERSITY_INSERT, {
      kind: 'before',
      before: () => freezeDatabase(db, true),
    });
    let first: Answer;
    try {
      first = await create(name, key);
      await stalled;
    } finally {
      await freezeDatabase(db, false);
    }
    await expectServed(first, [503]);
    expect(first.body.error?.code).toBe('SERVICE_UNAVAILABLE');

    const { answer } = await retryUntilServed(name, key);
    await expectServed(answer, [201]);
    const made = await named(name);
    expect(made).toHaveLength(1);
    expect(answer.body.data?.id).toBe(made[0]!.id);
    // The engine runs the stalled insert once SIGCONT lets it read its socket: the retry then
    // replays it (measured: 1 retry, replayed). Should the retry reach the engine first, it makes
    // the university with the id reserved the first time and the late insert fails on that id:
    // one university either way, and from then on the key replays it.
    const again = await create(name, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await named(name)).toHaveLength(1);
  });

  it('when the connection is cut after the insert and before its answer, then the create and its retry answer the same one university', async () => {
    const name = `Cut ${tag()}`;
    const key = `cut-${tag()}`;
    const cut = proxy.trap(UNIVERSITY_INSERT, { kind: 'cut-answer' });
    const first = await create(name, key);
    await cut;
    // The write happened: the create reads it back by its reserved id (201), or answers 503.
    await expectServed(first, [201, 503]);
    const { answer } = await retryUntilServed(name, key);
    await expectServed(answer, [201]);
    expect(answer.headers.get('idempotent-replayed')).toBe('true');
    const made = await named(name);
    expect(made).toHaveLength(1);
    expect(answer.body.data?.id).toBe(made[0]!.id);
    if (first.status === 201) expect(first.body.data?.id).toBe(made[0]!.id);
  });

  it('when the app is killed after the insert and before the key is recorded, then after a restart the retry answers the one university', async () => {
    const name = `Killed ${tag()}`;
    const key = `kill-${tag()}`;
    const killed = proxy.trap(KEY_RECORDED, {
      kind: 'hold',
      held: () => app.child.kill('SIGKILL'),
    });
    const first = await create(name, key).catch((error: unknown) => error);
    await killed;
    await app.exited;
    expect(first).toBeInstanceOf(Error);

    app = await startService('rest-api', env);
    expect(await named(name)).toHaveLength(1);
    // The dead process's claim holds the key until its lease runs out (409, Retry-After), then
    // the retry takes it over and answers what was written.
    const { answer, retries } = await retryUntilServed(name, key);
    await expectServed(answer, [201]);
    expect(answer.headers.get('idempotent-replayed')).toBe('true');
    expect(retries).toBeLessThan(60);
    const made = await named(name);
    expect(made).toHaveLength(1);
    expect(answer.body.data?.id).toBe(made[0]!.id);
  });
});
