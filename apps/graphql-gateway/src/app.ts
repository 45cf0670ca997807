import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { Config } from '@qpc/config';
import {
  actorOf,
  createHttpApp,
  requestIdOf,
  type ActorResolver,
  type HttpAppDeps,
  type RateLimiter,
} from '@qpc/server-kit';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { GatewayContext } from './context.js';
import { formatError } from './errors.js';
import { buildSchema } from './schema/index.js';

export interface GatewayDeps {
  config: Config;
  logger: Logger;
  rateLimiter: RateLimiter;
  resolveActor: ActorResolver;
  version: string;
  disable?: HttpAppDeps['disable'];
}

/** Builds the gateway (started Apollo server mounted on Express) without listening. */
export async function createGateway(deps: GatewayDeps): Promise<{ app: Express; apollo: ApolloServer<GatewayContext> }> {
  const apollo = new ApolloServer<GatewayContext>({
    schema: buildSchema({ version: deps.version, startedAt: Date.now() }),
    introspection: deps.config.graphql.introspection,
    // The process owns shutdown order (stop accepting, drain, close the database).
    stopOnTerminationSignals: false,
    formatError: formatError({ isProduction: deps.config.isProduction, logger: deps.logger }),
    plugins: [ApolloServerPluginLandingPageDisabled()],
  });
  await apollo.start();
  const app = createHttpApp(
    { ...deps, helmet: { contentSecurityPolicy: false } },
    (express) => {
      express.use(
        '/graphql',
        expressMiddleware(apollo, {
          context: async ({ req, res }) => ({ actor: actorOf(res), requestId: requestIdOf(req) }),
        }),
      );
    },
  );
  return { app, apollo };
}
