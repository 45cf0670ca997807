import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { actorOf, createHttpApp, requestIdOf } from '@qpc/server-kit';
import type { ServiceDeps } from '@qpc/server-kit';
import type { Express, NextFunction, Request, Response } from 'express';
import { createContext } from './context.js';
import type { GatewayContext } from './context.js';
import { formatError, graphqlHttpErrorHandler } from './errors.js';
import { landingPageRouter } from './landing-page.js';
import { httpCachePlugin } from './http-cache.js';
import { gatewayLimits } from './limits.js';
import { replayMarkPlugin } from './replay-mark.js';
import { buildSchema } from './schema/index.js';

export type GatewayDeps = ServiceDeps;

/** Express 5 leaves `req.body` unset when there is no body; Apollo's integration needs the property. */
function ensureBody(req: Request, _res: Response, next: NextFunction): void {
  if (req.body === undefined) req.body = {};
  next();
}

/** Builds the gateway (started Apollo server mounted on Express) without listening. */
export async function createGateway(
  deps: GatewayDeps,
): Promise<{ app: Express; apollo: ApolloServer<GatewayContext> }> {
  const { config, logger } = deps;
  const limits = gatewayLimits(config);
  const errorOptions = { isProduction: config.isProduction, logger };
  const apollo = new ApolloServer<GatewayContext>({
    schema: buildSchema({ version: deps.version, startedAt: Date.now() }),
    introspection: config.graphql.introspection,
    // Apollo's defaults, stated: one operation per HTTP request, and CSRF prevention on.
    allowBatchedHttpRequests: false,
    csrfPrevention: true,
    includeStacktraceInErrorResponses: false,
    // The process owns shutdown order (stop accepting, drain, close the database).
    stopOnTerminationSignals: false,
    formatError: formatError(errorOptions),
    validationRules: limits.validationRules,
    parseOptions: limits.parseOptions,
    // Apollo's own landing page loads from a CDN; the offline GraphiQL below replaces it.
    // Persisted queries (APQ) are Apollo's default, by POST and by GET: a GET of a registered
    // hash is what browsers and the shared cache keep. The caching headers are ours
    // (http-cache.ts), never Apollo's hints.
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControl({ calculateHttpHeaders: false }),
      httpCachePlugin({ sMaxAge: config.httpCache.sMaxAge }),
      replayMarkPlugin(),
      ...limits.plugins,
    ],
  });
  await apollo.start();
  const app = createHttpApp(deps, {
    // formatError runs where the request is out of reach: it reads the id from the context.
    carriesRequestContext: true,
    routes: (express) => {
      express.use(
        '/graphql',
        ensureBody,
        expressMiddleware(apollo, {
          context: async ({ req, res }) => createContext(actorOf(res), requestIdOf(req)),
        }),
      );
      express.use('/graphql', graphqlHttpErrorHandler(errorOptions));
    },
    // GraphiQL and its assets (development only) are not counted against the rate limit.
    unmetered: (express) => {
      if (!config.isProduction) express.use(landingPageRouter());
    },
  });
  return { app, apollo };
}
