// `@qpc/domain/testing`, for every package's tests: callers of each kind, catalog fixtures, the
// mongoose models, mongoose itself (the connection the domain uses) and sample PDFs. Not for
// production code: go through the services.
export {
  BranchModel,
  ModuleModel,
  PaperModel,
  QuestionModel,
  SemesterModel,
  SolutionModel,
  SubjectModel,
  SubjectOfferingModel,
  SyllabusModel,
  TopicModel,
  UniversityModel,
  UserModel,
  VoteModel,
} from './models.js';
export { mongoose } from './db.js';
export { attachSamplePaperFiles, samplePdf } from './paper-file/sample-pdf.js';
export type { SamplePaper } from './paper-file/sample-pdf.js';
export { paperDraftsSettled } from './drafts/compute.js';
export { settleEntryJournal } from './search/journal-retirement.js';
export { MARKS, NUMBERING, OPTIONS, samplePaperPdf } from './drafts/sample-paper.js';
export type { PaperStyle, SampleQuestion } from './drafts/sample-paper.js';
export { assemblePdf, pdfStream, textPdf } from './pdf/write.js';
export type { PdfLine } from './pdf/write.js';
export { BOMB_KINDS, pdfBomb } from './test-support/pdf-bombs.js';
export {
  imagePdf,
  scanOfPdf,
  scannedPdf,
  scanPages,
  withImagePages,
} from './test-support/scan-pdf.js';
export { passwordPdf, resizedJpegHeader, truncatedJpeg } from './test-support/odd-pdfs.js';
export type { ScanOptions } from './test-support/scan-pdf.js';
export type { BombKind } from './test-support/pdf-bombs.js';
export {
  makeActor,
  makeActors,
  makeCallers,
  makeUser,
  signTestTokensWith,
} from './test-support/callers.js';
export type { CallerKind, SignedInKind, TestCallers, TestUser } from './test-support/callers.js';
export {
  makeBranch,
  makeOffering,
  makePaper,
  makeQuestion,
  makeSemester,
  makeSolution,
  makeSubject,
  makeSyllabus,
  makeTree,
  makeUniversity,
  uid,
} from './test-support/service-fixtures.js';
export { actorOf, makeCatalog, makeLargeTree } from './test-support/catalog-fixtures.js';
export type { Catalog, TreeSize } from './test-support/catalog-fixtures.js';
export {
  evaluateQueries,
  meanOf,
  misspelt,
  scoreHits,
  searchLabelledSet,
} from './test-support/search-eval.js';
export type { Judged, LabelledQuery, QueryScore } from './test-support/search-eval.js';
export { evaluateLabelledSet } from './test-support/labelled-set/evaluate.js';
export type { KindReport, SetKind } from './test-support/labelled-set/evaluate.js';
export { expectedSet, labelledSet, SET_SIZE } from './test-support/labelled-set/set.js';
export type { ExpectedPaper } from './test-support/labelled-set/compose.js';
