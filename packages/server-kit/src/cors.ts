// Other origins (the contract's "Other origins"): the web pages of other teams, named in
// CORS_ORIGINS, may call REST and GraphQL from their visitors' browsers. One policy for both apps.
import cors from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Methods a listed origin's page may use (preflight `Access-Control-Allow-Methods`). */
export const CORS_ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Request headers a listed origin's page may send: the contract's four, the request id, and
 * Apollo's `Apollo-Require-Preflight` (its CSRF prevention asks a GET to carry it).
 */
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'If-None-Match',
  'X-Request-Id',
  'Apollo-Require-Preflight',
] as const;

/** Response headers a listed origin's page may read, beyond the ones every browser shows. */
export const CORS_EXPOSED_HEADERS = [
  'ETag',
  'Location',
  'Retry-After',
  'Idempotent-Replayed',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Request-Id',
  'Content-Disposition',
  'Content-Range',
  'Accept-Ranges',
] as const;

/** How long a browser may reuse a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * The CORS middleware for `origins` (CORS_ORIGINS, checked by the config: `*` never in
 * production). A listed origin (any, with `*`) gets the CORS headers and its preflight a 204; an
 * origin not listed gets no CORS header at all, and its preflight goes on to the method guard
 * like any OPTIONS. With a list, every answer says `Vary: Origin`: it differs by origin, and a
 * shared cache must not hand one origin's answer to another.
 */
export function corsPolicy(origins: readonly string[]): RequestHandler {
  if (origins.length === 0) return (_req, _res, next) => next();
  const isAny = origins.includes('*');
  const listed = new Set(origins);
  const policy = cors({
    origin: isAny ? '*' : (origin, done) => done(null, origin !== undefined && listed.has(origin)),
    methods: [...CORS_ALLOWED_METHODS],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: PREFLIGHT_MAX_AGE_S,
    optionsSuccessStatus: 204,
  });
  if (isAny) return policy;
  return (req: Request, res: Response, next: NextFunction) => {
    res.vary('Origin');
    policy(req, res, next);
  };
}
