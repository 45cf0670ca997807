// The pages of a PDF with no text layer, read by OCR one at a time in a process of their own
// (ocr-process.ts). Each page is looked at before it is drawn: a page with no image, an image too
// large to decode, or damaged image data is skipped with a warning. A page past its memory limit,
// or that the engine cannot read, is skipped with a warning too; a page past its time limit stops
// the reading (OcrLimitError): the drafts fail with that reason.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PdfPage } from '../pdf/types.js';
import { chooseEngine } from './engine.js';
import { OcrLimitError, OcrProcess } from './ocr-process.js';
import { pageOfWords } from './page-of-words.js';
import type { UnsureWord } from './page-of-words.js';
import type { PageImage } from './page-images.js';
import type { DraftsReadingSettings } from './settings.js';
import type { OcrImage } from './words.js';

/** Pages read by OCR, by page number (from 1), with what OCR was unsure of, and warnings. */
export interface ScannedPages {
  pages: Map<number, PdfPage>;
  unsure: Map<number, UnsureWord[]>;
  ocrPages: number[];
  warnings: string[];
  engine: 'native' | 'js';
}

/** Below this a drawn page is too coarse for OCR. */
const MIN_DPI = 70;
const POINTS_PER_INCH = 72;

/** Why a page is not drawn, from the images it holds; null when it is. */
function skipReason(n: number, images: PageImage[] | undefined, maxPixels: number): string | null {
  if (!images) return null;
  if (images.length === 0) return `Page ${n} has no text and no images: nothing to read`;
  const large = images.find((image) => image.width * image.height > maxPixels);
  if (large) {
    return `Page ${n} holds an image of ${large.width} × ${large.height} pixels, more than OCR reads (${Math.round(maxPixels / 1e6)} megapixels): the page is skipped`;
  }
  const damaged = images.find((image) => image.damage !== null);
  if (damaged)
    return `Page ${n}: its image could not be read (${damaged.damage}): the page is skipped`;
  return null;
}

/** The resolution page `page` is drawn at: `dpi`, lower for a page past `maxPixels`. */
function dpiOf(page: PdfPage, settings: DraftsReadingSettings): number {
  const squareInches = (page.width / POINTS_PER_INCH) * (page.height / POINTS_PER_INCH);
  const fits = Math.floor(Math.sqrt(settings.maxPagePixels / Math.max(squareInches, 1e-6)));
  return Math.min(settings.dpi, fits);
}

/**
 * Reads pages `numbers` (from 1) of the PDF `data`, whose text-layer reading is `content`, by OCR
 * with `settings`; `onPageRead` is called after each page (read or skipped).
 */
export async function readScannedPages(options: {
  data: Uint8Array;
  content: { pages: readonly PdfPage[] };
  numbers: readonly number[];
  settings: DraftsReadingSettings;
  onPageRead?: () => Promise<void> | void;
}): Promise<ScannedPages> {
  const { settings } = options;
  const engine = chooseEngine(settings.engine);
  const result: ScannedPages = {
    pages: new Map(),
    unsure: new Map(),
    ocrPages: [],
    warnings: [],
    engine,
  };
  const dir = await mkdtemp(join(tmpdir(), 'qpc-scan-'));
  const file = join(dir, 'paper.pdf');
  await writeFile(file, options.data);
  const ocr = new OcrProcess({
    op: 'open',
    file,
    engine,
    languages: settings.languages,
    memoryMb: settings.pageMemoryMb,
  });
  try {
    // Unreadable by pdf-lib: every page is drawn as it is, without the look first.
    const images = await ocr
      .ask<{ pages: PageImage[][] }>(
        { op: 'inspect' },
        settings.pageTimeoutMs,
        'looking at the images',
      )
      .then((answer) => answer.pages)
      .catch(() => undefined);
    for (const n of options.numbers) {
      const page = options.content.pages[n - 1]!;
      const skip = skipReason(n, images?.[n - 1], settings.maxImagePixels);
      const dpi = dpiOf(page, settings);
      if (skip) result.warnings.push(skip);
      else if (dpi < MIN_DPI) {
        result.warnings.push(`Page ${n} is too large to draw for OCR: the page is skipped`);
      } else {
        if (dpi < settings.dpi) {
          result.warnings.push(`Page ${n} is large: OCR read it at ${dpi} dpi`);
        }
        await readOne(ocr, n, dpi, page, result, settings);
      }
      await options.onPageRead?.();
    }
    return result;
  } finally {
    ocr.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function readOne(
  ocr: OcrProcess,
  n: number,
  dpi: number,
  page: PdfPage,
  result: ScannedPages,
  settings: DraftsReadingSettings,
): Promise<void> {
  let image: OcrImage;
  try {
    const answer = await ocr.ask<{ image: OcrImage }>(
      { op: 'page', n, dpi },
      settings.pageTimeoutMs,
      `on page ${n}`,
    );
    image = answer.image;
  } catch (error) {
    if (error instanceof OcrLimitError && error.limit === 'time') throw error;
    const why = error instanceof Error ? error.message : String(error);
    result.warnings.push(`Page ${n} could not be read by OCR (${why}): the page is skipped`);
    return;
  }
  const read = pageOfWords(image, page.width, page.height, settings.minWordConfidence);
  if (read.page.items.length === 0) result.warnings.push(`Page ${n}: OCR found no text on it`);
  result.pages.set(n, read.page);
  result.unsure.set(n, read.unsure);
  result.ocrPages.push(n);
}
