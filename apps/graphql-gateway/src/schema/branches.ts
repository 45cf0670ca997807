import { createBranch, deleteBranch, getBranchById, listBranches, updateBranch } from '@qpc/domain';
import type { Branch } from '@qpc/domain';
import { createBranchInput, updateBranchInput } from '@qpc/domain/schemas';
import type { GatewayContext } from '../context.js';
import {
  inputFor,
  listArgs,
  pageArgs,
  who,
  IDEMPOTENCY_KEY_ARGUMENT,
  idempotentCreate,
} from './common.js';
import type { IdArgs, UpdateArgs, CreateArgs } from './common.js';

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

type Ctx = GatewayContext;
type Args = Record<string, unknown>;

export const branchResolvers = {
  Query: {
    branches: (_: unknown, args: Args, { caller }: Ctx) =>
      listBranches({ actor: caller, query: listArgs(args) }),
  },
  Mutation: {
    createBranch: (_: unknown, args: CreateArgs, context: Ctx) =>
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
    updateBranch: (_: unknown, { id, input }: UpdateArgs, { caller: { actor } }: Ctx) =>
      updateBranch({ actor, id, input: inputFor(updateBranchInput, input) }),
    deleteBranch: async (_: unknown, { id }: IdArgs, { caller: { actor } }: Ctx) => {
      await deleteBranch({ actor, id });
      return true;
    },
  },
  Branch: {
    semesters: (branch: Branch, _: Args, { loaders }: Ctx) =>
      loaders.semestersByBranchId.load(branch.id),
  },
};
