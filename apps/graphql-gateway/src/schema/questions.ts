import {
  createQuestion,
  deleteQuestion,
  getQuestionById,
  getQuestionBySlug,
  listQuestions,
  NotFoundError,
  updateQuestion,
  ValidationError,
} from '@qpc/domain';
import { createQuestionInput, questionSchema, updateQuestionInput } from '@qpc/domain/schemas';
import { childrenOf } from '../loaders.js';
import {
  inputFor,
  listArgs,
  pageArgs,
  who,
  IDEMPOTENCY_KEY_ARGUMENT,
  idempotentCreate,
  required,
} from './common.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ZodGraphType } from './zod-types.js';

/** The question's types the graph generates from the domain's zod schemas. */
export const questionGraphTypes: ZodGraphType[] = [
  { name: 'Question', kind: 'type', schema: questionSchema },
  { name: 'CreateQuestionInput', kind: 'input', schema: createQuestionInput },
  { name: 'UpdateQuestionInput', kind: 'input', schema: updateQuestionInput },
];

export const questionTypeDefs = /* GraphQL */ `
  extend type Question {
    "Solutions, best score first, then oldest."
    solutions: [Solution!]!
    "The paper's subject offering: where the question sits in the catalog, in the same request."
    subjectOffering: SubjectOffering!
  }

  "A page of questions."
  type QuestionPage {
    "The questions of this page."
    items: [Question!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  type Query {
    "Questions the caller may see, newest first."
    questions(
      "Only questions of this type."
      type: QuestionType
      "Only questions of this difficulty."
      difficulty: Difficulty
      "Only verified (true) or unverified (false) questions."
      isVerified: Boolean
      "Only questions of this paper."
      paperId: ObjectID
      "Only questions of this subject offering."
      subjectOfferingId: ObjectID
      "Only questions of this module."
      moduleId: ObjectID
      "Only questions of this topic."
      topicId: ObjectID
      ${pageArgs('QuestionSort')}
    ): QuestionPage!
    "A question by id or by slug, or by both when they name the same question; give at least one."
    question("The question's id." id: ObjectID, "The question's slug." slug: Slug): Question
  }

  type Mutation {
    "Creates a question ${who('catalog:write')}."
    createQuestion("The new question." input: CreateQuestionInput! ${IDEMPOTENCY_KEY_ARGUMENT}): Question!
    "Updates a question ${who('catalog:write')}."
    updateQuestion(
      "The question's id."
      id: ObjectID!
      "Fields to change."
      input: UpdateQuestionInput!
    ): Question!
    "Deletes a question without solutions ${who('catalog:delete')}."
    deleteQuestion("The question's id." id: ObjectID!): Boolean!
  }
`;

export const questionResolvers: Resolvers = {
  Query: {
    questions: (_, args, { caller }) => listQuestions({ actor: caller, query: listArgs(args) }),
    question: async (_, { id, slug }, { caller }) => {
      if (id === undefined || id === null) {
        if (slug === undefined || slug === null)
          throw new ValidationError('Give id or slug', [
            { path: 'id', message: 'give id or slug (or both)' },
          ]);
        return getQuestionBySlug({ actor: caller, slug });
      }
      const question = await getQuestionById({ actor: caller, id });
      // Both given: they name one question, or none.
      if (slug !== undefined && slug !== null && question.slug !== slug)
        throw new NotFoundError('Question not found');
      return question;
    },
  },
  Mutation: {
    createQuestion: (_, args, context) =>
      idempotentCreate('createQuestion', args, context, {
        action: 'catalog:write',
        create: (id) =>
          createQuestion({
            actor: context.caller.actor,
            input: inputFor(createQuestionInput, args.input),
            id,
          }),
        find: (id) => getQuestionById({ actor: context.caller, id }),
      }),
    updateQuestion: (_, { id, input }, { caller: { actor } }) =>
      updateQuestion({ actor, id, input: inputFor(updateQuestionInput, input) }),
    deleteQuestion: async (_, { id }, { caller: { actor } }) => {
      await deleteQuestion({ actor, id });
      return true;
    },
  },
  Question: {
    solutions: async (question, _, { loaders }) =>
      childrenOf(
        await loaders.solutionsBySubjectOfferingId.load(question.subjectOfferingId),
        question.id,
      ),
    subjectOffering: async (question, _, { loaders }) =>
      required(
        await loaders.subjectOfferingById.load(question.subjectOfferingId),
        'Subject offering',
      ),
  },
};
