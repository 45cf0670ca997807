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
  /** Points right of the leftmost line of its column on the page: question margins compare. */
  indent: number;
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
    indent: 0,
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

const baselines = (items: readonly PdfTextItem[]) =>
  new Set(items.map((i) => Math.round(i.y))).size;

/**
 * The x of a vertical gutter, or null for a page set in one column. Looked for around the middle
 * of the page: each side must hold at least MIN_COLUMN_LINES lines of text (runs a fifth of the
 * page wide: two options set side by side in one column are shorter), and where the columns sit
 * side by side, almost nothing may cross (what crosses above or below them, a title block or a
 * running header or footer, does not count; one line in twenty may span the page between bands
 * of columns). Of the gutters found, the middle of the widest run is taken.
 */
function gutterOf(items: readonly PdfTextItem[], width: number): number | null {
  const isText = (item: PdfTextItem) => item.width >= width * 0.2;
  const found: { x: number; lines: number }[] = [];
  for (let x = width * 0.35; x <= width * 0.65; x += width / 100) {
    const left = items.filter((item) => item.x + item.width <= x);
    const right = items.filter((item) => item.x >= x);
    if (baselines(left.filter(isText)) < MIN_COLUMN_LINES) continue;
    if (baselines(right.filter(isText)) < MIN_COLUMN_LINES) continue;
    const top = Math.min(Math.max(...left.map((i) => i.y)), Math.max(...right.map((i) => i.y)));
    const bottom = Math.max(Math.min(...left.map((i) => i.y)), Math.min(...right.map((i) => i.y)));
    const crossing = items.filter(
      (item) => item.x < x && item.x + item.width > x && item.y <= top && item.y >= bottom,
    );
    const sideBySide = baselines(left) + baselines(right);
    if (baselines(crossing) > Math.floor(sideBySide * 0.05)) continue;
    found.push({ x, lines: Math.min(baselines(left), baselines(right)) });
  }
  const most = Math.max(...found.map((f) => f.lines));
  const best = found.filter((f) => f.lines === most);
  return best.length ? best[best.length >> 1]!.x : null;
}

/**
 * Each line's indent: its x less the leftmost x of its column's lines in body type (a running
 * header in small type may stand further left).
 */
function indented(lines: PageLine[]): PageLine[] {
  const sizes = lines.map((line) => line.size).sort((a, b) => a - b);
  const body = sizes[sizes.length >> 1] ?? 0;
  const margin = Math.min(...lines.filter((l) => l.size >= body * 0.95).map((l) => l.x));
  for (const line of lines) line.indent = line.x - margin;
  return lines;
}

/** The lines of a page in reading order (see the file's comment). */
export function readingOrder(page: PdfPage): PageLine[] {
  const gutter = gutterOf(page.items, page.width);
  if (gutter === null) return indented(linesOf(page.items));
  const spanning = page.items.filter((i) => i.x < gutter && i.x + i.width > gutter);
  const spanLines = linesOf(spanning);
  const body = page.items.filter((i) => !spanning.includes(i));
  // Spanning lines cut the page into bands; each band is read left column, then right.
  const cuts = spanLines.map((line) => line.y);
  const bandOf = (y: number) => cuts.filter((cut) => cut > y).length;
  const bands = Array.from({ length: cuts.length + 1 }, (_, band) => {
    const inBand = body.filter((i) => bandOf(i.y) === band);
    return [
      linesOf(inBand.filter((i) => i.x + i.width <= gutter)),
      linesOf(inBand.filter((i) => i.x + i.width > gutter)),
    ];
  });
  indented(bands.flatMap(([left]) => left!));
  indented(bands.flatMap(([, right]) => right!));
  indented(spanLines);
  const ordered: PageLine[] = [];
  bands.forEach(([left, right], band) => {
    if (band > 0) ordered.push(spanLines[band - 1]!);
    ordered.push(...left!, ...right!);
  });
  return ordered;
}
