// A PDF into drafts, text pages and scanned pages alike: the pages with a text layer are read as
// they are, the others by OCR (read-scan.ts); both go through the same layout and splitting
// (drafts/read-drafts.ts). At most `maxPages` pages are read.
import { readPdf } from '../pdf/read.js';
import type { PdfContent, PdfPage } from '../pdf/types.js';
import { readPaper } from '../drafts/read-drafts.js';
import type { ReadPaper } from '../drafts/read-drafts.js';
import { lowerForUnsureWords } from './confidence.js';
import { readScannedPages } from './read-scan.js';
import { draftsReadingSettings } from './settings.js';
import type { DraftsReadingSettings } from './settings.js';

/** How far reading has come: pages read so far of the pages to read. */
export interface ReadingProgress {
  pagesRead: number;
  pages: number;
}

/** A paper's drafts as read from its PDF, with which pages OCR read. */
export interface ReadPaperPdf extends ReadPaper {
  /** Pages of the PDF (all of them, read or not). */
  pages: number;
  /** True when some page has a text layer. */
  textLayer: boolean;
  /** Pages read by OCR, from 1. */
  ocrPages: number[];
}

const hasText = (page: PdfPage) => page.items.some((item) => item.str.trim().length > 0);

/**
 * Reads a PDF's drafts from `content` (its text layer, as readPdf gives it), reading pages with
 * no text layer by OCR from the file's bytes (`bytes`, asked for only then). `onProgress` hears
 * of each page read. Rejects when a page passes OCR's time limit, or OCR cannot run here.
 */
export async function readPaperFromContent(options: {
  content: PdfContent;
  bytes: () => Promise<Uint8Array>;
  settings?: DraftsReadingSettings;
  onProgress?: (progress: ReadingProgress) => Promise<void> | void;
}): Promise<ReadPaperPdf> {
  const settings = options.settings ?? draftsReadingSettings();
  const all = options.content.pages;
  const bounded = all.slice(0, settings.maxPages);
  const warnings: string[] = [];
  if (all.length > bounded.length) {
    warnings.push(
      `The PDF has ${all.length} pages: only the first ${bounded.length} are read (DRAFTS_MAX_PAGES)`,
    );
  }
  const scans = bounded.flatMap((page, i) => (hasText(page) ? [] : [i + 1]));
  const progress = { pagesRead: bounded.length - scans.length, pages: bounded.length };
  await options.onProgress?.({ ...progress });
  const pages = [...bounded];
  let scanned;
  if (scans.length > 0) {
    scanned = await readScannedPages({
      data: await options.bytes(),
      content: { pages: bounded },
      numbers: scans,
      settings,
      onPageRead: async () => {
        progress.pagesRead += 1;
        await options.onProgress?.({ ...progress });
      },
    });
    for (const [n, page] of scanned.pages) pages[n - 1] = page;
    warnings.push(...scanned.warnings);
  }
  const read = readPaper({ pages });
  if (scanned) lowerForUnsureWords(read.drafts, scanned.unsure);
  return {
    ...read,
    warnings: [...warnings, ...read.warnings],
    pages: all.length,
    textLayer: scans.length < bounded.length,
    ocrPages: scanned?.ocrPages ?? [],
  };
}

/**
 * Reads a PDF file (text or scan) into drafts, as the service does when a paper's file is
 * uploaded, without the catalog (no topics or similar questions): the entry for tools such as
 * the drafts evaluation. Rejects with PdfReadError when the file cannot be read as a PDF.
 */
export async function readPdfDrafts(
  data: Uint8Array,
  settings?: Partial<DraftsReadingSettings>,
): Promise<ReadPaperPdf> {
  const content = await readPdf(data);
  return readPaperFromContent({
    content,
    bytes: async () => data,
    settings: { ...draftsReadingSettings(), ...settings },
  });
}
