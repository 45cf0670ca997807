// Runs inside a reading thread (reader-threads.ts starts them): opens a PDF with pdf.js and returns its text
// runs page by page, or throws with the reason it cannot. Never imported by the service's thread.
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { inflatedSizeIssue } from './inflate-check.js';
import type { PdfContent, PdfLimits, PdfPage, PdfTextItem } from './types.js';

/** A file the reader refuses, with the reason in words. */
export class PdfRefusal extends Error {
  override name = 'PdfRefusal';
}

interface TextRun {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

function itemOf(run: TextRun): PdfTextItem | null {
  const str = run.str ?? '';
  const t = run.transform;
  if (!t || str.trim() === '') return null;
  const size = Math.hypot(t[2] ?? 0, t[3] ?? 0) || (run.height ?? 0);
  return { str, x: t[4] ?? 0, y: t[5] ?? 0, width: run.width ?? 0, size };
}

let pdfjs: Promise<typeof Pdfjs> | undefined;

/** Loads pdf.js once per thread: a warm thread reads its next file without that cost. */
export function loadPdfReader() {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

/** The text of a PDF page by page, within `limits` (throws PdfRefusal past one). */
export async function extractPdf(data: Uint8Array, limits: PdfLimits): Promise<PdfContent> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const bomb = await inflatedSizeIssue(bytes, limits.maxInflatedBytes);
  if (bomb) throw new PdfRefusal(`The PDF is refused: ${bomb}`);
  const { getDocument } = await loadPdfReader();
  const task = getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (error) {
    const why = (error as { name?: string }).name === 'PasswordException' ? 'it is encrypted' : '';
    throw new PdfRefusal(
      `The file could not be read as a PDF${why ? `: ${why}` : ` (${(error as Error).message})`}`,
    );
  }
  try {
    if (doc.numPages < 1) throw new PdfRefusal('The PDF has no pages');
    if (doc.numPages > limits.maxPages) {
      throw new PdfRefusal(
        `The PDF has ${doc.numPages} pages; at most ${limits.maxPages} are read`,
      );
    }
    const pages: PdfPage[] = [];
    let chars = 0;
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const content = await page.getTextContent();
      const items: PdfTextItem[] = [];
      for (const run of content.items as TextRun[]) {
        const item = itemOf(run);
        if (!item) continue;
        chars += item.str.length;
        if (chars > limits.maxTextChars) {
          throw new PdfRefusal(`The PDF holds more than ${limits.maxTextChars} characters of text`);
        }
        items.push({ ...item, x: item.x - x0, y: item.y - y0 });
      }
      pages.push({ width: x1 - x0, height: y1 - y0, items });
      page.cleanup();
    }
    return { pages };
  } finally {
    await doc.destroy();
  }
}
