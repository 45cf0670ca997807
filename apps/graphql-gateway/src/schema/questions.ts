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
import { createQuestionInput, updateQuestionInput } from '@qpc/domain/schemas';
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

export const questionTypeDefs = /* GraphQL */ `
  """
  A question of a paper, optionally placed in a syllabus module and topic.
  """
  type Question {
    "Resource id."
    id: ObjectID!
    "Id of the paper."
    paperId: ObjectID!
    "Id of the paper's subject offering."
    subjectOfferingId: ObjectID!
    "Id of the paper's university."
    universityId: ObjectID!
    "Id of the syllabus module, or null."
    moduleId: ObjectID
    "Id of the syllabus topic, or null."
    topicId: ObjectID
    "The question as printed on the paper."
    text: String!
    "Kind of question."
    type: QuestionType!
    "Difficulty."
    difficulty: Difficulty!
    "Marks the question carries, or null."
    marks: Float
    "Choices of a multiple-choice question, else null."
    options: [String!]
    "Expected answer, or null."
    answer: String
    "Unique slug used in read paths."
    slug: String!
    "True once checked by an editor."
    isVerified: Boolean!
    "Id of the user who created it, or null."
    createdBy: ObjectID
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
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

  "Fields of a new question."
  input CreateQuestionInput {
    "Id of the paper."
    paperId: ObjectID!
    "The question text (1 to 10000 characters)."
    text: NonEmptyString!
    "Kind of question."
    type: QuestionType!
    "Difficulty."
    difficulty: Difficulty!
    "Syllabus module of the paper's subject offering, or null."
    moduleId: ObjectID
    "Syllabus topic of the paper's subject offering (and of moduleId when given), or null."
    topicId: ObjectID
    "Marks (0 to 1000), or null."
    marks: Marks
    "Choices: 2 to 10, each 1 to 1000 characters; required for MCQ and refused otherwise."
    options: [NonEmptyString!]
    "Expected answer (up to 10000 characters), or null."
    answer: String
    "Unique lowercase kebab-case slug (1 to 120 characters); generated from the text when absent."
    slug: Slug
    "Checked by an editor (default false)."
    isVerified: Boolean
  }

  "Fields to change on a question, at least one."
  input UpdateQuestionInput {
    "The question text (1 to 10000 characters)."
    text: NonEmptyString
    "Kind of question."
    type: QuestionType
    "Difficulty."
    difficulty: Difficulty
    "Syllabus module; null removes it."
    moduleId: ObjectID
    "Syllabus topic; null removes it."
    topicId: ObjectID
    "Marks (0 to 1000); null clears them."
    marks: Marks
    "Choices (MCQ only), 2 to 10, each 1 to 1000 characters; null removes them."
    options: [NonEmptyString!]
    "Expected answer (up to 10000 characters); null clears it."
    answer: String
    "Unique lowercase kebab-case slug (1 to 120 characters)."
    slug: Slug
    "Checked by an editor."
    isVerified: Boolean
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
