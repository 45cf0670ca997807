// The patched engine and the oracle (FerretDB as released), each on its own PostgreSQL, for the
// tests that compare their answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import type { Db } from 'mongodb';
import { startFerretDB } from '../server.js';
import type { FerretDBServer } from '../server.js';

export interface Engine {
  server: FerretDBServer;
  client: MongoClient;
  db: Db;
}

export interface EnginePair {
  patched: Engine;
  upstream: Engine;
  stop(): Promise<void>;
}

async function startEngine(
  variant: 'patched' | 'upstream',
  prefix: string,
  database: string,
): Promise<Engine> {
  const server = await startFerretDB({
    dataDir: mkdtempSync(join(tmpdir(), `${prefix}-${variant}-`)),
    variant,
  });
  const client = new MongoClient(`${server.uri}${database}`);
  await client.connect();
  return { server, client, db: client.db() };
}

async function stopEngine(engine: Engine | undefined): Promise<void> {
  if (!engine) return;
  await engine.client.close();
  await engine.server.stop();
  rmSync(engine.server.dataDir, { recursive: true, force: true });
}

/** Starts both engines (the upstream binary is built on first use, offline from Go's cache). */
export async function startEnginePair(prefix: string, database: string): Promise<EnginePair> {
  const patched = await startEngine('patched', prefix, database);
  try {
    const upstream = await startEngine('upstream', prefix, database);
    return {
      patched,
      upstream,
      async stop() {
        await stopEngine(patched);
        await stopEngine(upstream);
      },
    };
  } catch (error) {
    await stopEngine(patched);
    throw error;
  }
}
