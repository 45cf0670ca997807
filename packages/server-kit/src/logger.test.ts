import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createLogger, httpLogger } from './logger.js';
import { requestId } from './request-context.js';

/** An app with the request id and request logger, its log lines collected as parsed JSON. */
function loggedApp() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    { logLevel: 'info' },
    { name: 'test', destination: { write: (line: string) => lines.push(JSON.parse(line)) } },
  );
  const app = express();
  app.use(requestId());
  app.use(httpLogger(logger));
  const router = express.Router();
  router.get('/ok', (_req, res) => {
    res.json({ ok: true });
  });
  router.get('/missing', (_req, res) => {
    res.status(404).json({ ok: false });
  });
  router.get('/slow', (_req, res) => {
    setTimeout(() => res.json({ ok: true }), 500).unref();
  });
  router.get('/broken', () => {
    throw new Error('broken');
  });
  app.use('/api', router);
  app.use(
    (
      _error: unknown,
      _req: express.Request,
      res: express.Response,
      _next: express.NextFunction,
    ) => {
      res.status(500).json({ ok: false });
    },
  );
  return { app, lines };
}

describe('httpLogger', () => {
  it('when a request is answered, then one info line carries the id, the request without its headers, the status and the time', async () => {
    const { app, lines } = loggedApp();
    await request(app)
      .get('/api/ok?x=1')
      .set('X-Request-Id', 'req-1')
      .set('Authorization', 'Bearer secret.token.here')
      .set('Cookie', 'session=secret')
      .expect(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(Object.keys(line!)).toEqual([
      'level',
      'time',
      'service',
      'name',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(line).toMatchObject({
      level: 30,
      reqId: 'req-1',
      req: {
        id: 'req-1',
        method: 'GET',
        path: '/api/ok?x=1',
      },
      res: { statusCode: 200 },
      // The path as the client sent it, not as the router that answered saw it (`/ok`).
      msg: 'GET /api/ok?x=1 200',
    });
    expect(typeof line!.responseTime).toBe('number');
    // Credentials travel in headers: none is logged.
    expect(line!.req).not.toHaveProperty('headers');
    expect(JSON.stringify(line)).not.toContain('secret');
  });

  it('when a request is answered with 4xx, then its line is a warning', async () => {
    const { app, lines } = loggedApp();
    await request(app).get('/api/missing').expect(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, res: { statusCode: 404 } });
    expect(lines[0]).not.toHaveProperty('httpError');
  });

  it('when a request fails with 5xx, then its line is an error (the error itself is logged by the error handler)', async () => {
    const { app, lines } = loggedApp();
    await request(app).get('/api/broken').expect(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, res: { statusCode: 500 } });
    expect(lines[0]).not.toHaveProperty('aborted');
  });

  it('when the client goes away before the answer, then the line says aborted', async () => {
    const { app, lines } = loggedApp();
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    // The client leaves once the server has the request, before the route answers.
    const req = httpRequest({ port, host: '127.0.0.1', path: '/api/slow' });
    const gone = new Promise<void>((resolve) => req.once('error', () => resolve()));
    server.once('request', () => setImmediate(() => req.destroy(new Error('client left'))));
    req.end();
    await gone;
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    server.close();
    expect(lines[0]).toMatchObject({ aborted: true, req: { path: '/api/slow' } });
  });
});
