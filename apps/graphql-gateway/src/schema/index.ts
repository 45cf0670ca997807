import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { GatewayContext } from '../context.js';
import { branchGraphTypes, branchResolvers, branchTypeDefs } from './branches.js';
import { commonTypeDefs, enumResolvers } from './common.js';
import { draftEnums, draftGraphTypes, draftResolvers, draftTypeDefs } from './drafts.js';
import { paperFileGraphTypes, paperFileResolvers, paperFileTypeDefs } from './paper-files.js';
import { paperGraphTypes, paperResolvers, paperTypeDefs } from './papers.js';
import { questionGraphTypes, questionResolvers, questionTypeDefs } from './questions.js';
import { scalarResolvers, scalarTypeDefs } from './scalars.js';
import { searchGraphTypes, searchResolvers, searchTypeDefs } from './search.js';
import { semesterGraphTypes, semesterResolvers, semesterTypeDefs } from './semesters.js';
import { solutionGraphTypes, solutionResolvers, solutionTypeDefs } from './solutions.js';
import {
  coverageGraphTypes,
  subjectOfferingGraphTypes,
  subjectOfferingResolvers,
  subjectOfferingTypeDefs,
} from './subject-offerings.js';
import { subjectGraphTypes, subjectResolvers, subjectTypeDefs } from './subjects.js';
import { syllabusGraphTypes, syllabusResolvers, syllabusTypeDefs } from './syllabus.js';
import { universityGraphTypes, universityResolvers, universityTypeDefs } from './universities.js';
import { userGraphTypes, userResolvers, userTypeDefs } from './users.js';
import { ZodGraph } from './zod-types.js';

/**
 * The object and input types generated from the domain's zod schemas (`zod-types.ts`), each
 * module's listed before its hand-written SDL; a zod enum is named by the GraphQL enum whose
 * values it holds.
 */
export const graphTypes = [
  ...universityGraphTypes,
  ...branchGraphTypes,
  ...semesterGraphTypes,
  ...subjectGraphTypes,
  ...subjectOfferingGraphTypes,
  ...coverageGraphTypes,
  ...syllabusGraphTypes,
  ...paperGraphTypes,
  ...questionGraphTypes,
  ...solutionGraphTypes,
  ...paperFileGraphTypes,
  ...draftGraphTypes,
  ...userGraphTypes,
  ...searchGraphTypes,
];
const generated = new ZodGraph(graphTypes, { ...enumResolvers, ...draftEnums });

/**
 * Every type definition of the graph, one module per resource (the REST routes' and the domain
 * modules' names); `type Query` and `type Mutation` are merged across modules, in this order.
 */
export const typeDefs = [
  scalarTypeDefs,
  commonTypeDefs,
  generated.sdl(universityGraphTypes),
  universityTypeDefs,
  generated.sdl(branchGraphTypes),
  branchTypeDefs,
  generated.sdl(semesterGraphTypes),
  semesterTypeDefs,
  generated.sdl(subjectGraphTypes),
  subjectTypeDefs,
  generated.sdl(subjectOfferingGraphTypes),
  generated.sdl(coverageGraphTypes),
  subjectOfferingTypeDefs,
  generated.sdl(syllabusGraphTypes),
  syllabusTypeDefs,
  generated.sdl(paperGraphTypes),
  paperTypeDefs,
  generated.sdl(questionGraphTypes),
  questionTypeDefs,
  generated.sdl(solutionGraphTypes),
  solutionTypeDefs,
  generated.sdl(paperFileGraphTypes),
  paperFileTypeDefs,
  draftTypeDefs,
  generated.sdl(draftGraphTypes),
  generated.sdl(userGraphTypes),
  userTypeDefs,
  generated.sdl(searchGraphTypes),
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
