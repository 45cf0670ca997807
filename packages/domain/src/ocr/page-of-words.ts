// OCR word boxes into the text runs a PDF's text layer gives (PDF points, origin at the bottom
// left), so a scanned page goes through the same layout and splitting as a text page. A page
// scanned a few degrees askew is straightened first, from the slope of its own lines: otherwise
// a right-hand marks column drifts off its question's line, and a column's left edge leans.
import type { PdfPage, PdfTextItem } from '../pdf/types.js';
import type { OcrImage, OcrWord } from './words.js';

/** A word OCR was unsure of, where it sits (points from the bottom of the page). */
export interface UnsureWord {
  text: string;
  confidence: number;
  y: number;
}

/** Skew past this is not a scan's slant but a page set that way: left alone. */
const MAX_SKEW_RAD = (10 * Math.PI) / 180;
/** A word's box height (its glyphs' ink, top to bottom) per point of font size. */
const HEIGHT_PER_SIZE = 0.85;
/** Words further apart than this many font sizes are separate runs (a marks column). */
const RUN_GAP = 1.5;

/** A question number as OCR misreads it: "Ql." or "QI." for "Q1.", "1O." for "10.". */
const MISREAD_NUMBER =
  /^(Q\.?\s?)?([0-9lIO|]*[0-9][0-9lIO|]*|[lI|])([.):])$|^(Q\.?\s?)([0-9lIO|]+)([.):]?)$/;

/** The first word of a line with the letters OCR takes for digits in a question number fixed. */
export function fixedNumber(word: string): string {
  const match = MISREAD_NUMBER.exec(word);
  if (!match) return word;
  const [, q1, digits1, end1, q2, digits2, end2] = match;
  const prefix = q1 ?? q2 ?? '';
  // A bare "I." alone may be a roman numeral: only with a Q, or beside digits, is it a number.
  if (!prefix && !/[0-9]/.test(digits1 ?? '')) return word;
  const digits = (digits1 ?? digits2 ?? '').replace(/[lI|]/g, '1').replace(/O/g, '0');
  return `${prefix}${digits}${end1 ?? end2 ?? ''}`;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};

function linesOf(words: readonly OcrWord[]): OcrWord[][] {
  const lines = new Map<string, OcrWord[]>();
  for (const word of words) lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  return [...lines.values()];
}

/**
 * The slant of the page's lines (radians, positive when they fall to the right): the median
 * slope between word centres of one line at least a few word heights apart.
 */
export function skewOf(words: readonly OcrWord[]): number {
  const slopes: number[] = [];
  for (const line of linesOf(words)) {
    const sorted = [...line].sort((a, b) => a.left - b.left);
    for (let i = 0; i < sorted.length; i += 1) {
      for (let j = i + 1; j < sorted.length; j += 1) {
        const a = sorted[i]!;
        const b = sorted[j]!;
        const dx = b.left + b.width / 2 - (a.left + a.width / 2);
        if (dx < 3 * Math.max(a.height, b.height)) continue;
        slopes.push((b.top + b.height / 2 - (a.top + a.height / 2)) / dx);
      }
    }
  }
  if (slopes.length < 3) return 0;
  const angle = Math.atan(median(slopes));
  return Math.abs(angle) > MAX_SKEW_RAD ? 0 : angle;
}

/** Words turned by `-angle` about the image's centre: the page as if scanned straight. */
function straightened(image: OcrImage, angle: number): OcrWord[] {
  if (angle === 0) return image.words;
  const cx = image.widthPx / 2;
  const cy = image.heightPx / 2;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return image.words.map((word) => {
    const x = word.left - cx;
    const y = word.top + word.height / 2 - cy;
    const left = cx + x * cos + y * sin;
    const middle = cy + y * cos - x * sin;
    return { ...word, left, top: middle - word.height / 2 };
  });
}

/**
 * A page read by OCR as a PDF page of `widthPt` × `heightPt` points: the words of one Tesseract
 * line on one baseline, in runs split where a wide gap is; and the words read with less confidence than
 * `minConfidence`.
 */
export function pageOfWords(
  image: OcrImage,
  widthPt: number,
  heightPt: number,
  minConfidence: number,
): { page: PdfPage; unsure: UnsureWord[] } {
  const sx = widthPt / image.widthPx;
  const sy = heightPt / image.heightPx;
  const items: PdfTextItem[] = [];
  const unsure: UnsureWord[] = [];
  for (const line of linesOf(straightened(image, skewOf(image.words)))) {
    const bottom = median(line.map((w) => w.top + w.height));
    const size = (median(line.map((w) => w.height)) * sy) / HEIGHT_PER_SIZE;
    // The baseline sits above the descenders, about a fifth of the font size.
    const y = heightPt - bottom * sy + size * 0.2;
    // Words close together make one run, as a PDF's text layer has them: the layout finds
    // columns by the gaps between runs, and every gap between words is not one.
    let run: PdfTextItem | null = null;
    const sorted = [...line].sort((a, b) => a.left - b.left);
    for (const word of sorted) {
      const text = word === sorted[0] ? fixedNumber(word.text) : word.text;
      const x = word.left * sx;
      const width = word.width * sx;
      if (run && x - (run.x + run.width) <= size * RUN_GAP) {
        run.str += ` ${text}`;
        run.width = x + width - run.x;
      } else {
        run = { str: text, x, y, width, size };
        items.push(run);
      }
      if (word.confidence < minConfidence) {
        unsure.push({ text: word.text, confidence: Math.round(word.confidence), y });
      }
    }
  }
  return { page: { width: widthPt, height: heightPt, items }, unsure };
}
