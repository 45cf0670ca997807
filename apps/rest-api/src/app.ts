import type { Config } from '@qpc/config';
import {
  createHttpApp,
  type ActorResolver,
  type HttpAppDeps,
  type RateLimiter,
} from '@qpc/server-kit';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { apiRouter } from './routes/index.js';
import { API_PREFIX } from './routes/route.js';

export interface AppDeps {
  config: Config;
  logger: Logger;
  rateLimiter: RateLimiter;
  resolveActor: ActorResolver;
  version: string;
  postgresUrl?: HttpAppDeps['postgresUrl'];
  disable?: HttpAppDeps['disable'];
}

/** Builds the REST API without listening: every route under /api/v1. */
export function createApp(deps: AppDeps): Express {
  return createHttpApp(deps, (app) => {
    app.use(API_PREFIX, apiRouter({ version: deps.version }));
  });
}
