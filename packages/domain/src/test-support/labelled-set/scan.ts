// A paper as a scan: its placed lines drawn on a page image (Liberation Sans, which has
// Helvetica's metrics, from pdf.js's standard fonts), turned by a small angle, with paper tone,
// grain and specks, then wrapped as an image-only PDF (one JPEG a page, as scanners write).
// @napi-rs/canvas is loaded on demand: only the scans of the set need it here.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { A4, assemblePdf, pdfStream } from '../../pdf/write.js';
import type { PdfLine } from '../../pdf/write.js';
import { seeded } from './random.js';

// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- the module loads on demand
type Canvas = typeof import('@napi-rs/canvas');

/** How a scan is made. */
export interface ScanOptions {
  /** Resolution of the page images. */
  dpi: number;
  /** The largest turn, in degrees (each page turns by up to this much, either way). */
  maxDegrees: number;
  /** Seed of the angle and the noise. */
  seed: number;
}

const FONT = 'Liberation Sans';
let canvasModule: Promise<Canvas> | undefined;

async function loadCanvas() {
  canvasModule ??= import('@napi-rs/canvas').then((module) => {
    const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    module.GlobalFonts.registerFromPath(
      join(pdfjsRoot, 'standard_fonts', 'LiberationSans-Regular.ttf'),
      FONT,
    );
    return module;
  });
  return canvasModule;
}

/** One page image as JPEG bytes, with its size in pixels. */
async function scanPage(lines: readonly PdfLine[], options: ScanOptions, page: number) {
  const { createCanvas } = await loadCanvas();
  const random = seeded(options.seed * 31 + page);
  const scale = options.dpi / 72;
  const width = Math.round(A4.width * scale);
  const height = Math.round(A4.height * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f3f1ea';
  ctx.fillRect(0, 0, width, height);
  const degrees = (random.next() * 2 - 1) * options.maxDegrees;
  ctx.translate(width / 2, height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = '#202020';
  for (const line of lines) {
    ctx.font = `${(line.size ?? 11) * scale}px "${FONT}"`;
    ctx.fillText(line.text, line.x * scale, (A4.height - line.y) * scale);
  }
  // Grain on every pixel and a few dark specks, as a flatbed scanner leaves them.
  const image = ctx.getImageData(0, 0, width, height);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    const grain = (random.next() - 0.5) * 24;
    const speck = random.next() < 0.0004 ? -140 : 0;
    for (let c = 0; c < 3; c += 1)
      data[i + c] = Math.max(0, Math.min(255, data[i + c]! + grain + speck));
  }
  ctx.putImageData(image, 0, 0);
  return { jpeg: await canvas.encode('jpeg', 75), width, height };
}

/** The pages as an image-only PDF (no text layer). */
export async function scanPdf(
  pages: readonly (readonly PdfLine[])[],
  options: ScanOptions,
): Promise<Buffer> {
  // 1 catalog, 2 page tree, then a page, its content and its image per page.
  const pageRef = (i: number) => 3 + 3 * i;
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageRef(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  ];
  for (const [i, lines] of pages.entries()) {
    const { jpeg, width, height } = await scanPage(lines, options, i);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
        `/Resources << /XObject << /Im1 ${pageRef(i) + 2} 0 R >> >> /Contents ${pageRef(i) + 1} 0 R >>`,
    );
    objects.push(pdfStream('', `q ${A4.width} 0 0 ${A4.height} 0 0 cm /Im1 Do Q`));
    objects.push(
      pdfStream(
        `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} ` +
          '/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
        jpeg,
      ),
    );
  }
  return assemblePdf(objects);
}
