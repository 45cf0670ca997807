// The fallback engine, for a machine without Tesseract or poppler: pdf.js draws the page on a
// canvas (@napi-rs/canvas, prebuilt), and tesseract.js (Tesseract 5 in WebAssembly) reads it with
// the trained data of an npm package (@tesseract.js-data/<language>). Nothing is fetched: the
// code and the data are on disk once `npm install` has run.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { drawPage, openForDrawing } from './draw-page.js';
import type { DrawableDocument } from './draw-page.js';
import type { Worker as TesseractWorker } from 'tesseract.js';
import { wordsOfTsv } from './words.js';
import type { OcrImage } from './words.js';

const require = createRequire(import.meta.url);

/** Where tesseract.js finds the trained data of `language` (gzipped, LSTM integer model). */
function dataDirOf(language: string): string {
  let manifest: string;
  try {
    manifest = require.resolve(`@tesseract.js-data/${language}/package.json`);
  } catch {
    throw new Error(
      `OCR language "${language}" has no data here: install the npm package @tesseract.js-data/${language}, or tesseract-ocr-${language} with Tesseract`,
    );
  }
  return join(dirname(manifest), '4.0.0_best_int');
}

/** One document drawn by pdf.js and read by tesseract.js, page by page. */
export class JsPageReader {
  private doc: Promise<DrawableDocument> | undefined;
  private worker: Promise<TesseractWorker> | undefined;

  constructor(
    private readonly data: Uint8Array,
    private readonly languages: string,
  ) {}

  private tesseract(): Promise<TesseractWorker> {
    this.worker ??= (async () => {
      const languages = this.languages.split('+');
      const dirs = new Set(languages.map(dataDirOf));
      if (dirs.size > 1) throw new Error('tesseract.js reads one language package at a time here');
      const { createWorker, OEM } = await import('tesseract.js');
      return createWorker(languages, OEM.LSTM_ONLY, {
        langPath: [...dirs][0]!,
        gzip: true,
        // The data is read from the package, never copied or fetched.
        cacheMethod: 'none',
      });
    })();
    return this.worker;
  }

  /** Draws page `n` at `dpi` and reads it. */
  async read(n: number, dpi: number): Promise<OcrImage> {
    this.doc ??= openForDrawing(this.data);
    const canvas = await drawPage(await this.doc, n, dpi);
    const png = await canvas.encode('png');
    const worker = await this.tesseract();
    const result = await worker.recognize(png, {}, { tsv: true, text: false });
    return {
      widthPx: canvas.width,
      heightPx: canvas.height,
      words: wordsOfTsv(result.data.tsv ?? ''),
    };
  }

  async close(): Promise<void> {
    const worker = await this.worker?.catch(() => undefined);
    await worker?.terminate();
    const doc = await this.doc?.catch(() => undefined);
    await doc?.destroy();
  }
}
