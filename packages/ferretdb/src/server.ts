import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { MongoClient } from 'mongodb';
import { ensureFerretDB } from './binary.js';

export interface FerretDBServer {
  /** `mongodb://127.0.0.1:PORT/` — append a database name. */
  readonly uri: string;
  readonly port: number;
  readonly dataDir: string;
  readonly process: ChildProcess;
  /** Stops the server (SIGTERM, then SIGKILL after a grace period). */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Folder for the SQLite files and FerretDB's state; created if missing. */
  dataDir: string;
  /** Loopback port; 0 or unset picks a free one. */
  port?: number;
  binaryPath?: string | undefined;
  /** How long to wait for the first successful ping. */
  readyTimeoutMs?: number;
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
}

/** Asks the OS for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

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
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`FerretDB did not answer a ping within ${timeoutMs} ms: ${String(lastError)}`);
}

const ENDPOINT_FILE = 'endpoint.json';

/** The URI of a FerretDB already serving `dataDir`, if one answers a ping. */
export async function findRunningFerretDB(dataDir: string): Promise<string | null> {
  try {
    const { uri, pid } = JSON.parse(
      readFileSync(join(resolve(dataDir), ENDPOINT_FILE), 'utf8'),
    ) as {
      uri: string;
      pid: number;
    };
    process.kill(pid, 0);
    await waitForPing(uri, 2_000, () => true);
    return uri;
  } catch {
    return null;
  }
}

/** Starts FerretDB with its SQLite backend on loopback, telemetry disabled, and waits until it answers. */
export async function startFerretDB(options: StartOptions): Promise<FerretDBServer> {
  const binary = await ensureFerretDB({ binaryPath: options.binaryPath });
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  let attempts = 0;
  for (;;) {
    attempts += 1;
    const port = options.port || (await freePort());
    try {
      return await launch(binary, dataDir, port, options);
    } catch (error) {
      // Another process may have taken the port between probe and bind: try another one.
      if (options.port || attempts >= 3) throw error;
    }
  }
}

async function launch(
  binary: string,
  dataDir: string,
  port: number,
  options: StartOptions,
): Promise<FerretDBServer> {
  const child = spawn(
    binary,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${dataDir}/`,
      `--listen-addr=127.0.0.1:${port}`,
      `--state-dir=${dataDir}`,
      '--telemetry=disable',
      '--debug-addr=-',
      `--log-level=${options.logLevel ?? 'warn'}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  let exited = false;
  const exit = new Promise<void>((r) =>
    child.once('exit', () => {
      exited = true;
      r();
    }),
  );
  const uri = `mongodb://127.0.0.1:${port}/`;
  try {
    await waitForPing(uri, options.readyTimeoutMs ?? 30_000, () => !exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  // Lets other local processes (the token CLI) find the running server.
  const endpointFile = join(dataDir, ENDPOINT_FILE);
  writeFileSync(endpointFile, JSON.stringify({ uri, port, pid: child.pid }));
  void exit.then(() => rmSync(endpointFile, { force: true }));
  return {
    uri,
    port,
    dataDir,
    process: child,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
