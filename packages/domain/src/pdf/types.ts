// What reading a PDF yields, and the limits it runs under: shared by the worker that reads and
// the code that waits for it.

/** One run of text as the PDF places it (PDF units, origin at the bottom left of the page). */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  /** The font size (height of the text). */
  size: number;
}

/** One page: its size and its text runs in content-stream order. */
export interface PdfPage {
  width: number;
  height: number;
  items: PdfTextItem[];
}

/** The text of a whole document, page by page. */
export interface PdfContent {
  pages: PdfPage[];
}

/** The bounds a PDF is read within; a file past any of them is refused. */
export interface PdfLimits {
  /** Wall-clock time for the whole read. */
  timeoutMs: number;
  /** The V8 heap of the reading thread (old generation), in MiB. */
  maxHeapMb: number;
  /** The typed arrays and ArrayBuffers of the reading thread (outside its heap), in MiB. */
  maxBufferMb: number;
  /** Pages a paper may have. */
  maxPages: number;
  /** Bytes all the file's streams may decode to, together (every stage of every filter chain). */
  maxInflatedBytes: number;
  /** Characters of text the whole file may hold. */
  maxTextChars: number;
}

/** The default limits: far above any exam paper, far below what would hurt the service. */
export const DEFAULT_PDF_LIMITS: PdfLimits = {
  timeoutMs: 10_000,
  maxHeapMb: 256,
  maxBufferMb: 256,
  maxPages: 500,
  maxInflatedBytes: 256 * 1024 * 1024,
  maxTextChars: 2_000_000,
};
