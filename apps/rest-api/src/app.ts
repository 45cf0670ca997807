import type { Config } from '@qpc/config';
import {
  createHttpApp,
  type ActorResolver,
  type HttpAppDeps,
  type RateLimiter,
} from '@qpc/server-kit';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { docsRouter } from './routes/docs.js';
import { apiRouter } from './routes/index.js';
import { API_PREFIX } from './routes/route.js';
import { routeTable } from './routes/table.js';

export interface AppDeps {
  config: Config;
  logger: Logger;
  rateLimiter: RateLimiter;
  resolveActor: ActorResolver;
  version: string;
  disable?: HttpAppDeps['disable'];
}

/**
 * Builds the REST API without listening: every route under /api/v1; the reference (docs page,
 * its assets, the OpenAPI document) ahead of the rate limit and authentication.
 */
export function createApp(deps: AppDeps): Express {
  return createHttpApp(
    deps,
    (app) => {
      app.use(API_PREFIX, apiRouter(routeTable));
    },
    (app) => {
      app.use(API_PREFIX, docsRouter(routeTable, { version: deps.version }));
    },
  );
}
