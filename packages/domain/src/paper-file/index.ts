export { PAPER_FILE_CONTENT_TYPE, PAPER_FILE_CHUNK_BYTES, PDF_MAGIC } from './schema.js';
export type { ByteRange } from './schema.js';
export { uploadPaperFile, openPaperFile, deletePaperFile } from './service.js';
export type { PaperFileDownload } from './service.js';
export {
  sweepPaperFiles,
  settleAbandonedOperations,
  deleteUnreferencedFiles,
  startPaperFileSweeper,
  withPaperFileRemoval,
  ABANDONED_AFTER_MS,
} from './operations.js';
export type { SweepResult } from './operations.js';
export { PAPER_FILE_BUCKET } from './storage.js';
export { samplePdf, attachSamplePaperFiles } from './sample-pdf.js';
export type { SamplePaper } from './sample-pdf.js';
