// Lines of a page in reading order, from the text runs the PDF places: runs sharing a baseline
// make a line (left to right), lines go top to bottom, and a page set in two columns is read
// left column first, then right, between the lines that span both (titles, headers, footers).
import type { PdfPage, PdfTextItem } from '../pdf/types.js';

/** One line of a page: its text and where it sits. */
export interface PageLine {
  text: string;
  /** Baseline, from the bottom of the page. */
  y: number;
  x: number;
  /** Right edge. */
  right: number;
  size: number;
}

/** Runs whose baselines differ by less than this share of the font size sit on one line. */
const SAME_LINE = 0.5;
/** A gutter must hold at least this many lines on each side to count as two columns. */
const MIN_COLUMN_LINES = 3;

function lineOf(items: PdfTextItem[]): PageLine {
  const sorted = [...items].sort((a, b) => a.x - b.x);
  let text = '';
  let end = -Infinity;
  for (const item of sorted) {
    // A gap of more than a fifth of the font size between two runs is a space.
    const gap = item.x - end;
    if (text && !text.endsWith(' ') && !item.str.startsWith(' ') && gap > item.size * 0.2) {
      text += ' ';
    }
    text += item.str;
    end = Math.max(end, item.x + item.width);
  }
  const first = sorted[0]!;
  return {
    text: text.replace(/\s+/g, ' ').trim(),
    y: first.y,
    x: first.x,
    right: end,
    size: Math.max(...sorted.map((i) => i.size)),
  };
}

/** Groups runs into lines by baseline; lines come top to bottom. */
function linesOf(items: readonly PdfTextItem[]): PageLine[] {
  const byY = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: PdfTextItem[][] = [];
  for (const item of byY) {
    const group = groups.at(-1);
    const tolerance = Math.max(1, item.size * SAME_LINE);
    if (group && Math.abs(group[0]!.y - item.y) <= tolerance) group.push(item);
    else groups.push([item]);
  }
  return groups.map(lineOf).filter((line) => line.text.length > 0);
}

/**
 * The x of a vertical gutter no line crosses, with enough lines on both sides, or null for a
 * page set in one column. Looked for around the middle of the page.
 */
function gutterOf(items: readonly PdfTextItem[], width: number): number | null {
  let best: { x: number; left: number; right: number } | null = null;
  for (let x = width * 0.35; x <= width * 0.65; x += width / 100) {
    let left = 0;
    let right = 0;
    let crossing = 0;
    for (const item of items) {
      if (item.x + item.width <= x) left += 1;
      else if (item.x >= x) right += 1;
      else crossing += 1;
    }
    // Spanning runs (titles, headers) may cross; the body may not.
    if (crossing > Math.max(2, items.length * 0.1)) continue;
    if (left < MIN_COLUMN_LINES || right < MIN_COLUMN_LINES) continue;
    if (!best || Math.min(left, right) > Math.min(best.left, best.right)) best = { x, left, right };
  }
  return best?.x ?? null;
}

/** The lines of a page in reading order (see the file's comment). */
export function readingOrder(page: PdfPage): PageLine[] {
  const gutter = gutterOf(page.items, page.width);
  if (gutter === null) return linesOf(page.items);
  const spanning = page.items.filter((i) => i.x < gutter && i.x + i.width > gutter);
  const spanLines = linesOf(spanning);
  const body = page.items.filter((i) => !spanning.includes(i));
  // Spanning lines cut the page into bands; each band is read left column, then right.
  const cuts = spanLines.map((line) => line.y);
  const bandOf = (y: number) => cuts.filter((cut) => cut > y).length;
  const ordered: PageLine[] = [];
  for (let band = 0; band <= cuts.length; band += 1) {
    if (band > 0) ordered.push(spanLines[band - 1]!);
    const inBand = body.filter((i) => bandOf(i.y) === band);
    ordered.push(...linesOf(inBand.filter((i) => i.x + i.width <= gutter)));
    ordered.push(...linesOf(inBand.filter((i) => i.x + i.width > gutter)));
  }
  return ordered;
}
