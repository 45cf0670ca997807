// Generated exam papers as PDFs, laid out the way real ones are: a title block and
// instructions, numbered questions wrapped to the column, marks at the end, options and
// sub-parts on lines of their own (or options inline), one or two columns, a running header and
// a page-numbered footer. The sample catalog's papers and the drafts' labelled set use it.
import { A4, textPdf } from '../pdf/write.js';
import type { PdfLine } from '../pdf/write.js';

/** A question to print. */
export interface SampleQuestion {
  text: string;
  marks?: number | null;
  /** Choices of an mcq, printed after the text. */
  options?: readonly string[];
  /** Sub-parts, each on a line of its own after the text. */
  parts?: readonly string[];
}

/** How a paper prints its questions. */
export interface PaperStyle {
  /** The printed number of question `n` (from 1): `1.`, `Q.1`, `Question 1`, ... */
  numbering: (n: number) => string;
  /** Marks as printed at the end of a question: `[5 marks]`, `5M`, ... */
  marks: (marks: number) => string;
  /** The marker of option `i` (from 0): `(a)`, `A.`, ... */
  option: (i: number) => string;
  /** Marks in a right-hand column, level with the question's first line (one column only). */
  marksColumn?: boolean;
  /** All options on the text's last lines instead of one per line. */
  optionsInline?: boolean;
  columns: 1 | 2;
  /** Running header on every page. */
  header?: string;
  /** Running footer on every page, with the page number (`Page 2 of 3`). */
  footer?: (page: number, pages: number) => string;
  /** Lines under the title (time, maximum marks, instructions). */
  instructions?: readonly string[];
  /** Lines of a cover page of their own (the questions start on the next page). */
  cover?: readonly string[];
}

/** The styles real papers use, by name. */
export const NUMBERING = {
  dot: (n: number) => `${n}.`,
  paren: (n: number) => `${n})`,
  q: (n: number) => `Q${n}`,
  qDot: (n: number) => `Q.${n}`,
  word: (n: number) => `Question ${n}`,
} as const;
export const MARKS = {
  bracketWord: (m: number) => `[${m} marks]`,
  parenWord: (m: number) => `(${m} marks)`,
  bracket: (m: number) => `[${m}]`,
  m: (m: number) => `${m}M`,
} as const;
export const OPTIONS = {
  paren: (i: number) => `(${String.fromCharCode(97 + i)})`,
  capital: (i: number) => `${String.fromCharCode(65 + i)}.`,
} as const;

const LINE = 14;
const TOP = 780;
const BOTTOM = 70;
const SIZE = 10;
/** Characters per line of a column (Helvetica 10 averages about 5 points a character). */
const CHARS = { 1: 88, 2: 42 } as const;
const COLUMN_X = { 1: [60], 2: [50, 310] } as const;
/** Where a right-hand marks column prints (right of a one-column page's text). */
const MARKS_COLUMN_X = 520;

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

/** The printed lines of one question: [indent, text] pairs. */
function questionLines(
  q: SampleQuestion,
  n: number,
  style: PaperStyle,
  width: number,
): [number, string][] {
  const hasMarks = q.marks !== null && q.marks !== undefined;
  const marks = hasMarks && !style.marksColumn ? ` ${style.marks(q.marks!)}` : '';
  const options = q.options ?? [];
  const parts = q.parts ?? [];
  const blocks: [number, string][] = [];
  const tail = (isLast: boolean) => (isLast ? marks : '');
  let head = `${style.numbering(n)} ${q.text}`;
  if (options.length && style.optionsInline) {
    head += ` ${options.map((o, i) => `${style.option(i)} ${o}`).join(' ')}`;
  }
  const hasBelow = parts.length > 0 || (options.length > 0 && !style.optionsInline);
  for (const [i, line] of wrap(head + tail(!hasBelow), width).entries()) {
    blocks.push([i === 0 ? 0 : 18, line]);
  }
  const below = parts.length
    ? parts.map((p, i) => `(${String.fromCharCode(97 + i)}) ${p}`)
    : style.optionsInline
      ? []
      : options.map((o, i) => `${style.option(i)} ${o}`);
  below.forEach((text, i) => {
    for (const line of wrap(text + tail(i === below.length - 1), width - 4)) {
      blocks.push([18, line]);
    }
  });
  return blocks;
}

/** A paper of these questions in this style, as a PDF of as many pages as it takes. */
export function samplePaperPdf(
  title: string,
  questions: readonly SampleQuestion[],
  style: PaperStyle,
): Buffer {
  const width = CHARS[style.columns];
  const columns = COLUMN_X[style.columns];
  const pages: PdfLine[][] = [[]];
  let column = 0;
  let y = TOP;
  const place = (text: string, indent = 0, size = SIZE, spanning = false, marginNote = '') => {
    if (y < BOTTOM) {
      column += 1;
      y = TOP;
      if (column >= columns.length) {
        pages.push([]);
        column = 0;
      }
    }
    const x = spanning ? columns[0]! : columns[column]! + indent;
    pages.at(-1)!.push({ x, y, text, size });
    if (marginNote) pages.at(-1)!.push({ x: MARKS_COLUMN_X, y, text: marginNote, size });
    y -= size > SIZE ? LINE + 6 : LINE;
  };
  place(title, 0, 15, true);
  for (const line of style.instructions ?? []) place(line, 0, SIZE, true);
  if (style.cover) {
    for (const line of style.cover) place(line, 0, SIZE, true);
    pages.push([]);
    y = TOP;
  }
  y -= LINE;
  questions.forEach((q, i) => {
    const hasMarks = q.marks !== null && q.marks !== undefined;
    const note = style.marksColumn && hasMarks ? style.marks(q.marks!) : '';
    for (const [k, [indent, text]] of questionLines(q, i + 1, style, width).entries()) {
      place(text, indent, SIZE, false, k === 0 ? note : '');
    }
    y -= LINE / 2;
  });
  return textPdf(
    pages.map((lines, i) => [
      ...(style.header ? [{ x: columns[0]!, y: 815, text: style.header, size: 9 }] : []),
      ...lines,
      ...(style.footer
        ? [{ x: A4.width / 2 - 30, y: 30, text: style.footer(i + 1, pages.length), size: 9 }]
        : []),
    ]),
  );
}
