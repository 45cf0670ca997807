// The REST API on its own embedded engine (no MONGODB_URI: it starts and supervises FerretDB
// and PostgreSQL itself). Under a bounded load of reads and writes, each engine process is
// killed with SIGKILL: service must resume by itself and every write answered 2xx must be there.
// Then a restart is made impossible for real (the FerretDB binary removed): the service must
// exit non-zero saying why, instead of answering 503 for ever.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { defaultBinaryPath, ensureFerretDB } from '@qpc/ferretdb';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_SUB, baseEnv, startService, waitFor } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';

const WORKERS = 4;
/** Each worker goes on until this many of its writes after the kill were acknowledged... */
const WRITES_AFTER_KILL = 20;
/** ...or it has made this many attempts (the loop is bounded even if service never resumes). */
const MAX_ATTEMPTS = 400;
/** The bound: service resumes within 10 s of the kill. */
const RECOVERY_BOUND_MS = 10_000;

type Target = 'ferretdb' | 'postgresql';

/** The pid of an engine process of the app's own embedded engine, from the files it keeps. */
function enginePid(dataDir: string, target: Target): number {
  if (target === 'ferretdb') {
    const endpoint = JSON.parse(readFileSync(join(dataDir, 'db', 'endpoint.json'), 'utf8')) as {
      pid: number;
    };
    return endpoint.pid;
  }
  return Number(readFileSync(join(dataDir, 'db', 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Detailed {
  status: number;
  engineRestarts?: {
    count: number;
    failedAttempts: number;
    last: { process: Target; cause: string; at: string } | null;
  };
}

describe('a supervised embedded engine under the REST API', () => {
  let app: ServiceProcess;
  let dataDir: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    const env = baseEnv({
      DB_SERVER_SELECTION_TIMEOUT_MS: '1000',
      DB_SOCKET_TIMEOUT_MS: '2000',
    });
    dataDir = env.DATA_DIR!;
    app = await startService('rest-api', env);
    auth = { authorization: `Bearer ${await tokenFor(ADMIN_SUB)}` };
  });

  afterAll(async () => {
    await app?.stop();
  });

  async function detailed(): Promise<Detailed> {
    const res = await fetch(`${app.url}/api/v1/health/detailed`);
    const body = (await res.json()) as { data: Omit<Detailed, 'status'> };
    return { ...body.data, status: res.status };
  }

  it.each(['ferretdb', 'postgresql'] as const)(
    'when %s is killed with SIGKILL under load, then service resumes within 10 s and every acknowledged write is readable',
    async (target) => {
      const before = (await detailed()).engineRestarts?.count ?? 0;
      const run = `${target}-${Date.now().toString(36)}`;
      const acknowledged: string[] = [];
      const statuses = new Map<number, number>();
      let killedAt = 0;
      let firstWriteAfterKill = Number.POSITIVE_INFINITY;
      const pid = enginePid(dataDir, target);

      // Bounded: each worker writes, then reads, until enough writes after the kill succeeded.
      const worker = async (w: number) => {
        let afterKill = 0;
        for (let i = 0; i < MAX_ATTEMPTS && afterKill < WRITES_AFTER_KILL; i += 1) {
          if (w === 0 && i === 10) {
            process.kill(pid, 'SIGKILL');
            killedAt = Date.now();
          }
          const startedAt = Date.now();
          const name = `Supervised ${run} ${w}-${i}`;
          const res = await fetch(`${app.url}/api/v1/universities`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ name, shortName: `S${w}${i}` }),
            signal: AbortSignal.timeout(30_000),
          });
          const body = (await res.json()) as { data?: { slug: string } };
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.ok) {
            acknowledged.push(body.data!.slug);
            if (killedAt && startedAt > killedAt) {
              afterKill += 1;
              firstWriteAfterKill = Math.min(firstWriteAfterKill, Date.now());
            }
          } else {
            // Only the outage's answer: never a 500.
            expect([503], JSON.stringify(body)).toContain(res.status);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          const read = await fetch(`${app.url}/api/v1/universities?limit=5`);
          await read.arrayBuffer();
          expect([200, 503]).toContain(read.status);
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));

      expect(isAlive(pid)).toBe(false);
      const recoveryMs = firstWriteAfterKill - killedAt;
      expect(recoveryMs).toBeLessThan(RECOVERY_BOUND_MS);

      // Every write that was acknowledged is there.
      let lost = 0;
      for (const slug of acknowledged) {
        const res = await fetch(`${app.url}/api/v1/universities/${slug}`);
        if (res.status !== 200) lost += 1;
      }
      expect(lost).toBe(0);
      console.info(
        `${target} killed: service resumed after ${recoveryMs} ms; ${acknowledged.length} writes acknowledged, ${lost} lost; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
      );

      const health = await detailed();
      expect(health.status).toBe(200);
      expect(health.engineRestarts).toMatchObject({
        count: before + 1,
        last: { process: target, cause: 'killed by SIGKILL', at: expect.any(String) },
      });
      const name = target === 'ferretdb' ? 'FerretDB' : 'PostgreSQL';
      await waitFor(
        async () =>
          app.output().includes(`embedded ${name} killed by SIGKILL; restarted`) ? true : undefined,
        5_000,
        'the restart to be logged',
      );
    },
  );
});

describe('an embedded engine that cannot be restarted', () => {
  it('when FerretDB dies and its binary is gone, then the REST API exits non-zero saying so after 5 failed restarts', async () => {
    const binDir = mkdtempSync(join(inject('tempRoot'), 'ferretdb-bin-'));
    const binary = join(binDir, 'ferretdb');
    copyFileSync(await ensureFerretDB({}), binary);
    expect(defaultBinaryPath('patched')).not.toBe(binary);
    const env = baseEnv({ FERRETDB_BIN: binary });
    const app = await startService('rest-api', env);
    const postgresPid = enginePid(env.DATA_DIR!, 'postgresql');
    try {
      rmSync(binary);
      process.kill(enginePid(env.DATA_DIR!, 'ferretdb'), 'SIGKILL');

      const code = await app.exited;
      expect(code).toBe(1);
      const output = app.output();
      expect(output).toContain(
        'The embedded FerretDB could not be restarted: 5 restarts failed within 60 s',
      );
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect(output).toContain(`embedded FerretDB killed by SIGKILL; restart ${attempt} failed`);
      }
      // PostgreSQL was stopped with it: nothing is left serving the data directory.
      expect(isAlive(postgresPid)).toBe(false);
    } finally {
      await app.stop();
    }
  });
});
