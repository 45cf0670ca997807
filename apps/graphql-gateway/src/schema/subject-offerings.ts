import {
  createSubjectOffering,
  deleteSubjectOffering,
  getSubjectOfferingById,
  getSubjectOfferingCoverage,
  listSubjectOfferings,
} from '@qpc/domain';
import { createSubjectOfferingInput } from '@qpc/domain/schemas';
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

/** The figures of a module, a topic and the unassigned questions alike. */
const STATS_FIELDS = `"Questions asked."
    questionCount: Int!
    "Sum of their marks (questions without marks count 0)."
    marks: Float!
    "Exam years they were asked in, ascending, distinct."
    years: [Int!]!
    "Number of questions per exam type of their paper (every type present)."
    examTypes: [ExamTypeCount!]!
    "In how many of the offering's latest sittings (at most 5) it was asked."
    askedInLast: AskedInLast!
    "Questions also asked in another sitting of the offering (a near-identical question, Jaccard index above 0.5)."
    repeated: Int!
    "Questions asked in each of the offering's latest sittings (at most 5), in the order of Coverage.sittings (newest first)."
    bySitting: [SittingCount!]!`;

export const subjectOfferingTypeDefs = /* GraphQL */ `
  """
  A subject taught in one university, branch and semester (and regulation).
  """
  type SubjectOffering {
    "Resource id."
    id: ObjectID!
    "Id of the university."
    universityId: ObjectID!
    "Id of the branch."
    branchId: ObjectID!
    "Id of the semester."
    semesterId: ObjectID!
    "Id of the subject."
    subjectId: ObjectID!
    "Regulation or curriculum version, e.g. R22, or null."
    regulation: String
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
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

  "Questions asked, marks, years and sittings of one part of a syllabus."
  type CoverageStats {
    ${STATS_FIELDS}
  }

  "One exam sitting: a distinct exam year and type of the papers counted."
  type Sitting {
    "The exam year."
    examYear: Int!
    "The exam type."
    examType: ExamType!
  }

  "Questions asked in one exam sitting."
  type SittingCount {
    "The exam year."
    examYear: Int!
    "The exam type."
    examType: ExamType!
    "Questions asked in that sitting."
    questionCount: Int!
  }

  "How many questions came from papers of one exam type."
  type ExamTypeCount {
    "The exam type."
    examType: ExamType!
    "Number of questions."
    count: Int!
  }

  "In how many of the offering's latest sittings something was asked."
  type AskedInLast {
    "Sittings among the latest in which it was asked."
    asked: Int!
    "Latest sittings looked at: 5, or fewer when the offering has fewer."
    of: Int!
  }

  "Coverage of one topic."
  type CoverageTopic {
    "The topic's id."
    id: ObjectID!
    "The topic's title."
    title: String!
    "Its position in the module."
    order: Float!
    ${STATS_FIELDS}
  }

  "Coverage of one module and its topics."
  type CoverageModule {
    "The module's id."
    id: ObjectID!
    "The module's title."
    title: String!
    "Its position in the syllabus."
    order: Float!
    ${STATS_FIELDS}
    "Its topics, in syllabus order."
    topics: [CoverageTopic!]!
  }

  "The papers a coverage counts."
  type CoveragePapers {
    "Papers the caller may see."
    count: Int!
    "Their exam years, ascending, distinct."
    years: [Int!]!
  }

  "How the syllabus of an offering has been examined."
  type Coverage {
    "The papers counted (only those the caller may see)."
    papers: CoveragePapers!
    "The latest 5 sittings, newest first."
    sittings: [Sitting!]!
    "Modules of the syllabus, in order."
    modules: [CoverageModule!]!
    "Questions assigned to no module."
    unassigned: CoverageStats!
  }

  "Fields of a new subject offering."
  input CreateSubjectOfferingInput {
    "Id of an active university."
    universityId: ObjectID!
    "Id of a branch of that university."
    branchId: ObjectID!
    "Id of a semester of that branch."
    semesterId: ObjectID!
    "Id of the subject taught."
    subjectId: ObjectID!
    "Regulation or curriculum version (1 to 50 characters), or null."
    regulation: NonEmptyString
  }

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
