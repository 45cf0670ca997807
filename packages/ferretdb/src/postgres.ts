import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { withPostgres } from './pg-client.js';
import { findPostgresBinaries, PostgresUnavailableError } from './postgres-binaries.js';
import type { PostgresBinaries } from './postgres-binaries.js';
import { chownTree, ensureTraversable, postgresIdentity } from './postgres-user.js';
import type { PostgresIdentity } from './postgres-user.js';
import {
  commandName,
  forgetOnExit,
  isAlive,
  stopOnExit,
  waitForExit,
  withParentDeathSignal,
} from './processes.js';
import { freePort } from './ports.js';
import { sharedBuffersMiB } from './shared-buffers.js';

/** The PostgreSQL database FerretDB keeps its data in (one schema per MongoDB database). */
export const FERRETDB_DATABASE = 'ferretdb';
const SUPERUSER = 'postgres';

/**
 * How FerretDB's queries are planned (the server's settings here; setup-script.ts sets them on
 * the database of a server it does not start).
 */
export const QUERY_SETTINGS = {
  // FerretDB sends the field name as a parameter (`_jsonb -> $1 @> $2`): only a plan made for
  // the actual values can match an expression index on `_jsonb -> 'field'`.
  plan_cache_mode: 'force_custom_plan',
  // Compiling a plan costs more than the short queries of this workload save.
  jit: 'off',
} as const;

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:PORT/ferretdb`: trust authentication, loopback only. */
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** The cluster's data directory (PGDATA). */
  readonly dataDir: string;
  readonly binaries: PostgresBinaries;
  /**
   * Resolves with why the server went away (`killed by SIGKILL`, `exited with code 1`) when it
   * stops without `stop()`: what a supervisor waits on. Never resolves after `stop()`.
   */
  readonly exited: Promise<string>;
  /** Fast shutdown (SIGINT), waiting until the server is gone. */
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /** PGDATA: initialised once when empty or missing. */
  dataDir: string;
  /** Folder of `initdb` and `postgres`; found on the machine when unset. */
  binDir?: string | undefined;
  /** The loopback port; unset picks a free one. A restart passes the old one, which FerretDB knows. */
  port?: number | undefined;
  /**
   * A restart: the cluster must already be there. A missing one is an error, never a fresh empty
   * cluster that FerretDB would serve as if the data were gone.
   */
  isRestart?: boolean;
  readyTimeoutMs?: number;
}

// Trust, as FerretDB itself has no authentication on loopback: only this machine can connect.
const PG_HBA = `# Written by @qpc/ferretdb: the socket inside the data directory and loopback only.
local all all trust
host  all all 127.0.0.1/32 trust
`;

function spawnAs(identity: PostgresIdentity | null, cwd: string) {
  return identity ? { uid: identity.uid, gid: identity.gid, cwd } : { cwd };
}

/** A minimal environment: PG* variables of the caller must not redirect the server. */
function serverEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', TZ: 'UTC' };
}

/** Runs initdb into a sibling folder and renames it into place, so a failed init leaves nothing. */
function initCluster(
  binaries: PostgresBinaries,
  pgData: string,
  identity: PostgresIdentity | null,
): void {
  const versionFile = join(pgData, 'PG_VERSION');
  if (existsSync(versionFile)) {
    const major = Number(readFileSync(versionFile, 'utf8').trim());
    if (major !== binaries.major) {
      throw new PostgresUnavailableError(
        `${pgData} holds a PostgreSQL ${major} cluster, but the server found is PostgreSQL ` +
          `${binaries.major} (${binaries.binDir}). Move the folder away to start afresh.`,
      );
    }
    if (identity && statSync(pgData).uid !== identity.uid) chownTree(pgData, identity);
    return;
  }
  if (existsSync(pgData)) {
    if (readdirSync(pgData).length > 0) {
      throw new PostgresUnavailableError(
        `${pgData} is not empty and is not a PostgreSQL data directory.`,
      );
    }
    rmdirSync(pgData);
  }
  const partial = `${pgData}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { mode: 0o700 });
  if (identity) chownSync(partial, identity.uid, identity.gid);
  const result = spawnSync(
    join(binaries.binDir, 'initdb'),
    ['-D', partial, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C'],
    { ...spawnAs(identity, partial), env: serverEnv(), encoding: 'utf8' },
  );
  if (result.error || result.status !== 0) {
    rmSync(partial, { recursive: true, force: true });
    throw new PostgresUnavailableError(
      `initdb failed (${binaries.binDir}): ${result.error?.message ?? result.stderr.slice(-2000)}`,
    );
  }
  writeFileSync(join(partial, 'pg_hba.conf'), PG_HBA, { mode: 0o600 });
  if (identity) chownSync(join(partial, 'pg_hba.conf'), identity.uid, identity.gid);
  renameSync(partial, pgData);
}

/** `postmaster.pid`: line 1 the pid, line 4 the port, line 8 the status. */
function readLockFile(pgData: string): { pid: number; port: number } | null {
  try {
    const lines = readFileSync(join(pgData, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return Number.isInteger(pid) && pid > 0 && Number.isInteger(port) ? { pid, port } : null;
  } catch {
    return null;
  }
}

async function answers(port: number, database: string): Promise<boolean> {
  try {
    await withPostgres(
      `postgres://${SUPERUSER}@127.0.0.1:${port}/${database}`,
      (client) => client.query('SELECT 1'),
      { connectTimeoutMs: 1_000 },
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * A server still running on this cluster (its owner was killed, or FerretDB alone was
 * restarted) is reused. A lock file left by a process that is gone, or whose pid now belongs to
 * another program, is removed.
 */
async function findRunning(
  pgData: string,
  timeoutMs: number,
): Promise<{ pid: number; port: number } | null> {
  const lock = readLockFile(pgData);
  if (!lock) return null;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const name = isAlive(lock.pid) ? commandName(lock.pid) : '';
    if (name === '' || (name !== null && !/postgres|postmaster/.test(name))) {
      rmSync(join(pgData, 'postmaster.pid'), { force: true });
      return null;
    }
    if (await answers(lock.port, 'postgres')) return lock;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new PostgresUnavailableError(
    `A PostgreSQL server (pid ${lock.pid}) holds ${pgData} but does not answer on port ${lock.port}.`,
  );
}

/** Unix socket paths are limited to 107 bytes: beyond that, TCP on loopback only. */
function socketDirFor(pgData: string, port: number): string {
  return `${pgData}/.s.PGSQL.${port}`.length < 100 ? pgData : '';
}

async function launch(
  binaries: PostgresBinaries,
  pgData: string,
  identity: PostgresIdentity | null,
  port: number,
  timeoutMs: number,
): Promise<{ pid: number; child: ChildProcess }> {
  const logPath = join(dirname(pgData), 'postgresql.log');
  // Appended: a restart after a crash keeps the crash's own lines.
  const log = openSync(logPath, 'a');
  const { command, args } = withParentDeathSignal(
    join(binaries.binDir, 'postgres'),
    [
      '-D',
      pgData,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDirFor(pgData, port)}`,
      '-c',
      'unix_socket_permissions=0700',
      ...Object.entries(QUERY_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      // Room for the search entries' pages: a search reads one per hit (shared-buffers.ts).
      '-c',
      `shared_buffers=${sharedBuffersMiB()}MB`,
      // After a crash (the server killed), one syncfs() of the file system instead of an fsync
      // of every file before recovery starts: measured under load, the fsync walk was 2.5 s of a
      // 3.7 s restart. Both make what the killed server wrote durable before it is replayed.
      '-c',
      'recovery_init_sync_method=syncfs',
      '-c',
      'log_min_messages=warning',
      // A unique-key violation is an answer to the application, not a server problem.
      '-c',
      'log_min_error_statement=panic',
    ],
    'INT',
  );
  const child = spawn(command, args, {
    ...spawnAs(identity, pgData),
    env: serverEnv(),
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const pid = child.pid;
  if (pid === undefined) {
    await new Promise((r) => child.once('error', r));
    throw new PostgresUnavailableError(`could not start ${command}`);
  }
  stopOnExit(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (child.exitCode === null && child.signalCode === null) {
    if (await answers(port, 'postgres')) return { pid, child };
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  forgetOnExit(pid);
  const tail = readFileSync(logPath, 'utf8').slice(-4000);
  throw new PostgresUnavailableError(`PostgreSQL did not become ready on port ${port}:\n${tail}`);
}

async function ensureFerretDBDatabase(port: number): Promise<void> {
  await withPostgres(`postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      FERRETDB_DATABASE,
    ]);
    // Byte order for strings, whatever the cluster's default (see collation.ts).
    if (found.rowCount === 0) {
      await client.query(
        `CREATE DATABASE ${FERRETDB_DATABASE} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`,
      );
    }
  });
}

/** Why a process ended, in words for a log line. */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `killed by ${signal}` : `exited with code ${code ?? 'unknown'}`;
}

/**
 * Resolves when the server ends: the child's exit event, or, for a server adopted from an
 * earlier owner (not our child, so no event), a liveness poll.
 */
function exitCause(pid: number, child: ChildProcess | null): Promise<string> {
  if (child) {
    if (child.exitCode !== null || child.signalCode !== null) {
      return Promise.resolve(describeExit(child.exitCode, child.signalCode));
    }
    return new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve(describeExit(code, signal))),
    );
  }
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (isAlive(pid)) return;
      clearInterval(timer);
      resolve('exited (adopted from an earlier start: its exit status is not ours to read)');
    }, 500);
    // The poll alone must not keep the owner alive.
    timer.unref();
  });
}

/**
 * Starts (or reuses) the PostgreSQL server of one data directory: initialised once with trust
 * authentication for loopback and its socket, listening on 127.0.0.1 only on a free port, run as
 * an unprivileged user when this process is root, and stopped when this process exits.
 */
export async function startPostgres(options: PostgresOptions): Promise<PostgresServer> {
  const binaries = findPostgresBinaries(options.binDir);
  if (!binaries) {
    throw new PostgresUnavailableError(
      'No PostgreSQL server found (looked in /usr/lib/postgresql/*/bin, pg_config --bindir and .cache/postgresql). ' +
        'Run `npm start` or `npm test` once to install one, install PostgreSQL, or set EMBEDDED_ENGINE=sqlite.',
    );
  }
  const pgData = resolve(options.dataDir);
  const timeoutMs = options.readyTimeoutMs ?? 30_000;
  const identity = postgresIdentity();
  mkdirSync(dirname(pgData), { recursive: true });
  if (identity) {
    ensureTraversable(dirname(pgData), identity);
    ensureTraversable(binaries.binDir, identity);
  }
  if (options.isRestart && !existsSync(join(pgData, 'PG_VERSION'))) {
    throw new PostgresUnavailableError(`${pgData} holds no PostgreSQL cluster any more`);
  }
  initCluster(binaries, pgData, identity);

  let running: { pid: number; port: number; child: ChildProcess | null } | null = null;
  const adopted = await findRunning(pgData, timeoutMs);
  if (adopted) {
    running = { ...adopted, child: null };
    stopOnExit(adopted.pid, 'SIGINT');
  }
  for (let attempt = 1; !running; attempt += 1) {
    const port = options.port || (await freePort());
    try {
      running = { port, ...(await launch(binaries, pgData, identity, port, timeoutMs)) };
    } catch (error) {
      // Another process may have taken the port between probe and bind: try another one.
      if (options.port || attempt >= 3) throw error;
    }
  }
  const { pid, port, child } = running;
  let isStopping = false;
  const exited = exitCause(pid, child).then(async (cause) => {
    forgetOnExit(pid);
    // After stop() the exit is expected: nobody is told.
    if (isStopping) await new Promise(() => undefined);
    return cause;
  });
  await ensureFerretDBDatabase(port);
  return {
    url: `postgres://${SUPERUSER}@127.0.0.1:${port}/${FERRETDB_DATABASE}`,
    port,
    pid,
    dataDir: pgData,
    binaries,
    exited,
    async stop() {
      isStopping = true;
      forgetOnExit(pid);
      if (!isAlive(pid)) return;
      process.kill(pid, 'SIGINT');
      if (await waitForExit(pid, child, 30_000)) return;
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid, child, 5_000);
    },
  };
}
