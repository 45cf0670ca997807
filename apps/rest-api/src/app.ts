import type { Config } from '@qpc/config';
import { configureDraftsReading } from '@qpc/domain';
import { createHttpApp } from '@qpc/server-kit';
import type { ActorResolver, HttpAppDeps, KnownRoute, RateLimiter } from '@qpc/server-kit';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { DOCS_ROUTES, mountDocs } from './routes/docs.js';
import { mountApi, rawBodyMatcher } from './routes/index.js';
import { API_PREFIX } from './routes/route.js';
import { routeTable } from './routes/table.js';

export interface AppDeps {
  config: Config;
  logger: Logger;
  rateLimiter: RateLimiter;
  resolveActor: ActorResolver;
  version: string;
  postgresUrl?: HttpAppDeps['postgresUrl'];
  engineSupervision?: HttpAppDeps['engineSupervision'];
}

/** Every method and full path the REST app serves: the route table and the reference. */
function knownRoutes(): KnownRoute[] {
  return [
    ...routeTable.map((route) => ({ method: route.method, path: `${API_PREFIX}${route.path}` })),
    ...DOCS_ROUTES.map((path) => ({ method: 'GET', path: `${API_PREFIX}${path}` })),
  ];
}

/**
 * Builds the REST API without listening: every route under /api/v1; the reference (docs page,
 * its assets, the OpenAPI document) ahead of the rate limit and authentication.
 */
export function createApp(deps: AppDeps): Express {
  // Uploads start reading drafts in the background: they read with these settings.
  const { drafts } = deps.config;
  configureDraftsReading({
    maxPages: drafts.maxPages,
    resumeAfterMs: drafts.resumeAfterMs,
    ...drafts.ocr,
  });
  return createHttpApp(
    { ...deps, isRawBody: rawBodyMatcher() },
    {
      routes: (app) => {
        mountApi(app, deps.config, routeTable);
      },
      unmetered: (app) => {
        mountDocs(app, routeTable, { version: deps.version });
      },
      knownRoutes: knownRoutes(),
    },
  );
}
