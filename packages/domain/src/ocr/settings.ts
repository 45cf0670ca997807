// How scanned pages are read: the service sets these once at start from its configuration
// (configureDraftsReading); the domain's own tests and tools run with the defaults.

/** Which OCR engine reads a page with no text layer. */
export type OcrEngineChoice = 'auto' | 'native' | 'js';

/** The settings of reading a paper's drafts, OCR included. */
export interface DraftsReadingSettings {
  /**
   * `native`: Tesseract and poppler's pdftoppm from the PATH; `js`: tesseract.js with the English
   * data of an npm package and pdf.js to draw the page (nothing to install); `auto`: native when
   * both commands are on the PATH, else js.
   */
  engine: OcrEngineChoice;
  /** Tesseract languages, joined by `+` (`eng`, `eng+hin`). */
  languages: string;
  /** Wall-clock time one page may take (drawn and read); past it the drafts fail. */
  pageTimeoutMs: number;
  /** Memory one page's OCR may hold (the reading process and the tools it runs), in MiB. */
  pageMemoryMb: number;
  /** Pages read per paper; the rest are left out with a warning. */
  maxPages: number;
  /** Resolution pages are drawn at for OCR. */
  dpi: number;
  /** Pixels a drawn page may have: a larger page is drawn at a lower resolution, with a warning. */
  maxPagePixels: number;
  /** Pixels an image in the PDF may declare: a page holding a larger one is skipped, with a warning. */
  maxImagePixels: number;
  /** Words Tesseract is less sure of than this (0..100) lower their draft's confidence. */
  minWordConfidence: number;
  /** Drafts pending with no sign of life for this long are read again by the sweep. */
  resumeAfterMs: number;
  /** Readings a paper's drafts may start (the first and the sweep's); past it they fail. */
  maxAttempts: number;
}

export const DEFAULT_DRAFTS_READING: DraftsReadingSettings = {
  engine: 'auto',
  languages: 'eng',
  pageTimeoutMs: 60_000,
  pageMemoryMb: 1024,
  maxPages: 40,
  dpi: 300,
  maxPagePixels: 40_000_000,
  maxImagePixels: 100_000_000,
  minWordConfidence: 60,
  resumeAfterMs: 30_000,
  maxAttempts: 3,
};

let current: DraftsReadingSettings = DEFAULT_DRAFTS_READING;

/** Sets how drafts are read from now on (the service calls it at start); unnamed keys keep their default. */
export function configureDraftsReading(settings: Partial<DraftsReadingSettings>): void {
  current = { ...DEFAULT_DRAFTS_READING, ...settings };
}

/** The settings drafts are read with now. */
export function draftsReadingSettings(): DraftsReadingSettings {
  return current;
}
