// Small, valid PDFs made in code: the sample catalog's papers and the tests' fixtures. Text only,
// in Helvetica, with a correct cross-reference table; no file is downloaded or checked in.

/** Characters papers print beyond ASCII, as their WinAnsiEncoding codes (octal escapes). */
const WIN_ANSI: Record<string, string> = { '–': '\\226', '—': '\\227', '×': '\\327' };

/**
 * Text as a PDF literal string in WinAnsiEncoding: printable ASCII, dashes and `×`, with `\`,
 * `(` and `)` escaped; other characters are dropped.
 */
export function pdfString(value: string): string {
  // NFKD splits accents off letters (then dropped); dashes and `×` have no decomposition.
  let text = '';
  for (const c of value.normalize('NFKD')) {
    if (WIN_ANSI[c]) text += WIN_ANSI[c];
    else if (c === '\\' || c === '(' || c === ')') text += `\\${c}`;
    else if (c >= ' ' && c <= '~') text += c;
  }
  return `(${text})`;
}

/** A stream object: its dictionary entries (without `/Length`) and its bytes. */
export function pdfStream(entries: string, data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const dict = entries
    ? `<< ${entries} /Length ${bytes.length} >>`
    : `<< /Length ${bytes.length} >>`;
  return Buffer.concat([
    Buffer.from(`${dict}\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/**
 * A whole PDF from its objects, numbered from 1 in order (object 1 is the catalog), with the
 * cross-reference table and trailer.
 */
export function assemblePdf(objects: readonly (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const body = typeof object === 'string' ? Buffer.from(object, 'latin1') : object;
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, space, newline.
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  const size = objects.length + 1;
  parts.push(
    Buffer.from(
      `xref\n0 ${size}\n0000000000 65535 f \n${entries.join('')}` +
        `trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** One line of text placed on a page (PDF units from the bottom left; A4 is 595 x 842). */
export interface PdfLine {
  x: number;
  y: number;
  text: string;
  /** Font size (default 11). */
  size?: number;
}

export const A4 = { width: 595, height: 842 } as const;

/** A PDF of A4 pages, each showing its lines where they are placed. */
export function textPdf(pages: readonly (readonly PdfLine[])[]): Buffer {
  const pageCount = pages.length;
  // 1 catalog, 2 page tree, 3 font, then a page and its content per page.
  const pageRef = (i: number) => 4 + 2 * i;
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageRef(i)} 0 R`).join(' ')}] /Count ${pageCount} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((lines, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
        `/Resources << /Font << /F1 3 0 R >> >> /Contents ${pageRef(i) + 1} 0 R >>`,
    );
    const text = lines.map(
      (line) =>
        `/F1 ${line.size ?? 11} Tf 1 0 0 1 ${line.x} ${line.y} Tm ${pdfString(line.text)} Tj`,
    );
    objects.push(pdfStream('', ['BT', ...text, 'ET'].join('\n')));
  });
  return assemblePdf(objects);
}
