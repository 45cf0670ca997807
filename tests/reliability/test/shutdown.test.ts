import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { baseEnv, startService, waitFor } from './support/processes.js';
import type { AppName } from './support/processes.js';

/**
 * Opens a request whose body arrives slowly: it is in flight until `finish` is called. It asks
 * `Expect: 100-continue`, so `accepted` resolves once the server has read its headers (the
 * server's own `100 Continue`), not after a guessed delay.
 */
function slowRequest(port: number, path: string, body: string) {
  let finish!: () => void;
  let accept!: () => void;
  const accepted = new Promise<void>((resolve) => (accept = resolve));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          expect: '100-continue',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.on('continue', () => {
      req.write(body.slice(0, 5));
      accept();
    });
    req.flushHeaders();
    finish = () => req.end(body.slice(5));
  });
  return { accepted, response, finish: () => finish() };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const cases: { app: AppName; path: string; body: string; expectStatus: number }[] = [
  {
    app: 'rest-api',
    path: '/api/v1/universities',
    body: '{"name":"Slow","shortName":"S"}',
    expectStatus: 401,
  },
  {
    app: 'graphql-gateway',
    path: '/graphql',
    body: '{"query":"{ health { status } }"}',
    expectStatus: 200,
  },
];

describe('graceful shutdown', () => {
  it.each(cases)(
    'when $app gets SIGTERM with slow requests in flight, then they complete, new connections are refused and it exits 0',
    async ({ app, path, body, expectStatus }) => {
      const service = await startService(
        app,
        baseEnv({
          MONGODB_URI: `${inject('mongoUri')}shutdown_${app.replace('-', '_')}`,
          SHUTDOWN_GRACE_MS: '8000',
        }),
      );
      const inFlight = [
        slowRequest(service.port, path, body),
        slowRequest(service.port, path, body),
      ];
      await Promise.all(inFlight.map((r) => r.accepted));
      const signalledAt = Date.now();
      service.child.kill('SIGTERM');
      // The listener closes as the shutdown starts: wait for that, rather than for a guessed delay.
      await waitFor(
        async () => ((await canConnect(service.port)) ? undefined : true),
        5_000,
        'the listener to close',
      );
      for (const request of inFlight) request.finish();
      const responses = await Promise.all(inFlight.map((r) => r.response));
      for (const response of responses) expect(response.status).toBe(expectStatus);
      expect(await service.exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(8_000);

      const messages = service
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      const order = ['shutting down', 'servers drained', 'database closed', 'stopped'].map((m) =>
        messages.indexOf(m),
      );
      expect(order.every((index) => index >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    },
  );
});
