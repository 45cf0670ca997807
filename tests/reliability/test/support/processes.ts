import type {} from '@qpc/ferretdb/vitest-global-setup';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { freePort } from '@qpc/ferretdb';
import type { FerretDBServer } from '@qpc/ferretdb';
import { appProcessEnv, startAppProcess } from '@qpc/server-kit/testing';
import type { AppProcess } from '@qpc/server-kit/testing';
import { inject } from 'vitest';

export type AppName = 'rest-api' | 'graphql-gateway';

export type ServiceProcess = Omit<AppProcess, 'name'> & { name: AppName };

export const ADMIN_SUB = 'reliability_admin';

/** The environment every spawned app gets: test keys, one admin id, quiet but parseable logs. */
export function baseEnv(extra: Record<string, string>): Record<string, string> {
  return appProcessEnv({
    PATH: process.env.PATH ?? '',
    DATA_DIR: mkdtempSync(join(inject('tempRoot'), 'data-')),
    ADMIN_EXTERNAL_IDS: ADMIN_SUB,
    ...extra,
  });
}

/** Starts an app as its package's users do (its start file) and waits for its listening line. */
export async function startService(
  name: AppName,
  env: Record<string, string>,
): Promise<ServiceProcess> {
  const service = await startAppProcess(`@qpc/${name}`, { from: import.meta.url, env });
  return { ...service, name };
}

export interface RedisProcess {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

/** Starts Debian's redis-server on a free loopback port, without persistence. */
export async function startRedis(port?: number): Promise<RedisProcess> {
  const which = spawnSync('redis-server', ['--version']);
  if (which.error) {
    throw new Error(
      'redis-server is not installed: `npm test` installs it (apt-get install redis-server)',
    );
  }
  const chosen = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(chosen),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'yes',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 10_000;
  while (!output.includes('Ready to accept connections')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`redis-server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    async stop() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface FakeSentry {
  dsn: string;
  /** Envelopes received so far, as raw text. */
  envelopes: string[];
  close: () => Promise<void>;
}

/** A local HTTP endpoint speaking Sentry's envelope ingest, to count what the SDK sends. */
export async function startFakeSentry(): Promise<FakeSentry> {
  const envelopes: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url?.includes('/envelope')) envelopes.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Events (not sessions or client reports) among the envelopes. */
export function sentryEvents(envelopes: string[]): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [];
  for (const envelope of envelopes) {
    const lines = envelope.split('\n');
    for (let i = 1; i < lines.length - 1; i += 2) {
      const header = JSON.parse(lines[i]!) as { type?: string };
      if (header.type === 'event')
        events.push(JSON.parse(lines[i + 1]!) as Record<string, unknown>);
    }
  }
  return events;
}

export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves once the child process has exited (at once if it already has). */
export function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** True when something accepts TCP connections on the loopback port. */
export function isPortOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Kills the database with SIGKILL and returns only once the kill is complete: the process's exit
 * observed and its port refusing connections. A request sent after this cannot reach it.
 */
export async function killDatabase(db: FerretDBServer): Promise<void> {
  const exited = exitOf(db.process);
  db.process.kill('SIGKILL');
  await exited;
  await waitFor(
    async () => ((await isPortOpen(db.port)) ? undefined : true),
    10_000,
    `port ${db.port} to close`,
  );
}

/** The scheduler state of a process (`T` stopped, `S` sleeping, ...), from /proc. */
function processState(pid: number): string | undefined {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return undefined;
  // pid (comm) state ...: comm may hold spaces and parentheses, the state follows the last ')'.
  const stat = readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
}

/** Sends SIGSTOP or SIGCONT and returns once the process is (no longer) stopped. */
export async function freezeDatabase(db: FerretDBServer, frozen: boolean): Promise<void> {
  const pid = db.process.pid!;
  db.process.kill(frozen ? 'SIGSTOP' : 'SIGCONT');
  await waitFor(
    async () => {
      const state = processState(pid);
      // Without /proc (not Linux) the state cannot be read: the signal is all there is.
      if (state === undefined) return true;
      return (state === 'T') === frozen ? true : undefined;
    },
    10_000,
    `FerretDB to be ${frozen ? 'stopped' : 'running'}`,
  );
}

interface LoggedError {
  status?: number;
  code?: string;
  err?: { name?: string; message?: string; stack?: string };
}

/**
 * What the service logged about one request (by its X-Request-Id): the error's class, message
 * and first stack frames, for assertion messages. Production masks the response body, so the
 * log is where a wrong status explains itself.
 */
export function loggedErrorsFor(service: ServiceProcess, requestId: string): string {
  const found: string[] = [];
  for (const line of service.output().split('\n')) {
    if (!line.startsWith('{') || !line.includes(requestId)) continue;
    let entry: LoggedError & { requestId?: string };
    try {
      entry = JSON.parse(line) as LoggedError & { requestId?: string };
    } catch {
      continue;
    }
    if (entry.requestId !== requestId || !entry.err) continue;
    const frames = (entry.err.stack ?? '').split('\n').slice(1, 4).join(' |');
    found.push(
      `${entry.status} ${entry.code}: ${entry.err.name}: ${entry.err.message} (${frames.trim()})`,
    );
  }
  return found.length ? found.join('; ') : 'no error logged for this request';
}

/**
 * An assertion message for a response whose status was not the expected one: its body and what
 * the service logged about it (waiting briefly: the log line travels through a pipe).
 */
export async function explain(
  service: ServiceProcess,
  requestId: string,
  body: unknown,
): Promise<string> {
  const deadline = Date.now() + 2_000;
  while (loggedErrorsFor(service, requestId).startsWith('no error') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return `request ${requestId}: body ${JSON.stringify(body)}; logged: ${loggedErrorsFor(service, requestId)}`;
}
