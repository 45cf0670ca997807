import { createBranch, deleteBranch, getBranchById, listBranches, updateBranch } from '@qpc/domain';
import { createBranchInput, updateBranchInput } from '@qpc/domain/schemas';
import {
  inputFor,
  listArgs,
  pageArgs,
  who,
  IDEMPOTENCY_KEY_ARGUMENT,
  idempotentCreate,
} from './common.js';
import type { Resolvers } from '../generated/resolvers.js';

export const branchTypeDefs = /* GraphQL */ `
  """
  A branch (department) of a university.
  """
  type Branch {
    "Resource id."
    id: ObjectID!
    "Id of the university the branch belongs to."
    universityId: ObjectID!
    "Name of the branch."
    name: String!
    "Short code, e.g. CSE, or null."
    code: String
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
    "Semesters of the branch, ordered by number."
    semesters: [Semester!]!
  }

  "A page of branches."
  type BranchPage {
    "The branches of this page."
    items: [Branch!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "Fields of a new branch."
  input CreateBranchInput {
    "Id of an active university."
    universityId: ObjectID!
    "Name of the branch (1 to 200 characters)."
    name: NonEmptyString!
    "Short code (1 to 50 characters), or null."
    code: NonEmptyString
  }

  "Fields to change on a branch, at least one."
  input UpdateBranchInput {
    "Id of an active university (refused while subject offerings reference the branch)."
    universityId: ObjectID
    "Name of the branch (1 to 200 characters)."
    name: NonEmptyString
    "Short code (1 to 50 characters); null clears it."
    code: NonEmptyString
  }

  type Query {
    "Branches ordered by name."
    branches(
      "Only branches of this university."
      universityId: ObjectID
      "Case-insensitive literal substring of the name (up to 100 characters)."
      search: String
      ${pageArgs('BranchSort')}
    ): BranchPage!
  }

  type Mutation {
    "Creates a branch ${who('catalog:write')}."
    createBranch("The new branch." input: CreateBranchInput! ${IDEMPOTENCY_KEY_ARGUMENT}): Branch!
    "Updates a branch ${who('catalog:write')}."
    updateBranch("The branch's id." id: ObjectID!, "Fields to change." input: UpdateBranchInput!): Branch!
    "Deletes a branch without semesters or offerings ${who('catalog:delete')}."
    deleteBranch("The branch's id." id: ObjectID!): Boolean!
  }
`;

export const branchResolvers: Resolvers = {
  Query: {
    branches: (_, args, { caller }) => listBranches({ actor: caller, query: listArgs(args) }),
  },
  Mutation: {
    createBranch: (_, args, context) =>
      idempotentCreate('createBranch', args, context, {
        action: 'catalog:write',
        create: (id) =>
          createBranch({
            actor: context.caller.actor,
            input: inputFor(createBranchInput, args.input),
            id,
          }),
        find: (id) => getBranchById({ actor: context.caller, id }),
      }),
    updateBranch: (_, { id, input }, { caller: { actor } }) =>
      updateBranch({ actor, id, input: inputFor(updateBranchInput, input) }),
    deleteBranch: async (_, { id }, { caller: { actor } }) => {
      await deleteBranch({ actor, id });
      return true;
    },
  },
  Branch: {
    semesters: (branch, _, { loaders }) => loaders.semestersByBranchId.load(branch.id),
  },
};
