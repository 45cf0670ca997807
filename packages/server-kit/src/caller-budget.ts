import type { NextFunction, Request, Response } from 'express';
import { authenticate } from './auth.js';
import type { ActorResolver } from './auth.js';
import { rateLimit } from './rate-limit.js';
import type { RateLimiter } from './rate-limit.js';

/**
 * Authentication, then the rate limit, as one step: the limiter must know the signed-in user to
 * count by user. A token that is refused (401, 403) is counted too, by client address, before
 * its refusal is answered: otherwise every new garbage token would be a free request. Past the
 * limit the 429 wins over the refusal, as it did when the limit ran first.
 */
export function authenticateAndCount(resolveActor: ActorResolver, rateLimiter: RateLimiter) {
  const auth = authenticate(resolveActor);
  const count = rateLimit(rateLimiter);
  return (req: Request, res: Response, next: NextFunction): void => {
    let isAuthenticated = false;
    const afterAuth = (authError?: unknown): void => {
      // Once: an error thrown further down the chain must not count the request twice.
      if (isAuthenticated) return;
      isAuthenticated = true;
      if (authError) res.locals.actor = null;
      void count(req, res, (limitError?: unknown) => {
        next(limitError ?? authError);
      });
    };
    try {
      const pending = auth(req, res, afterAuth);
      if (pending) pending.catch(afterAuth);
    } catch (error) {
      afterAuth(error);
    }
  };
}
