import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { currentRequestId, requestId } from './request-context.js';

/** An app whose one route answers what currentRequestId() reads after an await. */
function appWith(options: { carryContext?: boolean }) {
  const app = express();
  app.use(requestId(options));
  app.get('/id', async (_req, res) => {
    await new Promise((resolve) => setImmediate(resolve));
    res.json({ current: currentRequestId() ?? null });
  });
  return app;
}

describe('requestId', () => {
  it('when the caller sends a reasonable X-Request-Id, then it is echoed; otherwise one is made', async () => {
    const app = appWith({});
    const offered = await request(app).get('/id').set('X-Request-Id', 'trace-1').expect(200);
    expect(offered.headers['x-request-id']).toBe('trace-1');
    const refused = await request(app).get('/id').set('X-Request-Id', 'has space').expect(200);
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when the chain carries the context, then code without the request reads the id across awaits', async () => {
    const res = await request(appWith({ carryContext: true }))
      .get('/id')
      .set('X-Request-Id', 'trace-2')
      .expect(200);
    expect(res.body).toEqual({ current: 'trace-2' });
  });

  it('when the chain does not carry the context, then no id is there to read (no AsyncLocalStorage)', async () => {
    const res = await request(appWith({})).get('/id').set('X-Request-Id', 'trace-3').expect(200);
    expect(res.body).toEqual({ current: null });
  });
});
