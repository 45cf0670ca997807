// Reads a PDF away from the request loop, in a reading thread (reader-threads.ts) with a heap
// limit and a wall-clock limit; a thread that passes either is terminated. Whatever the file does
// to the parser (endless pages, deep nesting, huge or bombed streams), the service's thread only
// waits.
import { readInThread } from './reader-threads.js';
import { DEFAULT_PDF_LIMITS } from './types.js';
import type { PdfContent, PdfLimits } from './types.js';

export { PdfReadError, pdfReaderThreadsStarted } from './reader-threads.js';

/**
 * Reads a PDF's text page by page in a reading thread within `limits` (defaults:
 * DEFAULT_PDF_LIMITS); `transfer` hands the bytes over to it (the caller's copy is then empty).
 * Rejects with PdfReadError saying why when the file is not a PDF, cannot be opened, has no
 * pages, or passes a limit.
 */
export function readPdf(
  data: Uint8Array,
  limits: Partial<PdfLimits> = {},
  options: { transfer?: boolean } = {},
): Promise<PdfContent> {
  // Moved, not copied, to the thread: the caller's own bytes when it hands them over
  // (`transfer`: they must fill their ArrayBuffer), else a copy.
  const owned =
    options.transfer &&
    data.buffer instanceof ArrayBuffer &&
    data.byteOffset === 0 &&
    data.byteLength === data.buffer.byteLength;
  const copy = owned ? (data as Uint8Array<ArrayBuffer>) : new Uint8Array(data);
  return readInThread(copy, { ...DEFAULT_PDF_LIMITS, ...limits });
}
