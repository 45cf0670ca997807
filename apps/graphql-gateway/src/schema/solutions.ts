import {
  createSolution,
  deleteSolution,
  getSolutionById,
  listSolutions,
  updateSolution,
  voteSolution,
} from '@qpc/domain';
import { createSolutionInput, updateSolutionInput } from '@qpc/domain/schemas';
import {
  inputFor,
  listArgs,
  pageArgs,
  who,
  IDEMPOTENCY_KEY_ARGUMENT,
  idempotentCreate,
} from './common.js';
import type { Resolvers } from '../generated/resolvers.js';

export const solutionTypeDefs = /* GraphQL */ `
  """
  A solution contributed to a question, with its votes.
  """
  type Solution {
    "Resource id."
    id: ObjectID!
    "Id of the question."
    questionId: ObjectID!
    "Id of the question's paper."
    paperId: ObjectID!
    "Id of the question's subject offering."
    subjectOfferingId: ObjectID!
    "Id of the question's university."
    universityId: ObjectID!
    "Id of the user who wrote it."
    authorId: ObjectID!
    "The solution text (Markdown)."
    content: String!
    "Number of up votes."
    upvotes: Int!
    "Number of down votes."
    downvotes: Int!
    "upvotes minus downvotes."
    score: Int!
    "The caller's vote: 1, -1, or 0 for none (always 0 for anonymous callers)."
    myVote: Int!
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
  }

  "A page of solutions."
  type SolutionPage {
    "The solutions of this page."
    items: [Solution!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "The new text of a solution."
  input UpdateSolutionInput {
    "The solution text (1 to 20000 characters, Markdown)."
    content: NonEmptyString!
  }

  "Fields of a new solution; the caller is the author."
  input CreateSolutionInput {
    "Id of a question the caller can see."
    questionId: ObjectID!
    "The solution text (1 to 20000 characters, Markdown)."
    content: NonEmptyString!
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
