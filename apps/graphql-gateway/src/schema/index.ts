import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { GatewayContext } from '../context.js';

const typeDefs = /* GraphQL */ `
  """
  Liveness of the gateway process.
  """
  type Health {
    "Always ok while the gateway serves."
    status: String!
    "Seconds since the gateway started."
    uptimeSeconds: Int!
    "Gateway version."
    version: String!
  }

  type Query {
    "Liveness of the gateway (no database access)."
    health: Health!
  }
`;

/** The executable schema: SDL plus resolvers. */
export function buildSchema(info: { version: string; startedAt: number }): GraphQLSchema {
  return makeExecutableSchema<GatewayContext>({
    typeDefs,
    resolvers: {
      Query: {
        health: () => ({
          status: 'ok',
          uptimeSeconds: Math.floor((Date.now() - info.startedAt) / 1000),
          version: info.version,
        }),
      },
    },
  });
}
