// What a paper prints that is no question: page numbers ("— 1 —", "Page 1 of 2", "P.T.O.",
// "Turn over"), running headers and footers (the same line at the same place on several pages,
// or a line set apart in small type at the top or bottom of a page), instructions (time,
// maximum marks, "answer any five": kept apart, they feed `suggested`) and section headings
// (kept in the stream: they name the section of the questions after them).
import type { PageLine } from './layout.js';

/** A line of the paper's body, with where it sits. */
export interface BodyLine {
  kind: 'text' | 'section';
  /** The text; for a section, its name ("Section A"). */
  text: string;
  /** The page, from 1. */
  page: number;
  /** Points right of its column's margin. */
  x: number;
}

/** The paper's lines sorted: body (questions and section headings) and instructions. */
export interface PaperLines {
  body: BodyLine[];
  instructions: string[];
}

const DASH = '[-–—]';
/** A bare number ("3", "3/8") is a page number only at the top or bottom of a page. */
const BARE_PAGE_NUMBER = /^\d{1,3}(\s*(of|\/)\s*\d{1,3})?$/i;
const PAGE_NUMBER = [
  /^page\s*\d{1,3}(\s*(of|\/)\s*\d{1,3})?$/i,
  new RegExp(`^${DASH}+\\s*(page\\s*)?\\d{1,3}\\s*${DASH}+$`, 'i'),
  /^page\s+\d{1,3}\b/i,
  /^\(?\s*p\s*\.?\s*t\s*\.?\s*o\s*\.?\s*\)?$/i,
  /^\(?\s*(please\s+)?turn\s+over\b.*$/i,
  /\bturn over\s*\)?\.?$/i,
  /^(contd|continued)\b.*$/i,
];

const INSTRUCTION = [
  /^(general\s+)?(instructions?|note)\s*[:.-]/i,
  /^(answer|attempt)\s+(any|all)\b/i,
  /^all questions (are compulsory|carry equal marks)/i,
  /^(time|duration)(\s+allowed)?\s*[:-]/i,
  /^(max(imum|\.)?|total|full)\s*marks?\s*[:-]/i,
  /^time\s*:?\s*\d.*\bmarks?\b/i,
  /^(roll|register|reg\.?|enrol+ment)\s*(no|number)\b/i,
  /^[*\s]*end of (the )?(question )?paper[*\s]*$/i,
  /^\*+$/,
];

// `Section A`, `SECTION - B`, `Part II (5 x 2 = 10 marks)`, `Part C: answer any two`.
// OCR reads a roman "I" as "l" or "|" ("Part Il"): those count as "I" there.
const SECTION =
  /^(section|part)\s*[-–—:.]?\s*([a-h]|\d{1,2}|[ivxl|]{1,4})(?![a-z0-9])\s*([:.–—-].*|\(.*\)|[^a-z]*)$/i;

/**
 * True for a page number or a "turn over" on a line of its own; a bare number only when
 * `isEdge` (it sits among the first or last lines of its page): in the body it ends a wrapped
 * line ("… (d)" / "126").
 */
export function isPageNumber(text: string, isEdge = true): boolean {
  const line = text.trim();
  return (isEdge && BARE_PAGE_NUMBER.test(line)) || PAGE_NUMBER.some((p) => p.test(line));
}

/** True for an instruction printed around the questions. */
export function isInstruction(text: string): boolean {
  return INSTRUCTION.some((pattern) => pattern.test(text.trim()));
}

/** "Part" or "Section" and one short mark alone on its line: a heading whose mark OCR garbled. */
const GARBLED_SECTION = /^(section|part)\s*[-–—:.]?\s*([^\s]{1,3})$/i;
const NOT_A_MARK = new Set(['of', 'a', 'an', 'to', 'is', 'in', 'on', 'one', 'two']);

/** The name of a section heading ("Section A", "Part II"), or null for any other line. */
export function sectionOf(text: string): string | null {
  const line = text.trim();
  const garbled = GARBLED_SECTION.exec(line);
  const match =
    SECTION.exec(line) ?? (garbled && !NOT_A_MARK.has(garbled[2]!.toLowerCase()) ? garbled : null);
  if (!match) return null;
  const word = match[1]!.toLowerCase() === 'part' ? 'Part' : 'Section';
  const name = /^[ivxl|]+$/i.test(match[2]!) ? match[2]!.replace(/[l|]/gi, 'I') : match[2]!;
  return `${word} ${name.toUpperCase()}`;
}

/** A line's shape: lower case, digits as `#`, so "Page 2 of 5" and "Page 3 of 5" agree. */
function shapeOf(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/** How many lines from the top and from the bottom of a page can be a header or footer. */
const EDGE_LINES = 3;
/** Baselines this close (points) are the same place on two pages. */
const SAME_PLACE = 4;

function edgeLines(lines: readonly PageLine[]): PageLine[] {
  const byHeight = [...lines].sort((a, b) => b.y - a.y);
  if (byHeight.length <= 2 * EDGE_LINES) return byHeight;
  return [...byHeight.slice(0, EDGE_LINES), ...byHeight.slice(-EDGE_LINES)];
}

const placeOf = (line: PageLine) => `${shapeOf(line.text)}@${Math.round(line.y / SAME_PLACE)}`;

/** Edge lines whose shape sits at the same place on several pages. */
function runningPlaces(pages: readonly (readonly PageLine[])[]): Set<string> {
  const pagesWith = new Map<string, number>();
  for (const lines of pages) {
    for (const place of new Set(edgeLines(lines).map(placeOf))) {
      pagesWith.set(place, (pagesWith.get(place) ?? 0) + 1);
    }
  }
  // Two pages make a running line; on a long paper, a third of them (two option lines may meet).
  const needed = Math.max(2, Math.ceil(pages.length / 3));
  return new Set([...pagesWith].filter(([, n]) => n >= needed).map(([place]) => place));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/**
 * The first and last line of a page when set apart: smaller than the body's type and further
 * from its neighbour than twice the body's line spacing (a header printed on one page only).
 */
function setApart(lines: readonly PageLine[], bodySize: number, spacing: number): Set<PageLine> {
  const apart = new Set<PageLine>();
  if (lines.length < 3 || spacing <= 0) return apart;
  const [first, second] = [lines[0]!, lines[1]!];
  const [last, before] = [lines.at(-1)!, lines.at(-2)!];
  if (first.size < bodySize * 0.95 && first.y - second.y > spacing * 2) apart.add(first);
  if (last.size < bodySize * 0.95 && before.y - last.y > spacing * 2) apart.add(last);
  return apart;
}

/** The paper's lines, page by page in reading order, sorted into body and instructions. */
export function paperLines(pages: readonly (readonly PageLine[])[]): PaperLines {
  const running = runningPlaces(pages);
  const all = pages.flat();
  const bodySize = median(all.map((line) => line.size));
  const gaps = pages.flatMap((lines) =>
    lines.slice(1).map((line, i) => Math.abs(lines[i]!.y - line.y)),
  );
  const spacing = median(gaps.filter((gap) => gap > 0));
  const body: BodyLine[] = [];
  const instructions: string[] = [];
  pages.forEach((lines, p) => {
    const edges = new Set(edgeLines(lines));
    const apart = p > 0 ? setApart(lines, bodySize, spacing) : new Set<PageLine>();
    for (const line of lines) {
      if (isPageNumber(line.text, edges.has(line)) || apart.has(line)) continue;
      if (edges.has(line) && running.has(placeOf(line))) continue;
      const section = sectionOf(line.text);
      if (section) body.push({ kind: 'section', text: section, page: p + 1, x: line.indent });
      else if (isInstruction(line.text)) instructions.push(line.text);
      else body.push({ kind: 'text', text: line.text, page: p + 1, x: line.indent });
    }
  });
  return { body, instructions };
}
