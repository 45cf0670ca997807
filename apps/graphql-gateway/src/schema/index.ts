import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { GatewayContext } from '../context.js';
import { branchResolvers, branchTypeDefs } from './branches.js';
import { commonTypeDefs, enumResolvers } from './common.js';
import { draftEnums, draftResolvers, draftTypeDefs } from './drafts.js';
import { paperFileGraphTypes, paperFileResolvers, paperFileTypeDefs } from './paper-files.js';
import { paperGraphTypes, paperResolvers, paperTypeDefs } from './papers.js';
import { questionResolvers, questionTypeDefs } from './questions.js';
import { scalarResolvers, scalarTypeDefs } from './scalars.js';
import { searchResolvers, searchTypeDefs } from './search.js';
import { semesterGraphTypes, semesterResolvers, semesterTypeDefs } from './semesters.js';
import { solutionResolvers, solutionTypeDefs } from './solutions.js';
import { subjectOfferingResolvers, subjectOfferingTypeDefs } from './subject-offerings.js';
import { subjectResolvers, subjectTypeDefs } from './subjects.js';
import { syllabusResolvers, syllabusTypeDefs } from './syllabus.js';
import { universityResolvers, universityTypeDefs } from './universities.js';
import { userResolvers, userTypeDefs } from './users.js';
import { ZodGraph } from './zod-types.js';

/**
 * The object and input types generated from the domain's zod schemas (`zod-types.ts`), each
 * module's listed before its hand-written SDL; a zod enum is named by the GraphQL enum whose
 * values it holds.
 */
const generated = new ZodGraph(
  [...semesterGraphTypes, ...paperGraphTypes, ...paperFileGraphTypes],
  {
    ...enumResolvers,
    ...draftEnums,
  },
);

/**
 * Every type definition of the graph, one module per resource (the REST routes' and the domain
 * modules' names); `type Query` and `type Mutation` are merged across modules, in this order.
 */
export const typeDefs = [
  scalarTypeDefs,
  commonTypeDefs,
  universityTypeDefs,
  branchTypeDefs,
  generated.sdl(semesterGraphTypes),
  semesterTypeDefs,
  subjectTypeDefs,
  subjectOfferingTypeDefs,
  syllabusTypeDefs,
  generated.sdl(paperGraphTypes),
  paperTypeDefs,
  questionTypeDefs,
  solutionTypeDefs,
  generated.sdl(paperFileGraphTypes),
  paperFileTypeDefs,
  draftTypeDefs,
  userTypeDefs,
  searchTypeDefs,
];

/** The executable schema: SDL plus resolvers, which are thin calls into the domain services. */
export function buildSchema(info: { version: string; startedAt: number }): GraphQLSchema {
  return makeExecutableSchema<GatewayContext>({
    typeDefs,
    resolvers: [
      scalarResolvers,
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
      universityResolvers,
      branchResolvers,
      semesterResolvers,
      subjectResolvers,
      subjectOfferingResolvers,
      syllabusResolvers,
      paperResolvers,
      questionResolvers,
      solutionResolvers,
      paperFileResolvers,
      draftResolvers,
      userResolvers,
      searchResolvers,
    ],
    // Resolvers for fields the SDL does not declare are a programming error: fail at start.
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
}
