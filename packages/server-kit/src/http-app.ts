import { isUtf8 } from 'node:buffer';
import type { Config } from '@qpc/config';
import { ValidationError } from '@qpc/domain';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { Logger } from 'pino';
import { authenticate, type ActorResolver } from './auth.js';
import { errorHandler, notFoundHandler } from './errors.js';
import { healthRouter } from './health.js';
import { httpLogger } from './logger.js';
import { rateLimit, type RateLimiter } from './rate-limit.js';
import { requestId } from './request-context.js';

export interface HttpAppDeps {
  config: Config;
  logger: Logger;
  rateLimiter: RateLimiter;
  resolveActor: ActorResolver;
  version: string;
  /** The PostgreSQL server under an embedded FerretDB this process started (detailed health). */
  postgresUrl?: string | undefined;
  helmet?: HelmetOptions;
  /** Switch middleware off, for the benchmark's overhead measurements only. */
  disable?: { logger?: boolean; rateLimit?: boolean; auth?: boolean };
}

/** A query value must be one string: arrays (`?a=1&a=2`) and bracket keys (`a[$ne]=x`) are refused. */
export function rejectNonStringQuery() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    for (const [key, value] of Object.entries(req.query)) {
      if (typeof value !== 'string' || /[[\]]/.test(key)) {
        next(
          new ValidationError(`Query parameter "${key}" must be a single string value`, [
            { path: key, message: 'must be a single string value' },
          ]),
        );
        return;
      }
    }
    next();
  };
}

/** A body must be JSON: other content types are refused rather than silently ignored. */
export function requireJsonBodies() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const hasBody =
      Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json')) {
      next(new ValidationError('Request body must be JSON (Content-Type: application/json)'));
      return;
    }
    next();
  };
}

function cors(origins: readonly string[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.get('origin');
    if (origin && origins.includes(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader(
        'Access-Control-Allow-Headers',
        'Authorization, Content-Type, X-Request-Id, Apollo-Require-Preflight',
      );
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE, OPTIONS');
      res.setHeader(
        'Access-Control-Expose-Headers',
        'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, ETag, Location',
      );
      if (req.method === 'OPTIONS') {
        res.status(204).end();
        return;
      }
    }
    next();
  };
}

/**
 * The request chain both apps share, left to right: request id, logger, helmet, CORS, health
 * (not limited, no auth), body parser with limit, query guard, rate limit, auth, the app's
 * routes, 404, error mapper.
 */
export function createHttpApp(deps: HttpAppDeps, mountRoutes: (app: Express) => void): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'strong');
  app.use(requestId());
  if (!deps.disable?.logger) app.use(httpLogger(logger));
  app.use(helmet(deps.helmet));
  app.use(cors(config.corsOrigins));
  app.use(
    healthRouter({
      version: deps.version,
      postgresUrl: deps.postgresUrl ?? config.embedded.postgresUrl,
    }),
  );
  app.use(requireJsonBodies());
  app.use(
    express.json({
      limit: config.bodyLimitBytes,
      strict: true,
      // Invalid UTF-8 would otherwise be decoded with replacement characters and stored.
      verify: (_req, _res, buffer) => {
        if (!isUtf8(buffer)) throw new Error('Request body is not valid UTF-8');
      },
    }),
  );
  app.use(rejectNonStringQuery());
  if (!deps.disable?.rateLimit) app.use(rateLimit(deps.rateLimiter));
  if (!deps.disable?.auth) app.use(authenticate(deps.resolveActor));
  mountRoutes(app);
  app.use(notFoundHandler());
  app.use(errorHandler({ logger, config }));
  return app;
}
