import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './http-app.js';

/** An app that answers 200 after one middleware, with Express's X-Powered-By left on. */
function appWith(middleware: express.RequestHandler) {
  const app = express();
  app.use(middleware);
  app.get('/', (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

/** The response headers that do not change from one response to the next. */
function fixedHeaders(headers: Record<string, unknown>) {
  const { date: _date, etag: _etag, ...rest } = headers;
  return rest;
}

describe('securityHeaders', () => {
  it("sends exactly helmet's headers, in helmet's order, and removes X-Powered-By as helmet does", async () => {
    const ours = await request(appWith(securityHeaders())).get('/');
    const helmets = await request(appWith(helmet())).get('/');
    expect(ours.status).toBe(200);
    expect(ours.headers['x-powered-by']).toBeUndefined();
    expect(ours.headers['content-security-policy']).toContain("default-src 'self'");
    expect(Object.keys(fixedHeaders(ours.headers))).toEqual(
      Object.keys(fixedHeaders(helmets.headers)),
    );
    expect(fixedHeaders(ours.headers)).toEqual(fixedHeaders(helmets.headers));
  });
});
