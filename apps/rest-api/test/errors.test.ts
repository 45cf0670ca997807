import { UniversityModel } from '@qpc/domain/testing';
import { flushSentry, initSentry } from '@qpc/server-kit';
import type { SentryOptions } from '@qpc/server-kit';
import { socketEndedByPeerError } from '@qpc/server-kit/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useApp } from './support/harness.js';

/** Makes the next university count fail inside the domain, as a broken database call would. */
function breakNextCount(message: string) {
  vi.spyOn(UniversityModel, 'countDocuments').mockRejectedValueOnce(new Error(message));
}

describe('error handling', () => {
  const { app: development, call: dev, normal: user } = useApp();
  const { app: production, call: prod } = useApp(
    { NODE_ENV: 'production' },
    { shareDatabaseWith: development },
  );
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when something unexpected fails in production, then 500 with exactly "Internal server error", INTERNAL_ERROR and no stack', async () => {
    breakNextCount('connection string mongodb://admin:hunter2@db leaked');
    const res = await prod('GET', '/universities', { headers: { 'x-request-id': 'prod-500' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      success: false,
      error: { message: 'Internal server error', code: 'INTERNAL_ERROR', requestId: 'prod-500' },
    });
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toMatch(/at .*\.js/);
  });

  it('when something unexpected fails in production, then the log line has message, stack, path and method', async () => {
    breakNextCount('logged but not shown');
    await prod('GET', '/universities?page=1', { headers: { 'x-request-id': 'prod-log' } });
    const line = production.logs().find((l) => l.requestId === 'prod-log' && l.err);
    expect(line).toMatchObject({
      err: {
        message: 'logged but not shown',
        stack: expect.stringContaining('Error: logged but not shown'),
      },
      path: '/api/v1/universities?page=1',
      method: 'GET',
      status: 500,
      code: 'INTERNAL_ERROR',
    });
  });

  it('when a 4xx happens in production, then its message passes through', async () => {
    const res = await prod('GET', '/universities/no-such-university');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'University not found' });
    const invalid = await prod('POST', '/subjects', { token: user.token, body: { name: 'x' } });
    expect(invalid.status).toBe(403);
    expect(invalid.body.error.message).toMatch(/role/);
  });

  it('when something unexpected fails in development, then the message passes through', async () => {
    breakNextCount('the real reason');
    const res = await dev('GET', '/universities');
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ message: 'the real reason', code: 'INTERNAL_ERROR' });
  });

  it('when the database drops under a request with an error the driver does not wrap (EPIPE), then 503, not 500, logged with its class and message', async () => {
    // Seen in `npm test` right after the database was killed: Node's own EPIPE from the
    // driver's socket write, while mongoose still reported the connection open.
    const epipe = await socketEndedByPeerError();
    for (const [call, app] of [
      [prod, production],
      [dev, development],
    ] as const) {
      vi.spyOn(UniversityModel, 'countDocuments').mockRejectedValueOnce(epipe);
      const id = `epipe-${app === production ? 'prod' : 'dev'}`;
      const res = await call('GET', '/universities', { headers: { 'x-request-id': id } });
      const line = app.logs().find((l) => l.requestId === id && l.err);
      expect(res.status, JSON.stringify({ body: res.body, logged: line?.err })).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(line).toMatchObject({
        status: 503,
        err: { name: 'Error', message: 'This socket has been ended by the other party' },
      });
    }
  });

  it.each([
    [
      'a RetryableWriteError label',
      { name: 'MongoServerError', errorLabels: ['RetryableWriteError'] },
    ],
    [
      'ECONNRESET wrapped in cause',
      { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) },
    ],
    ['a MongoPoolClearedError', { name: 'MongoPoolClearedError' }],
  ])('when %s reaches the edge while the connection looks open, then 503', async (_name, shape) => {
    vi.spyOn(UniversityModel, 'countDocuments').mockRejectedValueOnce(
      Object.assign(new Error('database went away'), shape),
    );
    const res = await prod('GET', '/universities');
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service unavailable',
    });
  });

  describe('Sentry', () => {
    const envelopes: unknown[] = [];
    beforeAll(async () => {
      const transport = () => ({
        send: async (envelope: unknown) => {
          envelopes.push(envelope);
          return {};
        },
        flush: async () => true,
      });
      await initSentry(
        { sentry: { dsn: 'https://public@o0.ingest.sentry.io/0', environment: 'test' } },
        { transport: transport as unknown as SentryOptions['transport'] },
      );
    });

    it('when 400, 404 and a 500 happen, then only the 500 is reported, without the Authorization header', async () => {
      expect((await prod('GET', '/universities?page=0', { token: user.token })).status).toBe(400);
      expect((await prod('GET', '/universities/%ff', { token: user.token })).status).toBe(400);
      expect(
        (
          await prod('POST', '/universities', {
            token: user.token,
            rawBody: '{"name":"x"}',
            headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          })
        ).status,
      ).toBe(400);
      expect((await prod('GET', '/universities/missing-one', { token: user.token })).status).toBe(
        404,
      );
      expect(
        (await prod('POST', '/subjects', { token: user.token, body: { name: 'x' } })).status,
      ).toBe(403);
      breakNextCount('reported to sentry');
      expect(
        (
          await prod('GET', '/universities', {
            token: user.token,
            headers: { 'x-request-id': 'sentry-500' },
          })
        ).status,
      ).toBe(500);
      await flushSentry(2_000);

      const events = envelopes
        .flatMap(
          (envelope) => (envelope as [unknown, [{ type: string }, Record<string, any>][]])[1],
        )
        .filter(([header]) => header.type === 'event')
        .map(([, event]) => event);
      expect(events).toHaveLength(1);
      expect(events[0]!.exception.values[0].value).toBe('reported to sentry');
      expect(events[0]!.tags).toMatchObject({ requestId: 'sentry-500', code: 'INTERNAL_ERROR' });
      const serialized = JSON.stringify(envelopes);
      expect(serialized.toLowerCase()).not.toContain('authorization');
      expect(serialized).not.toContain(user.token);
    });
  });
});
