// A composed paper laid out on A4 pages: the title block across the page, then questions
// wrapped to the column (one or two columns), a right-hand marks column, a running header,
// footer and "P.T.O.". Both the text PDF and the scan are drawn from these placed lines.
import type { PdfLine } from '../../pdf/write.js';
import type { ComposedPaper, PrintedItem } from './compose.js';

const SIZE = 10;
const LINE = 14;
const TOP = 780;
const BOTTOM = 75;
/** Characters a line of a column holds (Helvetica 10 averages about 5 points a character). */
const CHARS = { 1: 86, 2: 40 } as const;
const COLUMN_X = { 1: [60], 2: [50, 312] } as const;
const COLUMN_WIDTH = { 1: 440, 2: 215 } as const;
const MARKS_COLUMN_X = 522;

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The pages of a composed paper, each a list of placed runs. A two-column paper that fits on
 * one page is balanced: its left column ends halfway down its questions.
 */
export function placePaper(paper: ComposedPaper): PdfLine[][] {
  const first = placeFrom(paper, BOTTOM);
  if (paper.printed.layout.columns === 1 || first.pages.length > 1) return first.pages;
  // The shortest columns that still hold the paper on one page.
  let best = first.pages;
  for (let bottom = BOTTOM + LINE; bottom < first.top; bottom += LINE) {
    const placed = placeFrom(paper, bottom);
    if (placed.pages.length > 1) break;
    best = placed.pages;
  }
  return best;
}

function placeFrom(
  { printed }: ComposedPaper,
  bottom: number,
): { pages: PdfLine[][]; top: number } {
  const { layout } = printed;
  const columns = COLUMN_X[layout.columns];
  const pages: PdfLine[][] = [[]];
  let column = 0;
  let y = TOP;
  // Where a column starts: below the title block on the first page.
  let top: number | null = null;
  const room = () => {
    if (y >= bottom) return;
    column += 1;
    if (column >= columns.length) {
      pages.push([]);
      column = 0;
      top = TOP;
    }
    y = top ?? TOP;
  };
  const put = (line: PdfLine) => pages.at(-1)!.push(line);
  const placeItem = (item: PrintedItem) => {
    if (item.kind === 'title' || item.kind === 'instruction') {
      const size = item.kind === 'title' ? (pages[0]!.length === 0 ? 13 : 11) : SIZE;
      const x = item.kind === 'title' ? Math.max(40, 297 - item.text.length * size * 0.26) : 60;
      if (item.cells) {
        put({ x, y, text: item.cells[0]!, size });
        put({ x: 400, y, text: item.cells[1]!, size });
      } else put({ x, y, text: item.text, size });
      y -= item.kind === 'title' ? LINE + 4 : LINE;
      return;
    }
    y -= (item.gapBefore ?? 0) * LINE;
    top ??= y;
    room();
    const left = columns[column]! + item.indent;
    if (item.kind === 'section') {
      put({ x: columns[column]! + 60 / layout.columns, y, text: item.text, size: SIZE });
      y -= LINE;
      return;
    }
    if (item.cells) {
      const step = (COLUMN_WIDTH[layout.columns] - item.indent) / item.cells.length;
      item.cells.forEach((cell, i) => put({ x: left + i * step, y, text: cell, size: SIZE }));
      y -= LINE;
      return;
    }
    const width = CHARS[layout.columns] - Math.round(item.indent / 5);
    const lines = item.wraps ? wrap(item.text, width) : [item.text];
    lines.forEach((text, i) => {
      room();
      const x = columns[column]! + item.indent + (i === 0 ? 0 : 14);
      put({ x, y, text, size: SIZE });
      if (i === 0 && item.marksNote)
        put({ x: MARKS_COLUMN_X, y, text: item.marksNote, size: SIZE });
      y -= LINE;
    });
  };
  printed.items.forEach((item, i) => {
    placeItem(item);
    // The body starts a little below the title block.
    if (item.kind !== 'line' && printed.items[i + 1]?.kind === 'line' && i < 8) y -= LINE / 2;
  });
  const count = pages.length;
  const placed = pages.map((lines, i) => {
    const page = i + 1;
    const footer = {
      pageOf: `Page ${page} of ${count}`,
      dashed: `— ${page} —`,
      plain: String(page),
      none: '',
    }[layout.footer];
    return [
      ...(printed.header ? [{ x: 60, y: 812, text: printed.header, size: 8 }] : []),
      ...lines,
      ...(layout.hasPto && page < count ? [{ x: 500, y: 48, text: 'P.T.O.', size: 9 }] : []),
      ...(footer ? [{ x: 285, y: 28, text: footer, size: 9 }] : []),
    ];
  });
  return { pages: placed, top: top ?? TOP };
}
