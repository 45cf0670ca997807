// Helpers for the apps' HTTP tests: real servers on port 0, a real database, real tokens.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { loadConfig } from '@qpc/config';
import type { Config } from '@qpc/config';
import { connectDatabase, disconnectDatabase, prepareDatabase } from '@qpc/domain';
import { mongoose } from '@qpc/domain/testing';
import type { Express } from 'express';
import { signSessionToken } from './dev-keys.js';
import type { TokenClaims } from './dev-keys.js';

export { startAppProcess } from './app-process.js';
export type { AppPackage, AppProcess, AppProcessOptions } from './app-process.js';
export { startDatabaseRelay } from './database-relay.js';
export type { DatabaseRelay } from './database-relay.js';

export interface TestKeys {
  publicKeyPem: string;
  privateKeyPem: string;
}

let cachedKeys: TestKeys | undefined;

/** An RSA key pair for this test process: the public half is CLERK_JWT_KEY. */
export function testKeys(): TestKeys {
  cachedKeys ??= (() => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return { publicKeyPem: publicKey, privateKeyPem: privateKey };
  })();
  return cachedKeys;
}

/** A config for tests: test keys, quiet logs, a high rate limit unless overridden. */
export function testConfig(mongoUri: string, overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    MONGODB_URI: mongoUri,
    DATA_DIR: `/tmp/qpc-test-data-${process.pid}`,
    CLERK_JWT_KEY: testKeys().publicKeyPem,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    ...overrides,
  });
}

/**
 * The environment of an app under test, like `testConfig` (for `startAppProcess`): test keys, a high rate limit, no
 * sample data, and `info` logs (the start-up line carries the port). `overrides` win.
 */
export function appProcessEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    CLERK_JWT_KEY: testKeys().publicKeyPem,
    LOG_LEVEL: 'info',
    SEED_SAMPLE_DATA: 'false',
    RATE_LIMIT_MAX: '100000',
    ...overrides,
  };
}

/** Signs a token with the test key, good for an hour unless told otherwise. */
export function tokenFor(
  claims: TokenClaims | string,
  options: { expiresInSeconds?: number; notBefore?: number; issuedAt?: number } = {},
): Promise<string> {
  const full = typeof claims === 'string' ? { sub: claims } : claims;
  return signSessionToken(testKeys().privateKeyPem, full, { expiresInSeconds: 3600, ...options });
}

/** Connects the shared mongoose connection to a fresh database on the test server. */
export async function connectTestDatabase(
  baseUri: string,
): Promise<{ uri: string; drop: () => Promise<void> }> {
  // A second app in the same test file shares the file's database (mongoose has one connection).
  if (mongoose.connection.readyState === 1 && mongoose.connection.db) {
    const { host, port, name } = mongoose.connection;
    return { uri: `mongodb://${host}:${port}/${name}`, drop: async () => undefined };
  }
  const uri = `${baseUri}t_${randomUUID().slice(0, 8)}`;
  await connectDatabase({ uri });
  await prepareDatabase();
  return {
    uri,
    async drop() {
      await mongoose.connection.db?.dropDatabase().catch(() => undefined);
      await disconnectDatabase();
    },
  };
}

/** Listens on a free loopback port. */
export async function listen(
  app: Express,
): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A pino destination that keeps every line, for assertions on logs. */
export function captureLogs(): {
  destination: Writable;
  lines: () => Record<string, unknown>[];
  /** Everything written, as written. */
  text: () => string;
} {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return {
    destination,
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/**
 * A genuine Node error of a write to a socket whose peer has closed it (`EPIPE`, "This socket
 * has been ended by the other party"): what the driver lets through when the database dies
 * between two commands on a pooled connection.
 */
export async function socketEndedByPeerError(): Promise<Error> {
  const server = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.resume();
  await once(socket, 'end');
  const error = await new Promise<Error>((resolve) =>
    socket.write('ping', (err) => resolve(err ?? new Error('the write unexpectedly succeeded'))),
  );
  socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return error;
}
