// `@qpc/domain/schemas`: the zod schemas of every input and DTO, the enum lists and limits, and
// their inferred types. Importing it loads zod only, never mongoose (package.test.ts checks).
export { ROLES } from './roles.js';
export type { Role } from './roles.js';
export {
  asScalar,
  graphqlScalars,
  idParams,
  objectId,
  recordId,
  slugSchema,
} from './common-schemas.js';
export {
  MAX_LIMIT,
  MAX_PAGE,
  paginationQuery,
  MAX_SORT_KEYS,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  sortInput,
} from './listing/list-query.js';
import type { SortKey } from './listing/list-query.js';
export type { PageRequest, SortDirection, SortKey, SortSpec } from './listing/list-query.js';
/** A GraphQL sort scalar's value: the parsed `{ field, direction }` list. */
export type SortKeys = readonly SortKey[];
export { searchQuery } from './listing/search-param.js';
export {
  createUniversityInput,
  listUniversitiesQuery,
  universitySchema,
  updateUniversityInput,
} from './university/schema.js';
export type {
  CreateUniversityInput,
  ListUniversitiesQuery,
  University,
  UpdateUniversityInput,
} from './university/schema.js';
export {
  branchSchema,
  createBranchInput,
  listBranchesQuery,
  updateBranchInput,
} from './branch/schema.js';
export type {
  Branch,
  CreateBranchInput,
  ListBranchesQuery,
  UpdateBranchInput,
} from './branch/schema.js';
export {
  createSemesterInput,
  listSemestersQuery,
  semesterSchema,
  updateSemesterInput,
} from './semester/schema.js';
export type {
  CreateSemesterInput,
  ListSemestersQuery,
  Semester,
  UpdateSemesterInput,
} from './semester/schema.js';
export {
  createSubjectInput,
  listSubjectsQuery,
  subjectSchema,
  updateSubjectInput,
} from './subject/schema.js';
export type {
  CreateSubjectInput,
  ListSubjectsQuery,
  Subject,
  UpdateSubjectInput,
} from './subject/schema.js';
export {
  createSubjectOfferingInput,
  listSubjectOfferingsQuery,
  subjectOfferingSchema,
} from './subject-offering/schema.js';
export type {
  CreateSubjectOfferingInput,
  ListSubjectOfferingsQuery,
  SubjectOffering,
} from './subject-offering/schema.js';
export {
  createModuleInput,
  createTopicInput,
  initSyllabusInput,
  moduleSchema,
  moduleWithTopicsSchema,
  syllabusSchema,
  syllabusWithModulesSchema,
  topicSchema,
  updateSyllabusItemInput,
} from './syllabus/schema.js';
export type {
  CreateModuleInput,
  CreateTopicInput,
  InitSyllabusInput,
  Module,
  ModuleWithTopics,
  Syllabus,
  SyllabusWithModules,
  Topic,
  UpdateSyllabusItemInput,
} from './syllabus/schema.js';
export {
  createPaperInput,
  createPaperFromPdfQuery,
  listPapersQuery,
  MAX_DURATION_MINUTES,
  maxExamYear,
  MIN_EXAM_YEAR,
  paperFileSchema,
  paperSchema,
  paperStatusChangeSchema,
  setPaperStatusInput,
  submitPaperInput,
  updatePaperInput,
} from './paper/schema.js';
export type {
  CreatePaperInput,
  ExamType,
  ListPapersQuery,
  Paper,
  PaperFile,
  PaperStatus,
  PaperStatusChange,
  SetPaperStatusInput,
  UpdatePaperInput,
} from './paper/schema.js';
export { EXAM_TYPES, NEW_PAPER_STATUSES, PAPER_STATUSES } from './paper/schema.js';
export { PAPER_FILE_CHUNK_BYTES, PAPER_FILE_CONTENT_TYPE, PDF_MAGIC } from './paper-file/schema.js';
export type { ByteRange } from './paper-file/schema.js';
export {
  createQuestionInput,
  listQuestionsQuery,
  listSyllabusQuestionsQuery,
  MAX_MCQ_OPTIONS,
  MIN_MCQ_OPTIONS,
  questionSchema,
  updateQuestionInput,
} from './question/schema.js';
export type {
  CreateQuestionInput,
  Difficulty,
  QuestionType,
  ListQuestionsQuery,
  ListSyllabusQuestionsQuery,
  Question,
  UpdateQuestionInput,
} from './question/schema.js';
export { DIFFICULTIES, QUESTION_TYPES } from './question/schema.js';
export {
  createSolutionInput,
  listSolutionsQuery,
  solutionSchema,
  updateSolutionInput,
  VOTE_VALUES,
  voteSolutionInput,
} from './solution/schema.js';
export type {
  CreateSolutionInput,
  ListSolutionsQuery,
  Solution,
  UpdateSolutionInput,
  VoteSolutionInput,
  VoteValue,
} from './solution/schema.js';
export {
  externalIdSchema,
  listUsersQuery,
  setUserRoleInput,
  updateUserInput,
  userClaims,
  userSchema,
} from './user/schema.js';
export type {
  ListUsersQuery,
  SetUserRoleInput,
  UpdateUserInput,
  User,
  UserClaims,
} from './user/schema.js';
export {
  searchQuerySchema,
  searchHitSchema,
  searchFacetsSchema,
  searchExtrasSchema,
  searchHitContextSchema,
  alsoAskedSchema,
  searchHitPaperSchema,
  searchHitSubjectSchema,
  searchHitTitledSchema,
  searchHitUniversitySchema,
  searchTypeCountsSchema,
  suggestQuerySchema,
  suggestionSchema,
  suggestionsSchema,
  SEARCH_TYPES,
  SUGGESTION_TYPES,
  MAX_QUERY_LENGTH,
  MAX_SUGGEST_LENGTH,
} from './search/schema.js';
export { MIN_QUERY_WORD_LENGTH, STOP_WORDS } from './search/tokens.js';
export {
  acceptDraftsInput,
  acceptedDraftSchema,
  DRAFT_STATUSES,
  DRAFT_TYPES,
  draftSchema,
  draftsProgressSchema,
  paperDraftsSchema,
  similarQuestionRefSchema,
  suggestedSittingSchema,
} from './drafts/schema.js';
export type { AcceptDraftsInput, Draft, PaperDrafts } from './drafts/schema.js';
export { similarPaperSchema, similarQuestionSchema } from './similar/schema.js';
export type { SimilarQuestion } from './similar/schema.js';
export type {
  SearchQuery,
  SearchHit,
  SearchHitContext,
  SearchFacets,
  SearchType,
  Suggestion,
} from './search/schema.js';
export {
  askedInLastSchema,
  coverageSchema,
  coveragePapersSchema,
  coverageStatsSchema,
  coverageModuleSchema,
  coverageTopicSchema,
  sittingCountSchema,
  sittingSchema,
  RECENT_SITTINGS,
} from './subject-offering/coverage-schema.js';
export type {
  Coverage,
  CoverageStats,
  CoverageModule,
  CoverageTopic,
  Sitting,
} from './subject-offering/coverage-schema.js';
