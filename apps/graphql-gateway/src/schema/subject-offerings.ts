import {
  createSubjectOffering,
  deleteSubjectOffering,
  getSubjectOfferingById,
  getSubjectOfferingCoverage,
  listSubjectOfferings,
} from '@qpc/domain';
import {
  askedInLastSchema,
  coverageModuleSchema,
  coveragePapersSchema,
  coverageSchema,
  coverageStatsSchema,
  coverageTopicSchema,
  createSubjectOfferingInput,
  sittingCountSchema,
  sittingSchema,
  subjectOfferingSchema,
} from '@qpc/domain/schemas';
import {
  inputFor,
  listArgs,
  pageArgs,
  required,
  who,
  IDEMPOTENCY_KEY_ARGUMENT,
  idempotentCreate,
} from './common.js';
import type { ExamType, Resolvers } from '../generated/resolvers.js';
import { graphDescription } from './zod-types.js';
import type { ZodGraphType } from './zod-types.js';

/** The offering's types the graph generates from the domain's zod schemas. */
export const subjectOfferingGraphTypes: ZodGraphType[] = [
  { name: 'SubjectOffering', kind: 'type', schema: subjectOfferingSchema },
  { name: 'CreateSubjectOfferingInput', kind: 'input', schema: createSubjectOfferingInput },
];

/**
 * The coverage's types: the domain keys its exam-type counts by type, which the graph lists as
 * `examTypes` (an `extend type` below, made by the resolver); the offering is the parent field.
 */
export const coverageGraphTypes: ZodGraphType[] = [
  { name: 'CoverageStats', kind: 'type', schema: coverageStatsSchema, omit: ['examTypes'] },
  { name: 'Sitting', kind: 'type', schema: sittingSchema },
  { name: 'SittingCount', kind: 'type', schema: sittingCountSchema },
  { name: 'AskedInLast', kind: 'type', schema: askedInLastSchema },
  { name: 'CoverageTopic', kind: 'type', schema: coverageTopicSchema, omit: ['examTypes'] },
  { name: 'CoverageModule', kind: 'type', schema: coverageModuleSchema, omit: ['examTypes'] },
  { name: 'CoveragePapers', kind: 'type', schema: coveragePapersSchema },
  { name: 'Coverage', kind: 'type', schema: coverageSchema, omit: ['subjectOfferingId'] },
];

/** The exam-type counts are listed in the graph, described as the domain describes them. */
const EXAM_TYPES_DESCRIPTION = JSON.stringify(
  graphDescription(coverageStatsSchema.shape.examTypes.description ?? ''),
);

export const subjectOfferingTypeDefs = /* GraphQL */ `
  extend type SubjectOffering {
    "The subject taught."
    subject: Subject!
    "The university (returned even when it was soft-deleted later)."
    university: University!
    "The branch."
    branch: Branch!
    "The semester."
    semester: Semester!
    "The syllabus, or null when none was initialized."
    syllabus: Syllabus
    "Papers of the offering the caller may see, newest exam year first."
    papers: [Paper!]!
    "How its syllabus has been examined: only papers the caller may see count."
    coverage: Coverage!
  }

  "A page of subject offerings."
  type SubjectOfferingPage {
    "The subject offerings of this page."
    items: [SubjectOffering!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "How many questions came from papers of one exam type."
  type ExamTypeCount {
    "The exam type."
    examType: ExamType!
    "Number of questions."
    count: Int!
  }

  ${['CoverageStats', 'CoverageTopic', 'CoverageModule']
    .map(
      (name) => `extend type ${name} {
    ${EXAM_TYPES_DESCRIPTION}
    examTypes: [ExamTypeCount!]!
  }`,
    )
    .join('\n\n  ')}

  type Query {
    "Subject offerings, oldest first."
    subjectOfferings(
      "Only offerings of this university."
      universityId: ObjectID
      "Only offerings of this branch."
      branchId: ObjectID
      "Only offerings of this semester."
      semesterId: ObjectID
      "Only offerings of this subject."
      subjectId: ObjectID
      ${pageArgs('SubjectOfferingSort')}
    ): SubjectOfferingPage!
    "A subject offering by id."
    subjectOffering("The offering's id." id: ObjectID!): SubjectOffering
  }

  type Mutation {
    "Creates a subject offering ${who('catalog:write')}."
    createSubjectOffering("The new offering." input: CreateSubjectOfferingInput! ${IDEMPOTENCY_KEY_ARGUMENT}): SubjectOffering!
    "Deletes a subject offering without syllabus or papers ${who('catalog:delete')}."
    deleteSubjectOffering("The offering's id." id: ObjectID!): Boolean!
  }
`;

type Counts = Record<string, number>;
interface Stats {
  examTypes: Counts;
}

/** A domain stats object with its exam-type counts as a list. */
const stats = <T extends Stats>(s: T) => ({
  ...s,
  // The domain keys its counts by exam type.
  examTypes: (Object.entries(s.examTypes) as [ExamType, number][]).map(([examType, count]) => ({
    examType,
    count,
  })),
});

export const subjectOfferingResolvers: Resolvers = {
  Query: {
    subjectOfferings: (_, args, { caller }) =>
      listSubjectOfferings({ actor: caller, query: listArgs(args) }),
    subjectOffering: (_, { id }, { caller }) => getSubjectOfferingById({ actor: caller, id }),
  },
  Mutation: {
    createSubjectOffering: (_, args, context) =>
      idempotentCreate('createSubjectOffering', args, context, {
        action: 'catalog:write',
        create: (id) =>
          createSubjectOffering({
            actor: context.caller.actor,
            input: inputFor(createSubjectOfferingInput, args.input),
            id,
          }),
        find: (id) => getSubjectOfferingById({ actor: context.caller, id }),
      }),
    deleteSubjectOffering: async (_, { id }, { caller: { actor } }) => {
      await deleteSubjectOffering({ actor, id });
      return true;
    },
  },
  SubjectOffering: {
    subject: async (offering, _, { loaders }) =>
      required(await loaders.subjectById.load(offering.subjectId), 'Subject'),
    university: async (offering, _, { loaders }) =>
      required(await loaders.universityById.load(offering.universityId), 'University'),
    branch: async (offering, _, { loaders }) =>
      required(await loaders.branchById.load(offering.branchId), 'Branch'),
    semester: async (offering, _, { loaders }) =>
      required(await loaders.semesterById.load(offering.semesterId), 'Semester'),
    syllabus: (offering, _, { loaders }) => loaders.syllabusBySubjectOfferingId.load(offering.id),
    papers: (offering, _, { loaders }) => loaders.papersBySubjectOfferingId.load(offering.id),
    coverage: async (offering, _, { caller }) => {
      const coverage = await getSubjectOfferingCoverage({ actor: caller, id: offering.id });
      return {
        papers: coverage.papers,
        sittings: coverage.sittings,
        unassigned: stats(coverage.unassigned),
        modules: coverage.modules.map((m) => ({ ...stats(m), topics: m.topics.map(stats) })),
      };
    },
  },
};
