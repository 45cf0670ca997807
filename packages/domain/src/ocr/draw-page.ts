// pdf.js drawing a PDF's page on a canvas of @napi-rs/canvas (prebuilt for each platform): what
// the JavaScript fallback reads when poppler is not installed. pdf.js's own standard fonts are
// given, so text drawn with a base font needs no system font.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import type { Canvas } from '@napi-rs/canvas';
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

export type DrawableDocument = Awaited<ReturnType<typeof Pdfjs.getDocument>['promise']>;
type RenderParams = Parameters<Awaited<ReturnType<DrawableDocument['getPage']>>['render']>[0];

const require = createRequire(import.meta.url);

/** Opens a PDF for drawing. */
export async function openForDrawing(data: Uint8Array): Promise<DrawableDocument> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts/');
  return getDocument({
    // pdf.js takes a plain Uint8Array only (never a Buffer).
    data: Buffer.isBuffer(data) ? new Uint8Array(data) : data,
    standardFontDataUrl: pathToFileURL(fonts).href,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

/** Draws page `n` (from 1) at `dpi` on a white canvas. */
export async function drawPage(doc: DrawableDocument, n: number, dpi: number): Promise<Canvas> {
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: dpi / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport } as unknown as RenderParams)
    .promise;
  page.cleanup();
  return canvas;
}
