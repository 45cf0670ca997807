import {
  createSolution,
  deleteSolution,
  getSolutionById,
  listSolutions,
  updateSolution,
  voteSolution,
} from '@qpc/domain';
import { createSolutionInput, solutionSchema, updateSolutionInput } from '@qpc/domain/schemas';
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

/** The solution's types the graph generates from the domain's zod schemas. */
export const solutionGraphTypes: ZodGraphType[] = [
  { name: 'Solution', kind: 'type', schema: solutionSchema },
  { name: 'UpdateSolutionInput', kind: 'input', schema: updateSolutionInput },
  { name: 'CreateSolutionInput', kind: 'input', schema: createSolutionInput },
];

export const solutionTypeDefs = /* GraphQL */ `
  "A page of solutions."
  type SolutionPage {
    "The solutions of this page."
    items: [Solution!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  type Query {
    "Solutions the caller may see, best score first."
    solutions(
      "Only solutions of this question."
      questionId: ObjectID
      ${pageArgs('SolutionSort')}
    ): SolutionPage!
    "A solution by id, with its counts and the caller's vote."
    solution("The solution's id." id: ObjectID!): Solution
  }

  type Mutation {
    "Adds a solution to a question ${who('solution:create')}."
    createSolution("The new solution." input: CreateSolutionInput! ${IDEMPOTENCY_KEY_ARGUMENT}): Solution!
    "Votes on someone else's solution: 1 up, -1 down, 0 withdraws ${who('solution:vote')}."
    voteSolution("The solution's id." id: ObjectID!, "1, -1 or 0." value: VoteValue!): Solution!
    "Changes the text of a solution ${who('solution:create')}, and only its author."
    updateSolution("The solution's id." id: ObjectID!, "The new text." input: UpdateSolutionInput!): Solution!
    "Deletes a solution and its votes ${who('solution:create')}: its author, or an admin."
    deleteSolution("The solution's id." id: ObjectID!): Boolean!
  }
`;

export const solutionResolvers: Resolvers = {
  Query: {
    solutions: (_, args, { caller }) => listSolutions({ actor: caller, query: listArgs(args) }),
    solution: (_, { id }, { caller }) => getSolutionById({ actor: caller, id }),
  },
  Mutation: {
    createSolution: (_, args, context) =>
      idempotentCreate('createSolution', args, context, {
        action: 'solution:create',
        create: (id) =>
          createSolution({
            actor: context.caller.actor,
            input: inputFor(createSolutionInput, args.input),
            id,
          }),
        find: (id) => getSolutionById({ actor: context.caller, id }),
      }),
    updateSolution: (_, { id, input }, { caller: { actor } }) =>
      updateSolution({ actor, id, input: inputFor(updateSolutionInput, input) }),
    deleteSolution: async (_, { id }, { caller: { actor } }) => {
      await deleteSolution({ actor, id });
      return true;
    },
    voteSolution: (_, { id, value }, { caller: { actor } }) =>
      voteSolution({ actor, id, input: { value } }),
  },
};
