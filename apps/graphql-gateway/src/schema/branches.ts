import { createBranch, deleteBranch, getBranchById, listBranches, updateBranch } from '@qpc/domain';
import { branchSchema, createBranchInput, updateBranchInput } from '@qpc/domain/schemas';
import {
  inputFor,
  listArgs,
  pageArgs,
  who,
  IDEMPOTENCY_KEY_ARGUMENT,
  idempotentCreate,
} from './common.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ZodGraphType } from './zod-types.js';

/** The branch's types the graph generates from the domain's zod schemas. */
export const branchGraphTypes: ZodGraphType[] = [
  { name: 'Branch', kind: 'type', schema: branchSchema },
  { name: 'CreateBranchInput', kind: 'input', schema: createBranchInput },
  { name: 'UpdateBranchInput', kind: 'input', schema: updateBranchInput },
];

export const branchTypeDefs = /* GraphQL */ `
  extend type Branch {
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
