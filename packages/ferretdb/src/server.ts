import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MongoClient } from 'mongodb';
import { ensureFerretDB } from './binary.js';
import type { FerretDBVariant } from './binary.js';
import { assertByteOrderCollation } from './collation.js';
import { configureDocumentStorage } from './document-storage.js';
import { installIndexers } from './indexers.js';
import { withPostgres } from './pg-client.js';
import { startPostgres } from './postgres.js';
import type { PostgresServer } from './postgres.js';
import { freePort } from './ports.js';
import { forgetOnExit, stopOnExit, withParentDeathSignal } from './processes.js';
import { describeExit } from './postgres.js';
import { supervise } from './supervisor.js';
import type { EngineSupervision, SupervisedUnit, SupervisionOptions } from './supervisor.js';

/** Which FerretDB backend serves the data: PostgreSQL (the default) or SQLite files. */
export type EmbeddedEngine = 'postgresql' | 'sqlite';

export interface FerretDBServer {
  /** `mongodb://127.0.0.1:PORT/` — append a database name. */
  readonly uri: string;
  readonly port: number;
  readonly dataDir: string;
  readonly engine: EmbeddedEngine;
  /**
   * The FerretDB process (killing it takes the database down; PostgreSQL keeps running). Under
   * supervision, the current one: a restart replaces it.
   */
  readonly process: ChildProcess;
  /** The PostgreSQL server under FerretDB; null with the SQLite engine. Replaced by a restart. */
  readonly postgres: PostgresServer | null;
  /** The restarts so far, when started with `supervise`; null otherwise. */
  supervision(): EngineSupervision | null;
  /**
   * Stops restarting (a shutdown has begun: Ctrl-C signals the engine's processes too, and their
   * exit is no crash). Resolves once a restart under way has finished.
   */
  stopSupervising(): Promise<void>;
  /** Stops FerretDB (SIGTERM, then SIGKILL after a grace period), then PostgreSQL. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Folder for FerretDB's state and the data (`pg/` or the SQLite files); created if missing. */
  dataDir: string;
  /** FerretDB's loopback port; 0 or unset picks a free one. */
  port?: number;
  binaryPath?: string | undefined;
  /** Which build of FerretDB runs when `binaryPath` is unset: `patched` (default) or `upstream`. */
  variant?: FerretDBVariant | undefined;
  /** `postgresql` (default) or `sqlite`. */
  engine?: EmbeddedEngine | undefined;
  /** Folder of PostgreSQL's `initdb` and `postgres`; found on the machine when unset. */
  postgresBinDir?: string | undefined;
  /** How long to wait for each server to answer. */
  readyTimeoutMs?: number;
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /**
   * Restart FerretDB or PostgreSQL when either dies, on the same ports (see supervisor.ts), and
   * give up after repeated failures. Unset: a dead process stays dead (the tests that kill the
   * database on purpose).
   */
  supervise?: SupervisionOptions | undefined;
}

export { freePort };

/** Pings until the server answers; readiness is observed, never assumed from a sleep. */
export async function waitForPing(
  uri: string,
  timeoutMs: number,
  isAlive: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('FerretDB exited before it became ready');
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500, directConnection: true });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      return;
    } catch (error) {
      lastError = error;
    } finally {
      await client.close().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`FerretDB did not answer a ping within ${timeoutMs} ms: ${String(lastError)}`);
}

const ENDPOINT_FILE = 'endpoint.json';

interface Endpoint {
  uri: string;
  port: number;
  pid: number;
  engine: EmbeddedEngine;
  postgresUrl: string | null;
}

/** The URI of a FerretDB already serving `dataDir`, if one answers a ping. */
export async function findRunningFerretDB(dataDir: string): Promise<string | null> {
  try {
    const { uri, pid } = JSON.parse(
      readFileSync(join(resolve(dataDir), ENDPOINT_FILE), 'utf8'),
    ) as Endpoint;
    process.kill(pid, 0);
    await waitForPing(uri, 2_000, () => true);
    return uri;
  } catch {
    return null;
  }
}

/**
 * Starts FerretDB on loopback with telemetry disabled and waits until it answers. By default its
 * backend is a PostgreSQL server started (or reused) on `<dataDir>/pg`, with our indexers
 * installed (see indexers.ts) and documents stored whole in their rows (see document-storage.ts);
 * `engine: 'sqlite'` keeps SQLite files in `dataDir` instead.
 */
export async function startFerretDB(options: StartOptions): Promise<FerretDBServer> {
  const binary = await ensureFerretDB({ binaryPath: options.binaryPath, variant: options.variant });
  const dataDir = resolve(options.dataDir);
  const engine = options.engine ?? 'postgresql';
  mkdirSync(dataDir, { recursive: true });
  let postgres: PostgresServer | null = null;
  if (engine === 'postgresql') {
    postgres = await startPostgres({
      dataDir: join(dataDir, 'pg'),
      binDir: options.postgresBinDir,
      readyTimeoutMs: options.readyTimeoutMs,
    });
  }
  try {
    if (postgres) {
      const pgDataDir = postgres.dataDir;
      await withPostgres(postgres.url, async (client) => {
        await assertByteOrderCollation(client, pgDataDir);
        await configureDocumentStorage(client);
        await installIndexers(client);
      });
    }
    const backend = postgres
      ? ['--handler=postgresql', `--postgresql-url=${postgres.url}`]
      : ['--handler=sqlite', `--sqlite-url=file:${dataDir}/`];
    let ferret: Launched | undefined;
    for (let attempt = 1; !ferret; attempt += 1) {
      const port = options.port || (await freePort());
      try {
        ferret = await launch({ binary, dataDir, port, options, engine, backend, postgres });
      } catch (error) {
        // Another process may have taken the port between probe and bind: try another one.
        if (options.port || attempt >= 3) throw error;
      }
    }
    return serve({ ferret, postgres, dataDir, engine, options, binary, backend });
  } catch (error) {
    await postgres?.stop();
    throw error;
  }
}

/** The running pair, and its supervision when asked for: restarts keep both ports. */
function serve(params: {
  ferret: Launched;
  postgres: PostgresServer | null;
  dataDir: string;
  engine: EmbeddedEngine;
  options: StartOptions;
  binary: string;
  backend: string[];
}): FerretDBServer {
  let { ferret, postgres } = params;
  const { dataDir, engine, options } = params;
  const { port, uri } = ferret;
  const stopBoth = async () => {
    await ferret.stop();
    await postgres?.stop();
  };
  const relaunch = async () => {
    ferret = await launch({ ...params, port, postgres });
  };
  const units: SupervisedUnit[] = [
    { process: 'ferretdb', died: () => ferret.died, restart: relaunch },
  ];
  if (postgres) {
    const pg = postgres;
    units.push({
      process: 'postgresql',
      died: () => postgres!.exited,
      restart: async () => {
        postgres = await startPostgres({
          dataDir: pg.dataDir,
          binDir: pg.binaries.binDir,
          port: pg.port,
          isRestart: true,
          readyTimeoutMs: options.readyTimeoutMs,
        });
        // FerretDB stays up: its connection pool drops the dead server's connections and
        // makes new ones to the same port (measured: writes resume as soon as PostgreSQL answers).
      },
    });
  }
  const supervisor = options.supervise ? supervise(units, options.supervise, stopBoth) : null;
  return {
    uri,
    port,
    dataDir,
    engine,
    get process() {
      return ferret.child;
    },
    get postgres() {
      return postgres;
    },
    supervision: () => supervisor?.status() ?? null,
    stopSupervising: async () => supervisor?.stop(),
    async stop() {
      await supervisor?.stop();
      await stopBoth();
    },
  };
}

/**
 * Go's GC target for FerretDB (`GOGC`), unless the environment sets one. FerretDB decodes each
 * document it reads into fresh objects, so at Go's default (100) a third of its CPU went to the
 * collector and allocation; at 400 its CPU for the same GraphQL papers pages fell by 23% (pprof,
 * 420 requests on the scale-1 bench catalog), and its peak RSS rose from 39 to 59 MB.
 */
export const FERRETDB_GOGC = '400';

/** One FerretDB process. */
interface Launched {
  uri: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the cause when it dies without `stop()`; never after `stop()`. */
  died: Promise<string>;
  stop(): Promise<void>;
}

async function launch(params: {
  binary: string;
  dataDir: string;
  port: number;
  options: StartOptions;
  engine: EmbeddedEngine;
  backend: string[];
  postgres: PostgresServer | null;
}): Promise<Launched> {
  const { binary, dataDir, port, options, engine, postgres } = params;
  const { command, args } = withParentDeathSignal(
    binary,
    [
      ...params.backend,
      `--listen-addr=127.0.0.1:${port}`,
      `--state-dir=${dataDir}`,
      '--telemetry=disable',
      '--debug-addr=-',
      `--log-level=${options.logLevel ?? 'warn'}`,
    ],
    'TERM',
  );
  const child = spawn(command, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, GOGC: process.env.GOGC || FERRETDB_GOGC },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  // A binary that cannot be run: the exit event follows this one.
  child.on('error', (error) => {
    stderr += `\n${error.message}`;
  });
  let exited = false;
  let isStopping = false;
  const exit = new Promise<string>((r) =>
    child.once('exit', (code, signal) => {
      exited = true;
      if (child.pid !== undefined) forgetOnExit(child.pid);
      r(describeExit(code, signal));
    }),
  );
  if (child.pid !== undefined) stopOnExit(child.pid, 'SIGTERM');
  const uri = `mongodb://127.0.0.1:${port}/`;
  try {
    await waitForPing(uri, options.readyTimeoutMs ?? 30_000, () => !exited);
  } catch (error) {
    child.kill('SIGKILL');
    await exit;
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  // Lets other local processes (the token CLI) find the running server.
  const endpointFile = join(dataDir, ENDPOINT_FILE);
  const endpoint: Endpoint = {
    uri,
    port,
    pid: child.pid!,
    engine,
    postgresUrl: postgres?.url ?? null,
  };
  writeFileSync(endpointFile, JSON.stringify(endpoint));
  const died = exit.then(async (cause) => {
    rmSync(endpointFile, { force: true });
    // After stop() the exit is expected: nobody is told.
    if (isStopping) await new Promise(() => undefined);
    return cause;
  });
  return {
    uri,
    port,
    child,
    died,
    async stop() {
      isStopping = true;
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exit;
        clearTimeout(timer);
      }
    },
  };
}
