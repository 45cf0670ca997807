export {
  createPaperInput,
  updatePaperInput,
  setPaperStatusInput,
  listPapersQuery,
  paperSchema,
  paperFileSchema,
  paperStatusChangeSchema,
  MIN_EXAM_YEAR,
  maxExamYear,
} from './schema.js';
export type {
  CreatePaperInput,
  UpdatePaperInput,
  SetPaperStatusInput,
  ListPapersQuery,
  Paper,
  PaperFile,
  PaperStatusChange,
} from './schema.js';
export {
  listPapers,
  getPaperBySlug,
  getPaperById,
  createPaper,
  updatePaper,
  setPaperStatus,
  deletePaper,
} from './service.js';
export { loadPapersByIds, loadPapersBySubjectOfferingIds } from './loaders.js';
