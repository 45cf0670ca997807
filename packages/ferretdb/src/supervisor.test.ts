// The supervised engine, faults injected for real: FerretDB or PostgreSQL's postmaster killed
// with SIGKILL while a client writes, and a restart made impossible (the cluster moved away).
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive } from './processes.js';
import { startFerretDB } from './server.js';
import type { FerretDBServer } from './server.js';
import type { EngineGaveUpError, RestartEvent } from './supervisor.js';

const dataDirs: string[] = [];
const started: FerretDBServer[] = [];

afterEach(async () => {
  for (const server of started.splice(0)) await server.stop();
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function startSupervised() {
  const dataDir = mkdtempSync(join(tmpdir(), 'qpc-supervised-'));
  dataDirs.push(dataDir);
  const events: RestartEvent[] = [];
  let gaveUp: (error: EngineGaveUpError) => void = () => undefined;
  const givenUp = new Promise<EngineGaveUpError>((resolve) => (gaveUp = resolve));
  const statusFile = join(dataDir, 'engine-status.json');
  const server = await startFerretDB({
    dataDir,
    supervise: { statusFile, onRestart: (event) => events.push(event), onGiveUp: gaveUp },
  });
  started.push(server);
  return { server, events, givenUp, statusFile, dataDir };
}

/** The pid of the process to kill: FerretDB itself, or the postmaster under it. */
function pidOf(server: FerretDBServer, target: 'ferretdb' | 'postgresql'): number {
  return target === 'ferretdb' ? server.process.pid! : server.postgres!.pid;
}

describe('supervised embedded engine', () => {
  it.each(['ferretdb', 'postgresql'] as const)(
    'when %s is killed with SIGKILL while a client writes, then it is restarted on its port and every acknowledged write is readable',
    async (target) => {
      const { server, events, statusFile } = await startSupervised();
      const client = new MongoClient(`${server.uri}supervised`, {
        serverSelectionTimeoutMS: 1_000,
        socketTimeoutMS: 2_000,
      });
      await client.connect();
      try {
        const writes = client.db().collection('writes');
        const acknowledged: number[] = [];
        let failed = 0;
        const killedPid = pidOf(server, target);
        // A bounded loop: 400 numbered writes; the kill lands after the 50th.
        for (let n = 0; n < 400; n += 1) {
          if (n === 50) process.kill(killedPid, 'SIGKILL');
          try {
            await writes.insertOne({ n });
            acknowledged.push(n);
          } catch {
            failed += 1;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
        expect(failed).toBeGreaterThan(0);
        expect(acknowledged.length).toBeGreaterThan(50);
        // The writes after the outage went to the same port: nothing to reconnect elsewhere.
        expect(acknowledged.at(-1)).toBe(399);
        const stored = await writes
          .find({}, { projection: { _id: 0, n: 1 } })
          .map((doc) => doc.n as number)
          .toArray();
        for (const n of acknowledged) expect(stored).toContain(n);

        expect(isAlive(killedPid)).toBe(false);
        expect(pidOf(server, target)).not.toBe(killedPid);
        expect(events).toEqual([
          expect.objectContaining({
            process: target,
            cause: 'killed by SIGKILL',
            attempt: expect.any(Number),
            outcome: 'restarted',
          }),
        ]);
        const status = server.supervision();
        expect(status).toMatchObject({
          restarts: 1,
          hasGivenUp: false,
          lastRestart: { process: target, cause: 'killed by SIGKILL', at: expect.any(String) },
        });
        expect(JSON.parse(readFileSync(statusFile, 'utf8'))).toEqual(status);
      } finally {
        await client.close();
      }
    },
  );

  it('when supervision was stopped (a shutdown began) and FerretDB then exits, then it is not restarted', async () => {
    const { server, events } = await startSupervised();
    const child = server.process;
    await server.stopSupervising();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // What Ctrl-C does to the engine's processes: they get the terminal's signal too.
    child.kill('SIGINT');
    await exited;
    // Longer than the first restart's wait: a restart would have begun by now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(events).toEqual([]);
    expect(server.process).toBe(child);
    expect(server.supervision()).toMatchObject({ restarts: 0, failedRestarts: 0 });
  });

  it('when PostgreSQL dies and its cluster is gone, then five restarts fail and the supervisor gives up, stopping FerretDB', async () => {
    const { server, events, givenUp, statusFile, dataDir } = await startSupervised();
    const ferretPid = server.process.pid!;
    // The cluster moved away: nothing a restart can start (and never a fresh empty one).
    renameSync(join(dataDir, 'pg'), join(dataDir, 'pg-moved'));
    process.kill(server.postgres!.pid, 'SIGKILL');

    const error = await givenUp;
    expect(error.message).toMatch(
      /^The embedded PostgreSQL could not be restarted: 5 restarts failed within 60 s \(last: .*holds no PostgreSQL cluster any more\)/,
    );
    expect(events.map((e) => [e.process, e.outcome, e.attempt])).toEqual(
      [1, 2, 3, 4, 5].map((attempt) => ['postgresql', 'failed', attempt]),
    );
    expect(events.map((e) => e.nextDelayMs)).toEqual([200, 400, 800, 1600, undefined]);
    expect(isAlive(ferretPid)).toBe(false);
    expect(existsSync(join(dataDir, 'pg'))).toBe(false);
    expect(JSON.parse(readFileSync(statusFile, 'utf8'))).toMatchObject({
      restarts: 0,
      failedRestarts: 5,
      hasGivenUp: true,
    });
  });
});
