// The HTTP caching rules of both apps (the contract's "HTTP caching"), in one place: an
// anonymous GET of the catalog may be kept by a shared cache for `CACHE_S_MAXAGE` seconds and
// is filed under its surrogate keys (the domain's answerKeys), so that a write can purge it
// (cache-purge.ts); a signed-in answer is the caller's own; an error is never kept. ETags and
// 304 come from Express (`etag: strong`) for every JSON answer.
import type { NextFunction, Request, Response } from 'express';
import { actorOf } from './auth.js';

/** A signed-in answer: the browser may keep it but asks again each time; no shared cache keeps it. */
export const SIGNED_IN_CACHE_CONTROL = 'private, no-cache';
/** An anonymous answer that names no surrogate keys: revalidated each time (ETag and 304). */
export const UNKEYED_CACHE_CONTROL = 'no-cache';
/** An error: kept by nobody. */
export const ERROR_CACHE_CONTROL = 'no-store';

/** Past this many keys an answer is not shared: a shared cache refuses such long headers. */
export const MAX_SURROGATE_KEYS = 1_000;

/** The Cache-Control of an anonymous catalog read. */
export function publicCacheControl(sMaxAge: number): string {
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=300`;
}

/**
 * Whether an answer with this many keys is kept by a shared cache: some keys (else no write could
 * drop it), not so many that the cache refuses the header, and an s-maxage (0 keeps nothing:
 * stale-while-revalidate would otherwise keep serving it).
 */
export function isKeptShared(keyCount: number, sMaxAge: number): boolean {
  return keyCount > 0 && keyCount <= MAX_SURROGATE_KEYS && sMaxAge > 0;
}

/** Whether this request's answer may be shared: an anonymous GET (or HEAD). */
export function isShareable(req: Request, res: Response): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    actorOf(res) === null &&
    req.get('authorization') === undefined
  );
}

/**
 * After authentication: the default Cache-Control of every answer past it, until the answer is
 * shared (`shareAnswer`) or fails (the error mappers set `no-store`).
 */
export function cacheDefaults() {
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.setHeader(
      'Cache-Control',
      actorOf(res) === null ? UNKEYED_CACHE_CONTROL : SIGNED_IN_CACHE_CONTROL,
    );
    next();
  };
}

/**
 * Marks a successful answer shareable when the request is an anonymous GET: public for
 * `sMaxAge` seconds, filed under `keys` (`Surrogate-Key`, space-separated). Others are left as
 * `cacheDefaults` set them.
 */
export function shareAnswer(
  req: Request,
  res: Response,
  keys: readonly string[],
  sMaxAge: number,
): void {
  if (!isShareable(req, res) || !isKeptShared(keys.length, sMaxAge)) return;
  res.setHeader('Cache-Control', publicCacheControl(sMaxAge));
  res.setHeader('Surrogate-Key', keys.join(' '));
}

/** An error answer: nobody keeps it, and it is filed under nothing. */
export function markUncacheable(res: Response): void {
  res.setHeader('Cache-Control', ERROR_CACHE_CONTROL);
  res.removeHeader('Surrogate-Key');
}
