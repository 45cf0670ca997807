import {
  createSubjectOffering,
  deleteSubjectOffering,
  getSubjectOfferingById,
  listSubjectOfferings,
} from '@qpc/domain';
import type { SubjectOffering } from '@qpc/domain';
import { createSubjectOfferingInput } from '@qpc/domain/schemas';
import type { GatewayContext } from '../context.js';
import {
  inputFor,
  listArgs,
  pageArgs,
  required,
  who,
  IDEMPOTENCY_KEY_ARGUMENT,
  idempotentCreate,
} from './common.js';
import type { IdArgs, CreateArgs } from './common.js';

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
  }

  "A page of subject offerings."
  type SubjectOfferingPage {
    "The subject offerings of this page."
    items: [SubjectOffering!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "Fields of a new subject offering (REST: POST /subject-offerings)."
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
    "Subject offerings, oldest first (REST: GET /subject-offerings)."
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

type Ctx = GatewayContext;
type Args = Record<string, unknown>;

export const subjectOfferingResolvers = {
  Query: {
    subjectOfferings: (_: unknown, args: Args, { actor, viewer }: Ctx) =>
      listSubjectOfferings({ actor, viewer, query: listArgs(args) }),
    subjectOffering: (_: unknown, { id }: IdArgs, { actor, viewer }: Ctx) =>
      getSubjectOfferingById({ actor, viewer, id }),
  },
  Mutation: {
    createSubjectOffering: (_: unknown, args: CreateArgs, { actor }: Ctx) =>
      idempotentCreate('createSubjectOffering', args, actor, () =>
        createSubjectOffering({ actor, input: inputFor(createSubjectOfferingInput, args.input) }),
      ),
    deleteSubjectOffering: async (_: unknown, { id }: IdArgs, { actor }: Ctx) => {
      await deleteSubjectOffering({ actor, id });
      return true;
    },
  },
  SubjectOffering: {
    subject: async (offering: SubjectOffering, _: Args, { loaders }: Ctx) =>
      required(await loaders.subjectById.load(offering.subjectId), 'Subject'),
    university: async (offering: SubjectOffering, _: Args, { loaders }: Ctx) =>
      required(await loaders.universityById.load(offering.universityId), 'University'),
    branch: async (offering: SubjectOffering, _: Args, { loaders }: Ctx) =>
      required(await loaders.branchById.load(offering.branchId), 'Branch'),
    semester: async (offering: SubjectOffering, _: Args, { loaders }: Ctx) =>
      required(await loaders.semesterById.load(offering.semesterId), 'Semester'),
    syllabus: (offering: SubjectOffering, _: Args, { loaders }: Ctx) =>
      loaders.syllabusBySubjectOfferingId.load(offering.id),
    papers: (offering: SubjectOffering, _: Args, { loaders }: Ctx) =>
      loaders.papersBySubjectOfferingId.load(offering.id),
  },
};
