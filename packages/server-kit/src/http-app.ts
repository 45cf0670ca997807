import { isUtf8 } from 'node:buffer';
import type { Config } from '@qpc/config';
import { ValidationError } from '@qpc/domain';
import express from 'express';
import type { Express, NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { authenticateAndCount } from './caller-budget.js';
import { corsPolicy } from './cors.js';
import type { ActorResolver } from './auth.js';
import { BodyEncodingError, errorHandler, notFoundHandler } from './errors.js';
import { engineStatusFromFile, HEALTH_PATH, HEALTH_ROUTES, healthRouter } from './health.js';
import type { EngineRestarts } from './health.js';
import { cacheDefaults } from './http-cache.js';
import { httpLogger } from './logger.js';
import { methodGuard } from './methods.js';
import type { KnownRoute } from './methods.js';
import type { RateLimiter } from './rate-limit.js';
import { requestId } from './request-context.js';

/** What an app adds to the shared chain. */
export interface HttpAppParts {
  /** The app's routes, mounted after authentication and the rate limit. */
  routes: (app: Express) => void;
  /**
   * Pages that read no caller and change nothing (the docs page, its assets, the OpenAPI
   * document; GraphiQL): mounted before the rate limit and authentication, never counted.
   */
  unmetered?: (app: Express) => void;
  /**
   * Every method and full path the app serves (health is added here): a known path asked with
   * another method is 405 with `Allow`, and OPTIONS on it 204 with `Allow`.
   */
  knownRoutes?: readonly KnownRoute[];
  /**
   * Carry the request id through AsyncLocalStorage (`currentRequestId()`), for an app whose code
   * runs where the request is out of reach (the gateway's error formatter).
   */
  carriesRequestContext?: boolean;
}

export interface HttpAppDeps {
  config: Config;
  logger: Logger;
  rateLimiter: RateLimiter;
  resolveActor: ActorResolver;
  version: string;
  /** The PostgreSQL server under an embedded FerretDB this process started (detailed health). */
  postgresUrl?: string | undefined;
  /** The restarts of the embedded engine this process supervises (detailed health). */
  engineSupervision?: (() => EngineRestarts | null) | undefined;
  /**
   * Requests whose body the route streams itself (paper file uploads): neither refused for not
   * being JSON nor read by the JSON parser.
   */
  isRawBody?: (req: Request) => boolean;
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

/** The body parser's error types, each mapped by `toHttpError`. */
const BODY_PARSER_TYPES = new Set([
  'entity.parse.failed',
  'entity.too.large',
  'entity.verify.failed',
  'encoding.unsupported',
  'charset.unsupported',
  'request.aborted',
  'request.size.invalid',
  'stream.encoding.set',
  'stream.not.readable',
  'parameters.too.many',
]);

/**
 * The JSON body parser with its failures made explicit: its documented error types pass on as
 * they are, and anything else it raises while reading is the decompression stream refusing
 * bytes that are not what `Content-Encoding` says (zlib or brotli errors, which carry no type):
 * a 400, never a 500.
 */
function jsonBody(options: { limit: number }) {
  const parse = express.json({
    limit: options.limit,
    strict: true,
    // Invalid UTF-8 would otherwise be decoded with replacement characters and stored.
    verify: (_req, _res, buffer) => {
      if (!isUtf8(buffer)) throw new Error('Request body is not valid UTF-8');
    },
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    void parse(req, res, (error?: unknown) => {
      if (error === undefined || error === null || error === 'route' || error === 'router') {
        next(error as undefined);
        return;
      }
      const type = (error as { type?: unknown }).type;
      if (typeof type === 'string' && BODY_PARSER_TYPES.has(type)) {
        next(error);
        return;
      }
      next(new BodyEncodingError(req.get('content-encoding') ?? 'identity', error));
    });
  };
}

/**
 * Request bodies, in one step: a request with neither a length nor chunked encoding has none and
 * never enters the parser (the parser's own test, so `Content-Length: 0` still parses as `{}`); a
 * route that streams its raw body reads it itself; any other body must be JSON (other content
 * types are refused rather than silently ignored) and is parsed within the limit.
 */
export function jsonBodies(options: {
  limit: number;
  isRawBody?: ((req: Request) => boolean) | undefined;
}) {
  const parse = jsonBody({ limit: options.limit });
  const isRawBody = options.isRawBody ?? (() => false);
  return (req: Request, res: Response, next: NextFunction): void => {
    const length = req.headers['content-length'];
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if ((length === undefined && !chunked) || isRawBody(req)) {
      next();
      return;
    }
    if ((Number(length ?? 0) > 0 || chunked) && !req.is('application/json')) {
      next(new ValidationError('Request body must be JSON (Content-Type: application/json)'));
      return;
    }
    parse(req, res, next);
  };
}

/**
 * Every response past health and the static pages may depend on who asks (what an anonymous
 * caller sees differs from an editor's view; a bad token is a 401): `Vary: Authorization`, so a
 * shared cache never hands one caller's answer, ETag and all, to another.
 */
export function varyByCaller() {
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.vary('Authorization');
    next();
  };
}

/**
 * helmet's security headers with its defaults. They are the same on every response (no
 * per-request directive), so helmet runs once, on a recorder, and each request gets the recorded
 * headers instead of passing through helmet's dozen middlewares.
 */
export function securityHeaders() {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  helmet()({} as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error;
  });
  return (_req: Request, res: Response, next: NextFunction): void => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

/**
 * The request chain both apps share, left to right: request id, logger, helmet, CORS, the
 * method guard (405, OPTIONS), health and the app's unmetered pages (not limited, no auth: the docs page, its assets and the
 * OpenAPI document; GraphiQL), body parser with limit, query guard, auth then rate limit
 * (one step: a refused token is counted by address before its 401), the default Cache-Control
 * (http-cache.ts), the app's routes, 404, error mapper.
 */
export function createHttpApp(deps: HttpAppDeps, parts: HttpAppParts): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'strong');
  app.use(requestId({ carryContext: parts.carriesRequestContext === true }));
  app.use(httpLogger(logger));
  app.use(securityHeaders());
  app.use(corsPolicy(config.corsOrigins));
  // Before any router: Express answers OPTIONS on a path it knows itself, in text/plain.
  app.use(methodGuard([...HEALTH_ROUTES, ...(parts.knownRoutes ?? [])]));
  // Mounted at its path, so other requests pass it by one prefix test.
  app.use(
    HEALTH_PATH,
    healthRouter({
      version: deps.version,
      postgresUrl: deps.postgresUrl ?? config.embedded.postgresUrl,
      engineSupervision:
        deps.engineSupervision ??
        (config.embedded.statusFile ? engineStatusFromFile(config.embedded.statusFile) : undefined),
    }),
  );
  // Static reference pages read no caller and change nothing: counting them would lock a new
  // user out of the documentation after a few page loads (the page pulls several assets).
  parts.unmetered?.(app);
  app.use(varyByCaller());
  // Routes that stream a raw body (paper files) read it themselves.
  app.use(jsonBodies({ limit: config.bodyLimitBytes, isRawBody: deps.isRawBody }));
  app.use(rejectNonStringQuery());
  // Auth before the limit, so that a signed-in caller is counted by user (see caller-budget.ts).
  app.use(authenticateAndCount(deps.resolveActor, deps.rateLimiter));
  app.use(cacheDefaults());
  parts.routes(app);
  app.use(notFoundHandler());
  app.use(errorHandler({ logger, config }));
  return app;
}
