// Public API of @qpc/domain (`.`): services, batch reads, types, errors, access, visibility and
// the database functions. Named exports only; no models and no zod schemas. The zod schemas and
// enum lists are `@qpc/domain/schemas` (no mongoose), the models `@qpc/domain/testing`, the sample
// catalog `@qpc/domain/seed`. See README.md.

// Every model registers on import, so that prepareDatabase() builds all indexes.
import './models.js';

export {
  ConflictError,
  DomainError,
  FileTooLargeError,
  ForbiddenError,
  NotFoundError,
  PaperEmptyError,
  SittingNotFoundError,
  ServiceUnavailableError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  ValidationError,
  duplicateKeyFields,
  fromZodError,
  invalidReference,
  isDuplicateKeyError,
  isUnavailableError,
  mapDatabaseError,
  parseInput,
  validationErrorMap,
} from './errors.js';
export type { ErrorCode, ErrorDetail } from './errors.js';
export {
  ACTION_SUMMARIES,
  ACTIONS,
  ROLES,
  assertCan,
  can,
  roleAbilities,
  rolesFor,
  whoMay,
} from './access.js';
export type { Action, Actor, MaybeActor, Role } from './access.js';
export {
  PUBLIC_PAPER_STATUS,
  asCaller,
  callerFor,
  isVisible,
  seesAll,
  callerViewFor,
  visibleFilter,
} from './visibility.js';
export type { Caller, RequestCaller, ReadById, CallerView, VisibleKind } from './visibility.js';
export { connectDatabase, disconnectDatabase, onDatabaseEvents, pingDatabase } from './db.js';
export { buildIndexes, isDatabaseEmpty, prepareDatabase } from './storage/prepare.js';
export type { PrepareOptions } from './storage/prepare.js';
export { withStartupLease } from './storage/startup-lease.js';
export type { IndexFallback, IndexWarn } from './storage/index-fallback.js';
export { REPAIR_GRACE_MS, repairHalfWrites, startRepairSweeper } from './storage/repairs.js';
export type { RepairReport } from './storage/repairs.js';
export type { ConnectOptions, DatabaseEventHandlers } from './db.js';
export type {
  ListRequest,
  Page,
  PageRequest,
  Pagination,
  SortDirection,
  SortKey,
  SortSpec,
} from './listing/pagination.js';
export { REFERENCES, dependentsOf } from './writing/reference-table.js';
export { answerKeys, listKey, recordKeys } from './cache-keys/keys.js';
export { onCatalogChange } from './cache-keys/changes.js';
export type { CatalogChangeListener } from './cache-keys/changes.js';
export type { Reference } from './writing/reference-table.js';
export { bulkhead, runExclusive } from './writing/concurrency.js';
export type {
  CreateUniversityInput,
  ListUniversitiesQuery,
  University,
  UpdateUniversityInput,
} from './university/schema.js';
export {
  createUniversity,
  deleteUniversity,
  getUniversityById,
  getUniversityBySlug,
  listUniversities,
  updateUniversity,
} from './university/service.js';
export type { ReadByIds, ReadByParent, VisibleReadByIds } from './listing/loading.js';
export { readUniversitiesByIds } from './university/reads.js';
export type {
  Branch,
  CreateBranchInput,
  ListBranchesQuery,
  UpdateBranchInput,
} from './branch/schema.js';
export {
  createBranch,
  deleteBranch,
  getBranchById,
  listBranches,
  updateBranch,
} from './branch/service.js';
export { readBranchesByIds, readBranchesByUniversityIds } from './branch/reads.js';
export type {
  CreateSemesterInput,
  ListSemestersQuery,
  Semester,
  UpdateSemesterInput,
} from './semester/schema.js';
export {
  createSemester,
  deleteSemester,
  getSemesterById,
  listSemesters,
  updateSemester,
} from './semester/service.js';
export { readSemestersByBranchIds, readSemestersByIds } from './semester/reads.js';
export type {
  CreateSubjectInput,
  ListSubjectsQuery,
  Subject,
  UpdateSubjectInput,
} from './subject/schema.js';
export {
  createSubject,
  deleteSubject,
  getSubjectById,
  getSubjectBySlug,
  listSubjects,
  updateSubject,
} from './subject/service.js';
export { readSubjectsByIds } from './subject/reads.js';
export type {
  CreateSubjectOfferingInput,
  ListSubjectOfferingsQuery,
  SubjectOffering,
} from './subject-offering/schema.js';
export {
  createSubjectOffering,
  deleteSubjectOffering,
  getSubjectOfferingById,
  listSubjectOfferings,
} from './subject-offering/service.js';
export { readSubjectOfferingsByIds } from './subject-offering/reads.js';
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
  createModule,
  createTopic,
  deleteModule,
  deleteSyllabus,
  deleteTopic,
  findSyllabus,
  getModuleById,
  getSyllabus,
  getSyllabusById,
  getTopicById,
  initSyllabus,
  updateModule,
  updateTopic,
} from './syllabus/service.js';
export { SYLLABUS_ITEM_ORDER } from './syllabus/service.js';
export {
  readModulesBySyllabusIds,
  readSyllabiBySubjectOfferingIds,
  readTopicsBySyllabusIds,
} from './syllabus/reads.js';
export type {
  CreatePaperInput,
  ListPapersQuery,
  Paper,
  PaperFile,
  PaperStatusChange,
  SetPaperStatusInput,
  SubmitPaperInput,
  UpdatePaperInput,
} from './paper/schema.js';
export type { PaperCounts, PaperRecord } from './paper/counts.js';
export {
  createPaper,
  deletePaper,
  getPaperById,
  getPaperBySlug,
  listPapers,
  setPaperStatus,
  submitPaper,
  updatePaper,
} from './paper/service.js';
export {
  readPaperCountsByIds,
  readPapersByIds,
  readPapersBySubjectOfferingIds,
} from './paper/reads.js';
export type { ByteRange } from './paper-file/schema.js';
export { deletePaperFile, openPaperFile, uploadPaperFile } from './paper-file/service.js';
export { createPaperFromPdf } from './paper-file/from-pdf.js';
export type { PaperFileDownload } from './paper-file/service.js';
export {
  ABANDONED_AFTER_MS,
  deleteUnreferencedFiles,
  settleAbandonedOperations,
  startPaperFileSweeper,
  sweepPaperFiles,
  withPaperFileRemoval,
} from './paper-file/operations.js';
export type { SweepResult } from './paper-file/operations.js';
export { PAPER_FILE_BUCKET } from './paper-file/storage.js';
export type {
  CreateQuestionInput,
  ListQuestionsQuery,
  ListSyllabusQuestionsQuery,
  Question,
  UpdateQuestionInput,
} from './question/schema.js';
export {
  createQuestion,
  deleteQuestion,
  getQuestionById,
  getQuestionBySlug,
  listModuleQuestions,
  listQuestions,
  listTopicQuestions,
  updateQuestion,
} from './question/service.js';
export { readQuestionsByIds, readQuestionsBySubjectOfferingIds } from './question/reads.js';
export type { QuestionsByParent } from './question/reads.js';
export type {
  CreateSolutionInput,
  ListSolutionsQuery,
  Solution,
  UpdateSolutionInput,
  VoteSolutionInput,
  VoteValue,
} from './solution/schema.js';
export {
  createSolution,
  deleteSolution,
  getSolutionById,
  listSolutions,
  updateSolution,
  voteSolution,
} from './solution/service.js';
export type { VoteTally } from './solution/votes.js';
export { readSolutionsBySubjectOfferingIds } from './solution/reads.js';
export type {
  ListUsersQuery,
  SetUserRoleInput,
  UpdateUserInput,
  User,
  UserClaims,
} from './user/schema.js';
export {
  getMe,
  getUserByExternalId,
  listUsers,
  setUserRole,
  toActor,
  updateUser,
  upsertUserFromClaims,
  userIdFor,
} from './user/service.js';
export { readUsersByIds } from './user/reads.js';
export { ACTOR_CACHE_MAX, createActorCache } from './user/actor-cache.js';
export type { ActorCache } from './user/actor-cache.js';
export { searchCatalog, MAX_CANDIDATES } from './search/service.js';
export type { SearchResult } from './search/service.js';
export type {
  SearchQuery,
  SearchHit,
  SearchHitContext,
  SearchFacets,
  SearchType,
  Suggestion,
  Suggestions,
  SuggestQuery,
} from './search/schema.js';
export { facetEntries } from './search/facets.js';
export type { FacetEntry } from './search/facets.js';
export { suggestSearch } from './search/suggest.js';
export { reindexSearch, backfillSearch } from './search/backfill.js';
export { SEARCH_TERMS_COLLECTION } from './search/terms.js';
export {
  entryLexemes,
  entryOf,
  entryScore,
  SEARCH_ENTRIES_COLLECTION,
  SEARCHED_FIELDS,
  SearchEntryModel,
} from './search/entries.js';
export type { EntryDoc, EntrySource } from './search/entries.js';
export { getSubjectOfferingCoverage } from './subject-offering/coverage.js';
export { acceptDrafts, findAcceptedDrafts, getPaperDrafts } from './drafts/service.js';
export { resumePendingDrafts } from './drafts/compute.js';
export { configureDraftsReading, DEFAULT_DRAFTS_READING } from './ocr/settings.js';
export type { DraftsReadingSettings, OcrEngineChoice } from './ocr/settings.js';
export { chooseEngine, hasNativeOcr } from './ocr/engine.js';
export { readPdfDrafts } from './ocr/read-paper-pdf.js';
export type { ReadPaperPdf, ReadingProgress } from './ocr/read-paper-pdf.js';
export type { AcceptDraftsInput, Draft, PaperDrafts } from './drafts/schema.js';
export { listSimilarQuestions } from './similar/service.js';
export { backfillSimilar, reindexSimilar } from './similar/backfill.js';
export type { SimilarQuestion } from './similar/schema.js';
export type {
  Coverage,
  CoverageStats,
  CoverageModule,
  CoverageTopic,
  Sitting,
} from './subject-offering/coverage-schema.js';
export {
  IDEMPOTENCY_COLLECTION,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_RETRY_AFTER_SECONDS,
  IDEMPOTENCY_TTL_MS,
  IdempotencyInFlightError,
  IdempotencyKeyReusedError,
  idempotencyKeySchema,
  startIdempotencyKeySweeper,
  sweepIdempotencyKeys,
  withIdempotency,
} from './idempotency/service.js';
export type { IdempotentCall, IdempotentCreate, IdempotentResult } from './idempotency/service.js';
