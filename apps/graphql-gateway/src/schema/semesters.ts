import { createSemester, deleteSemester, listSemesters, updateSemester } from '@qpc/domain';
import type { GatewayContext } from '../context.js';
import { listArgs, PAGE_ARGS, who } from './common.js';
import type { IdArgs, InputArgs, UpdateArgs } from './common.js';

export const semesterTypeDefs = /* GraphQL */ `
  """
  A semester of a branch.
  """
  type Semester {
    "Resource id."
    id: ID!
    "Id of the branch the semester belongs to."
    branchId: ID!
    "Id of the branch's university."
    universityId: ID!
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

  "Fields of a new semester (REST: POST /semesters)."
  input CreateSemesterInput {
    "Id of the branch."
    branchId: ID!
    "Semester number, 1 to 12, unique within the branch."
    number: Int!
    "Display name (1 to 100 characters), or null."
    name: String
  }

  "Fields to change on a semester, at least one (REST: PATCH /semesters/:id)."
  input UpdateSemesterInput {
    "Id of the branch (refused while subject offerings reference the semester)."
    branchId: ID
    "Semester number, 1 to 12, unique within the branch."
    number: Int
    "Display name (1 to 100 characters); null clears it."
    name: String
  }

  type Query {
    "Semesters ordered by number (REST: GET /semesters)."
    semesters(
      "Only semesters of this branch."
      branchId: ID
      ${PAGE_ARGS}
    ): SemesterPage!
  }

  type Mutation {
    "Creates a semester ${who('catalog:write')}."
    createSemester("The new semester." input: CreateSemesterInput!): Semester!
    "Updates a semester ${who('catalog:write')}."
    updateSemester(
      "The semester's id."
      id: ID!
      "Fields to change."
      input: UpdateSemesterInput!
    ): Semester!
    "Deletes a semester without offerings ${who('catalog:delete')}."
    deleteSemester("The semester's id." id: ID!): Boolean!
  }
`;

type Ctx = GatewayContext;
type Args = Record<string, unknown>;

export const semesterResolvers = {
  Query: {
    semesters: (_: unknown, args: Args, { actor, viewer }: Ctx) =>
      listSemesters({ actor, viewer, query: listArgs(args) }),
  },
  Mutation: {
    createSemester: (_: unknown, { input }: InputArgs, { actor }: Ctx) =>
      createSemester({ actor, input }),
    updateSemester: (_: unknown, { id, input }: UpdateArgs, { actor }: Ctx) =>
      updateSemester({ actor, id, input }),
    deleteSemester: async (_: unknown, { id }: IdArgs, { actor }: Ctx) => {
      await deleteSemester({ actor, id });
      return true;
    },
  },
};
