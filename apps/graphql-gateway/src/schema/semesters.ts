import {
  createSemester,
  deleteSemester,
  getSemesterById,
  listSemesters,
  updateSemester,
} from '@qpc/domain';
import { createSemesterInput, updateSemesterInput } from '@qpc/domain/schemas';
import {
  inputFor,
  listArgs,
  pageArgs,
  who,
  IDEMPOTENCY_KEY_ARGUMENT,
  idempotentCreate,
} from './common.js';
import type { Resolvers } from '../generated/resolvers.js';

export const semesterTypeDefs = /* GraphQL */ `
  """
  A semester of a branch.
  """
  type Semester {
    "Resource id."
    id: ObjectID!
    "Id of the branch the semester belongs to."
    branchId: ObjectID!
    "Id of the branch's university."
    universityId: ObjectID!
    "Semester number, 1 to 12, unique within the branch."
    number: Int!
    "Display name, e.g. III-I, or null."
    name: String
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
  }

  "A page of semesters."
  type SemesterPage {
    "The semesters of this page."
    items: [Semester!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "Fields of a new semester."
  input CreateSemesterInput {
    "Id of the branch."
    branchId: ObjectID!
    "Semester number, 1 to 12, unique within the branch."
    number: SemesterNumber!
    "Display name (1 to 100 characters), or null."
    name: NonEmptyString
  }

  "Fields to change on a semester, at least one."
  input UpdateSemesterInput {
    "Id of the branch (refused while subject offerings reference the semester)."
    branchId: ObjectID
    "Semester number, 1 to 12, unique within the branch."
    number: SemesterNumber
    "Display name (1 to 100 characters); null clears it."
    name: NonEmptyString
  }

  type Query {
    "Semesters ordered by number."
    semesters(
      "Only semesters of this branch."
      branchId: ObjectID
      ${pageArgs('SemesterSort')}
    ): SemesterPage!
  }

  type Mutation {
    "Creates a semester ${who('catalog:write')}."
    createSemester("The new semester." input: CreateSemesterInput! ${IDEMPOTENCY_KEY_ARGUMENT}): Semester!
    "Updates a semester ${who('catalog:write')}."
    updateSemester(
      "The semester's id."
      id: ObjectID!
      "Fields to change."
      input: UpdateSemesterInput!
    ): Semester!
    "Deletes a semester without offerings ${who('catalog:delete')}."
    deleteSemester("The semester's id." id: ObjectID!): Boolean!
  }
`;

export const semesterResolvers: Resolvers = {
  Query: {
    semesters: (_, args, { caller }) => listSemesters({ actor: caller, query: listArgs(args) }),
  },
  Mutation: {
    createSemester: (_, args, context) =>
      idempotentCreate('createSemester', args, context, {
        action: 'catalog:write',
        create: (id) =>
          createSemester({
            actor: context.caller.actor,
            input: inputFor(createSemesterInput, args.input),
            id,
          }),
        find: (id) => getSemesterById({ actor: context.caller, id }),
      }),
    updateSemester: (_, { id, input }, { caller: { actor } }) =>
      updateSemester({ actor, id, input: inputFor(updateSemesterInput, input) }),
    deleteSemester: async (_, { id }, { caller: { actor } }) => {
      await deleteSemester({ actor, id });
      return true;
    },
  },
};
