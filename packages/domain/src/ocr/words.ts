// Tesseract's TSV output as word boxes, in the pixels of the image it read. TSV (like hOCR) keeps
// where each word sits, which the plain text output loses: a right-hand marks column goes back
// on its question's line only through positions.

/** One word Tesseract read: its box in image pixels, its confidence, and its line. */
export interface OcrWord {
  text: string;
  /** 0..100 */
  confidence: number;
  left: number;
  top: number;
  width: number;
  height: number;
  /** Block, paragraph and line numbers together: words of one line share it. */
  line: string;
}

/** What OCR made of one page image. */
export interface OcrImage {
  widthPx: number;
  heightPx: number;
  words: OcrWord[];
}

/** The words of Tesseract's TSV (`tesseract image stdout tsv`), blanks left out. */
export function wordsOfTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    // level page block par line word left top width height conf text
    if (cells.length < 12 || cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    const confidence = Number(cells[10]);
    if (!text || !Number.isFinite(confidence) || confidence < 0) continue;
    const [left, top, width, height] = cells.slice(6, 10).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    words.push({ text, confidence, left, top, width, height, line: cells.slice(2, 5).join('.') });
  }
  return words;
}
