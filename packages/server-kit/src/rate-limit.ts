import type { Config } from '@qpc/config';
import { createRequire } from 'node:module';
import type { NextFunction, Request, Response } from 'express';
import type * as IORedis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { actorOf } from './auth.js';
import { RateLimitedError } from './errors.js';

const require = createRequire(import.meta.url);

/** ioredis, loaded only for a Redis store: 1.4 MB of heap the in-memory store never needs. */
function redisClient(): typeof IORedis.Redis {
  return (require('ioredis') as typeof IORedis).Redis;
}

export interface RateLimiter {
  readonly limiter: RateLimiterAbstract;
  readonly max: number;
  close(): Promise<void>;
}

/**
 * Counters keyed by caller (see `rateLimitKey`): in memory by default; in Redis when RATE_LIMIT_STORE=redis, so
 * instances share one budget. If Redis is unreachable, each instance falls back to its own
 * in-memory counters (fail open to the per-instance limit, never to no limit at all).
 */
export function createRateLimiter(
  config: Pick<Config, 'rateLimit'>,
  options: { keyPrefix: string },
): RateLimiter {
  const { windowMs, max, store, redisUrl } = config.rateLimit;
  const base = { points: max, duration: windowMs / 1000, keyPrefix: options.keyPrefix };
  if (store === 'redis' && redisUrl) {
    const Redis = redisClient();
    const client = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 1_000,
      lazyConnect: false,
    });
    // Errors surface per request through the insurance limiter; keep the client from crashing.
    client.on('error', () => undefined);
    const limiter = new RateLimiterRedis({
      ...base,
      storeClient: client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(base),
    });
    return {
      limiter,
      max,
      async close() {
        client.disconnect();
      },
    };
  }
  return { limiter: new RateLimiterMemory(base), max, close: async () => undefined };
}

function setHeaders(res: Response, max: number, result: RateLimiterRes): void {
  res.setHeader('X-RateLimit-Limit', String(max));
  res.setHeader('X-RateLimit-Remaining', String(Math.max(0, result.remainingPoints)));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil((Date.now() + result.msBeforeNext) / 1000)));
}

/**
 * Whose budget a request spends: a signed-in caller's own (set by `authenticate`, which runs
 * first), so students behind one campus address do not share one, and the same budget follows a
 * user across addresses; anyone else's, an invalid token included, is the client address's, so
 * a new garbage token never buys a fresh budget.
 */
export function rateLimitKey(req: Request, res: Response): string {
  const actor = actorOf(res);
  if (actor) return `user:${actor.id}`;
  return `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
}

/** Counts the request against the caller (`rateLimitKey`; a 304 is refunded); 429 with Retry-After past the limit. */
export function rateLimit(rateLimiter: RateLimiter) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const key = rateLimitKey(req, res);
    try {
      const result = await rateLimiter.limiter.consume(key);
      setHeaders(res, rateLimiter.max, result);
      // A 304 is not counted (the contract's fourth release): a client revalidating what it
      // holds costs the service almost nothing. Known only once answered, so refunded then.
      res.once('finish', () => {
        if (res.statusCode === 304) void rateLimiter.limiter.reward(key, 1).catch(() => undefined);
      });
      next();
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        setHeaders(res, rateLimiter.max, rejection);
        // The counter goes on past the limit: only the first refusal of the window is one over.
        const isFirstInWindow = rejection.consumedPoints <= rateLimiter.max + 1;
        next(
          new RateLimitedError(
            Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
            isFirstInWindow,
          ),
        );
        return;
      }
      next(rejection);
    }
  };
}
