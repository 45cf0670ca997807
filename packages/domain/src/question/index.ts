export {
  createQuestionInput,
  updateQuestionInput,
  listQuestionsQuery,
  listSyllabusQuestionsQuery,
  questionSchema,
  MIN_MCQ_OPTIONS,
  MAX_MCQ_OPTIONS,
} from './schema.js';
export type {
  CreateQuestionInput,
  UpdateQuestionInput,
  ListQuestionsQuery,
  ListSyllabusQuestionsQuery,
  Question,
} from './schema.js';
export {
  listQuestions,
  listModuleQuestions,
  listTopicQuestions,
  getQuestionById,
  getQuestionBySlug,
  createQuestion,
  updateQuestion,
  deleteQuestion,
} from './service.js';
export { loadQuestionsByIds, loadQuestionsBySubjectOfferingIds } from './loaders.js';
