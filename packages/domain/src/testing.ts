// `@qpc/domain/testing`, for other packages' tests: the mongoose models, mongoose itself (the
// connection the domain uses) and a sample PDF. Not for production code: go through the services.
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
export { MARKS, NUMBERING, OPTIONS, samplePaperPdf } from './drafts/sample-paper.js';
export type { PaperStyle, SampleQuestion } from './drafts/sample-paper.js';
export { assemblePdf, pdfStream, textPdf } from './pdf/write.js';
export type { PdfLine } from './pdf/write.js';
