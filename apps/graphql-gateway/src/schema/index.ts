import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { GatewayContext } from '../context.js';
import { academicResolvers, academicTypeDefs } from './academic.js';
import { commonTypeDefs, enumResolvers } from './common.js';
import { contentResolvers, contentTypeDefs } from './content.js';
import { paperFileResolvers, paperFileTypeDefs } from './paper-files.js';
import { syllabusResolvers, syllabusTypeDefs } from './syllabus.js';
import { userResolvers, userTypeDefs } from './users.js';

/** Every type definition of the graph; `type Query` and `type Mutation` are merged across modules. */
export const typeDefs = [
  commonTypeDefs,
  academicTypeDefs,
  syllabusTypeDefs,
  contentTypeDefs,
  paperFileTypeDefs,
  userTypeDefs,
];

/** The executable schema: SDL plus resolvers, which are thin calls into the domain services. */
export function buildSchema(info: { version: string; startedAt: number }): GraphQLSchema {
  return makeExecutableSchema<GatewayContext>({
    typeDefs,
    resolvers: [
      enumResolvers,
      {
        Query: {
          health: () => ({
            status: 'ok',
            uptimeSeconds: Math.floor((Date.now() - info.startedAt) / 1000),
            version: info.version,
          }),
        },
      },
      academicResolvers,
      syllabusResolvers,
      contentResolvers,
      paperFileResolvers,
      userResolvers,
    ],
    // Resolvers for fields the SDL does not declare are a programming error: fail at start.
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
}
