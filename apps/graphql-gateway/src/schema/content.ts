import {
  createPaper,
  createQuestion,
  createSolution,
  deleteSolution,
  getSolutionById,
  deletePaper,
  deleteQuestion,
  getPaperBySlug,
  getQuestionById,
  getQuestionBySlug,
  listPapers,
  listQuestions,
  listSolutions,
  setPaperStatus,
  updatePaper,
  updateQuestion,
  ValidationError,
  updateSolution,
  voteSolution,
  type Paper,
  type Question,
} from '@qpc/domain';
import type { GatewayContext } from '../context.js';
import {
  listArgs,
  PAGE_ARGS,
  required,
  who,
  type IdArgs,
  type InputArgs,
  type UpdateArgs,
} from './common.js';

export const contentTypeDefs = /* GraphQL */ `
  """
  A previous-year exam paper of a subject offering. Only callers who may paper:read-unapproved
  ${who('paper:read-unapproved')} see papers that are not approved.
  """
  type Paper {
    "Resource id."
    id: ID!
    "Id of the subject offering."
    subjectOfferingId: ID!
    "University of the paper's offering."
    universityId: ID!
    "Branch of the paper's offering."
    branchId: ID!
    "Semester of the paper's offering."
    semesterId: ID!
    "Subject of the paper's offering."
    subjectId: ID!
    "Year the exam was held."
    examYear: Int!
    "Kind of exam."
    examType: ExamType!
    "Human-readable title."
    title: String!
    "Unique slug used in read paths."
    slug: String!
    "Review status."
    status: PaperStatus!
    "Status changes, oldest first; null unless the caller may paper:read-unapproved ${who('paper:read-unapproved')}."
    statusHistory: [PaperStatusChange!]
    "Id of the user who created it, or null."
    createdBy: ID
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
    "The subject offering the paper belongs to."
    subjectOffering: SubjectOffering!
    "Questions of the paper, newest first."
    questions: [Question!]!
  }

  """
  One recorded change of a paper's status.
  """
  type PaperStatusChange {
    "Status before the change."
    from: PaperStatus!
    "Status after the change."
    to: PaperStatus!
    "Id of the admin who changed it."
    by: ID!
    "When it changed (ISO 8601)."
    at: String!
    "Why it changed, or null."
    reason: String
  }

  """
  A question of a paper, optionally placed in a syllabus module and topic.
  """
  type Question {
    "Resource id."
    id: ID!
    "Id of the paper."
    paperId: ID!
    "Id of the paper's subject offering."
    subjectOfferingId: ID!
    "Id of the paper's university."
    universityId: ID!
    "Id of the syllabus module, or null."
    moduleId: ID
    "Id of the syllabus topic, or null."
    topicId: ID
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
    createdBy: ID
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
    "Solutions, best score first, then oldest."
    solutions: [Solution!]!
  }

  """
  A solution contributed to a question, with its votes.
  """
  type Solution {
    "Resource id."
    id: ID!
    "Id of the question."
    questionId: ID!
    "Id of the question's paper."
    paperId: ID!
    "Id of the question's subject offering."
    subjectOfferingId: ID!
    "Id of the question's university."
    universityId: ID!
    "Id of the user who wrote it."
    authorId: ID!
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

  "A page of papers."
  type PaperPage {
    "The papers of this page."
    items: [Paper!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "A page of questions."
  type QuestionPage {
    "The questions of this page."
    items: [Question!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "A page of solutions."
  type SolutionPage {
    "The solutions of this page."
    items: [Solution!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "Fields of a new paper (REST: POST /papers)."
  input CreatePaperInput {
    "Id of the subject offering."
    subjectOfferingId: ID!
    "Year the exam was held (1900 to next year)."
    examYear: Int!
    "Kind of exam."
    examType: ExamType!
    "Title (1 to 200 characters); generated from the subject, exam type and year when absent."
    title: String
    "Unique lowercase kebab-case slug (1 to 120 characters); generated from the title when absent."
    slug: String
    "Initial status: DRAFT or PENDING (default PENDING)."
    status: PaperStatus
  }

  "Fields to change on a paper, at least one (REST: PATCH /papers/:id); the status changes through setPaperStatus."
  input UpdatePaperInput {
    "Year the exam was held (1900 to next year)."
    examYear: Int
    "Kind of exam."
    examType: ExamType
    "Title (1 to 200 characters)."
    title: String
    "Unique lowercase kebab-case slug (1 to 120 characters)."
    slug: String
  }

  "Fields of a new question (REST: POST /questions)."
  input CreateQuestionInput {
    "Id of the paper."
    paperId: ID!
    "The question text (1 to 10000 characters)."
    text: String!
    "Kind of question."
    type: QuestionType!
    "Difficulty."
    difficulty: Difficulty!
    "Syllabus module of the paper's subject offering, or null."
    moduleId: ID
    "Syllabus topic of the paper's subject offering (and of moduleId when given), or null."
    topicId: ID
    "Marks (0 to 1000), or null."
    marks: Float
    "Choices: 2 to 10, each 1 to 1000 characters; required for MCQ and refused otherwise."
    options: [String!]
    "Expected answer (up to 10000 characters), or null."
    answer: String
    "Unique lowercase kebab-case slug (1 to 120 characters); generated from the text when absent."
    slug: String
    "Checked by an editor (default false)."
    isVerified: Boolean
  }

  "Fields to change on a question, at least one (REST: PATCH /questions/:id)."
  input UpdateQuestionInput {
    "The question text (1 to 10000 characters)."
    text: String
    "Kind of question."
    type: QuestionType
    "Difficulty."
    difficulty: Difficulty
    "Syllabus module; null removes it."
    moduleId: ID
    "Syllabus topic; null removes it."
    topicId: ID
    "Marks (0 to 1000); null clears them."
    marks: Float
    "Choices (MCQ only), 2 to 10, each 1 to 1000 characters; null removes them."
    options: [String!]
    "Expected answer (up to 10000 characters); null clears it."
    answer: String
    "Unique lowercase kebab-case slug (1 to 120 characters)."
    slug: String
    "Checked by an editor."
    isVerified: Boolean
  }

  "The new text of a solution (REST: PATCH /solutions/:id)."
  input UpdateSolutionInput {
    "The solution text (1 to 20000 characters, Markdown)."
    content: String!
  }

  "Fields of a new solution (REST: POST /solutions); the caller is the author."
  input CreateSolutionInput {
    "Id of a question the caller can see."
    questionId: ID!
    "The solution text (1 to 20000 characters, Markdown)."
    content: String!
  }

  type Query {
    "Papers the caller may see, newest exam year first (REST: GET /papers)."
    papers(
      "Only papers of this subject offering."
      subjectOfferingId: ID
      "Only papers of this university."
      universityId: ID
      "Only papers of this branch."
      branchId: ID
      "Only papers of this semester."
      semesterId: ID
      "Only papers of this subject."
      subjectId: ID
      "Only papers of this exam year (1900 to 9999)."
      examYear: Int
      "Only papers of this exam type."
      examType: ExamType
      "Only papers of this status (for callers who may paper:read-unapproved)."
      status: PaperStatus
      ${PAGE_ARGS}
    ): PaperPage!
    "A paper by slug, when the caller may see it (REST: GET /papers/:slug)."
    paper("The paper's slug." slug: String!): Paper
    "Questions the caller may see, newest first (REST: GET /questions)."
    questions(
      "Only questions of this type."
      type: QuestionType
      "Only questions of this difficulty."
      difficulty: Difficulty
      "Only verified (true) or unverified (false) questions."
      isVerified: Boolean
      "Only questions of this paper."
      paperId: ID
      "Only questions of this subject offering."
      subjectOfferingId: ID
      "Only questions of this module."
      moduleId: ID
      "Only questions of this topic."
      topicId: ID
      ${PAGE_ARGS}
    ): QuestionPage!
    "A question by id or by slug (give exactly one) (REST: GET /questions/:id, /questions/slug/:slug)."
    question("The question's id." id: ID, "The question's slug." slug: String): Question
    "Solutions the caller may see, best score first (REST: GET /solutions)."
    solutions(
      "Only solutions of this question."
      questionId: ID
      ${PAGE_ARGS}
    ): SolutionPage!
    "A solution by id, with its counts and the caller's vote (REST: GET /solutions/:id)."
    solution("The solution's id." id: ID!): Solution
  }

  type Mutation {
    "Creates a paper as draft or pending ${who('catalog:write')}."
    createPaper("The new paper." input: CreatePaperInput!): Paper!
    "Updates a paper ${who('catalog:write')}."
    updatePaper("The paper's id." id: ID!, "Fields to change." input: UpdatePaperInput!): Paper!
    "Deletes a paper without questions ${who('catalog:delete')}."
    deletePaper("The paper's id." id: ID!): Boolean!
    "Sets a paper's status and records the change ${who('paper:set-status')} (REST: PATCH /papers/:id/status)."
    setPaperStatus(
      "The paper's id."
      id: ID!
      "The new status."
      status: PaperStatus!
      "Why the status changes (up to 500 characters)."
      reason: String
    ): Paper!
    "Creates a question ${who('catalog:write')}."
    createQuestion("The new question." input: CreateQuestionInput!): Question!
    "Updates a question ${who('catalog:write')}."
    updateQuestion(
      "The question's id."
      id: ID!
      "Fields to change."
      input: UpdateQuestionInput!
    ): Question!
    "Deletes a question without solutions ${who('catalog:delete')}."
    deleteQuestion("The question's id." id: ID!): Boolean!
    "Adds a solution to a question ${who('solution:create')}."
    createSolution("The new solution." input: CreateSolutionInput!): Solution!
    "Votes on someone else's solution: 1 up, -1 down, 0 withdraws ${who('solution:vote')}."
    voteSolution("The solution's id." id: ID!, "1, -1 or 0." value: Int!): Solution!
    "Changes the text of a solution: its author only (REST: PATCH /solutions/:id)."
    updateSolution("The solution's id." id: ID!, "The new text." input: UpdateSolutionInput!): Solution!
    "Deletes a solution and its votes: its author or an admin (REST: DELETE /solutions/:id)."
    deleteSolution("The solution's id." id: ID!): Boolean!
  }
`;

type Ctx = GatewayContext;
type Args = Record<string, unknown>;

export const contentResolvers = {
  Query: {
    papers: (_: unknown, args: Args, { actor }: Ctx) =>
      listPapers({ actor, query: listArgs(args) }),
    paper: (_: unknown, { slug }: { slug: string }, { actor }: Ctx) =>
      getPaperBySlug({ actor, slug }),
    questions: (_: unknown, args: Args, { actor }: Ctx) =>
      listQuestions({ actor, query: listArgs(args) }),
    question: (
      _: unknown,
      { id, slug }: { id?: string | null; slug?: string | null },
      { actor }: Ctx,
    ) => {
      const hasId = id !== undefined && id !== null;
      const hasSlug = slug !== undefined && slug !== null;
      if (hasId === hasSlug) {
        throw new ValidationError('Give exactly one of id and slug', [
          { path: hasId ? 'slug' : 'id', message: 'give exactly one of id and slug' },
        ]);
      }
      return hasId
        ? getQuestionById({ actor, id })
        : getQuestionBySlug({ actor, slug: slug as string });
    },
    solutions: (_: unknown, args: Args, { actor }: Ctx) =>
      listSolutions({ actor, query: listArgs(args) }),
    solution: (_: unknown, { id }: IdArgs, { actor }: Ctx) => getSolutionById({ actor, id }),
  },
  Mutation: {
    createPaper: (_: unknown, { input }: InputArgs, { actor }: Ctx) =>
      createPaper({ actor, input }),
    updatePaper: (_: unknown, { id, input }: UpdateArgs, { actor }: Ctx) =>
      updatePaper({ actor, id, input }),
    deletePaper: async (_: unknown, { id }: IdArgs, { actor }: Ctx) => {
      await deletePaper({ actor, id });
      return true;
    },
    setPaperStatus: (
      _: unknown,
      { id, status, reason }: { id: string; status: string; reason?: string | null },
      { actor }: Ctx,
    ) =>
      setPaperStatus({
        actor,
        id,
        input: { status, ...(reason === undefined || reason === null ? {} : { reason }) },
      }),
    createQuestion: (_: unknown, { input }: InputArgs, { actor }: Ctx) =>
      createQuestion({ actor, input }),
    updateQuestion: (_: unknown, { id, input }: UpdateArgs, { actor }: Ctx) =>
      updateQuestion({ actor, id, input }),
    deleteQuestion: async (_: unknown, { id }: IdArgs, { actor }: Ctx) => {
      await deleteQuestion({ actor, id });
      return true;
    },
    createSolution: (_: unknown, { input }: InputArgs, { actor }: Ctx) =>
      createSolution({ actor, input }),
    updateSolution: (_: unknown, { id, input }: UpdateArgs, { actor }: Ctx) =>
      updateSolution({ actor, id, input }),
    deleteSolution: async (_: unknown, { id }: IdArgs, { actor }: Ctx) => {
      await deleteSolution({ actor, id });
      return true;
    },
    voteSolution: (_: unknown, { id, value }: { id: string; value: number }, { actor }: Ctx) =>
      voteSolution({ actor, id, input: { value } }),
  },
  Paper: {
    subjectOffering: async (paper: Paper, _: Args, { loaders }: Ctx) =>
      required(await loaders.subjectOfferingById.load(paper.subjectOfferingId), 'Subject offering'),
    // A paper's questions and a question's solutions are their share of the offering's.
    questions: async (paper: Paper, _: Args, { loaders }: Ctx) =>
      (await loaders.questionsBySubjectOfferingId.load(paper.subjectOfferingId)).filter(
        (q) => q.paperId === paper.id,
      ),
  },
  Question: {
    solutions: async (question: Question, _: Args, { loaders }: Ctx) =>
      (await loaders.solutionsBySubjectOfferingId.load(question.subjectOfferingId)).filter(
        (s) => s.questionId === question.id,
      ),
  },
};
