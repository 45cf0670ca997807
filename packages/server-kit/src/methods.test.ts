import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { methodGuard, MethodNotAllowedError } from './methods.js';

const ROUTES = [
  { method: 'GET', path: '/api/v1/papers' },
  { method: 'POST', path: '/api/v1/papers' },
  { method: 'GET', path: '/api/v1/papers/:id' },
  { method: 'PATCH', path: '/api/v1/papers/:id' },
  { method: 'PATCH', path: '/api/v1/papers/:id/status' },
  { method: 'PUT', path: '/api/v1/papers/:id/file' },
  { method: 'GET', path: '/api/v1/papers/:id/file' },
  { method: 'GET', path: '/api/v1/users/me' },
  { method: 'PATCH', path: '/api/v1/users/:externalId' },
];

/** The guard in front of a catch-all that answers 200 "passed", errors as 405 with the Allow header. */
function guarded() {
  const app = express();
  app.use(methodGuard(ROUTES));
  app.use((_req, res) => {
    res.status(200).send('passed');
  });
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (!(error instanceof MethodNotAllowedError)) throw error;
    res.status(405).send(error.allow.join(', '));
  });
  return request(app);
}

describe('methodGuard', () => {
  it.each([
    ['GET', '/api/v1/papers'],
    ['POST', '/api/v1/papers'],
    ['GET', '/api/v1/papers/abc'],
    ['HEAD', '/api/v1/papers/abc'],
    ['PATCH', '/api/v1/papers/abc/status'],
    ['PUT', '/api/v1/papers/abc/file'],
    // Two patterns match /users/me: the literal one owns it.
    ['GET', '/api/v1/users/me'],
    ['PATCH', '/api/v1/users/someone'],
    ['GET', '/API/V1/PAPERS/'],
    // No route's path: not the guard's business (the 404 follows).
    ['DELETE', '/api/v1/nowhere'],
  ])(
    'when %s %s is a method its path serves (or no known path), then it passes on',
    async (method, path) => {
      const res = await guarded()[method.toLowerCase() as 'get'](path);
      expect(res.status).toBe(200);
    },
  );

  it.each([
    ['DELETE', '/api/v1/papers/abc', 'GET, HEAD, PATCH, OPTIONS'],
    ['POST', '/api/v1/papers/abc/status', 'PATCH, OPTIONS'],
    // PATCH is /users/:externalId's: the literal /users/me owns this path.
    ['DELETE', '/api/v1/users/me', 'GET, HEAD, OPTIONS'],
    ['PATCH', '/api/v1/users/me', 'GET, HEAD, OPTIONS'],
    ['GET', '/api/v1/users/someone', 'PATCH, OPTIONS'],
    ['PUT', '/api/v1/papers', 'GET, HEAD, POST, OPTIONS'],
  ])(
    'when %s %s is another method, then 405 with the path’s methods',
    async (method, path, allow) => {
      const res = await guarded()[method.toLowerCase() as 'get'](path);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe(allow);
    },
  );

  it('when OPTIONS asks a known path, then 204 with Allow', async () => {
    const res = await guarded().options('/api/v1/papers/abc/file');
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe('GET, HEAD, PUT, OPTIONS');
  });
});
