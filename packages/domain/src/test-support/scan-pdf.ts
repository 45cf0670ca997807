// Scanned papers made at test time: a text PDF drawn by pdf.js (its own standard fonts, so no
// system font is needed) onto a canvas, turned a little as a scanner would, and wrapped as an
// image-only PDF (pdf-lib), one JPEG per page: what a photocopier's "scan to PDF" gives.
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { drawPage, openForDrawing } from '../ocr/draw-page.js';
import { textPdf } from '../pdf/write.js';
import type { PdfLine } from '../pdf/write.js';

/** How a page is scanned. */
export interface ScanOptions {
  /** Resolution of the page images (default 150). */
  dpi?: number;
  /** Degrees the page is turned, clockwise (default 0). */
  skewDegrees?: number;
}

/** The pages of a PDF drawn as JPEG images of `dpi`, each with its size in points. */
export async function scanPages(pdf: Uint8Array, options: ScanOptions) {
  const doc = await openForDrawing(pdf);
  const turn = ((options.skewDegrees ?? 0) * Math.PI) / 180;
  const pages: { jpeg: Buffer; width: number; height: number }[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const flat = await drawPage(doc, n, options.dpi ?? 150);
    const scan = createCanvas(flat.width, flat.height);
    const context = scan.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, scan.width, scan.height);
    context.translate(scan.width / 2, scan.height / 2);
    context.rotate(turn);
    context.drawImage(flat, -flat.width / 2, -flat.height / 2);
    const [, , width = 0, height = 0] = (await doc.getPage(n)).view;
    pages.push({ jpeg: await scan.encode('jpeg', 85), width, height });
  }
  await doc.destroy();
  return pages;
}

/** An image-only PDF of `images` (JPEG bytes), each drawn over a page of `width` × `height` points. */
export async function imagePdf(
  images: readonly { jpeg: Uint8Array; width: number; height: number }[],
): Promise<Buffer> {
  return withImagePages(null, images);
}

/** `pdf` (or a new PDF) with a page added for each of `images` (see imagePdf): a mixed PDF. */
export async function withImagePages(
  pdf: Uint8Array | null,
  images: readonly { jpeg: Uint8Array; width: number; height: number }[],
): Promise<Buffer> {
  const out = pdf ? await PDFDocument.load(pdf) : await PDFDocument.create();
  for (const image of images) {
    const embedded = await out.embedJpg(image.jpeg);
    const page = out.addPage([image.width, image.height]);
    page.drawImage(embedded, { x: 0, y: 0, width: image.width, height: image.height });
  }
  return Buffer.from(await out.save());
}

/** A scan of the text PDF of `pages` (textPdf's lines): image-only, one JPEG a page. */
export async function scannedPdf(
  pages: readonly (readonly PdfLine[])[],
  options: ScanOptions = {},
): Promise<Buffer> {
  return imagePdf(await scanPages(textPdf(pages), options));
}

/** A scan of an existing PDF's pages (see scannedPdf). */
export async function scanOfPdf(pdf: Uint8Array, options: ScanOptions = {}): Promise<Buffer> {
  return imagePdf(await scanPages(pdf, options));
}
