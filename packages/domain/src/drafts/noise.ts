// What a paper prints that is no question: page numbers, running headers and footers (the same
// line at the top or bottom of several pages), and instructions (time, maximum marks, "answer
// any two", section titles). Text before the first question (the title block) is dropped by
// the splitter, which starts at the first number.
import type { PageLine } from './layout.js';

const PAGE_NUMBER = [
  /^(page\s*)?\d{1,3}(\s*(of|\/)\s*\d{1,3})?$/i,
  /^[-–]\s*\d{1,3}\s*[-–]$/,
  /^page\s+\d{1,3}\b/i,
];

const INSTRUCTION = [
  /^(general\s+)?(instructions?|note)\s*[:.-]/i,
  /^(answer|attempt)\s+(any|all)\b/i,
  /^all questions (are compulsory|carry equal marks)/i,
  /^(section|part)\s+[a-z0-9]{1,4}\b[^a-z]*(\(.*\))?$/i,
  /^(section|part)\s+[a-z0-9]{1,4}\s*[:.-]/i,
  /^(time|duration)(\s+allowed)?\s*[:-]/i,
  /^(max(imum|\.)?|total|full)\s*marks?\s*[:-]/i,
  /^(roll|register|reg\.?|enrol+ment)\s*(no|number)\b/i,
  /\bturn over\b/i,
  /^[*\s]*end of (the )?(question )?paper[*\s]*$/i,
  /^\*+$/,
];

/** True for a page number on a line of its own. */
export function isPageNumber(text: string): boolean {
  return PAGE_NUMBER.some((pattern) => pattern.test(text.trim()));
}

/** True for an instruction or section title printed between questions. */
export function isInstruction(text: string): boolean {
  return INSTRUCTION.some((pattern) => pattern.test(text.trim()));
}

/** A line's shape: lower case, digits as `#`, so "Page 2 of 5" and "Page 3 of 5" agree. */
function shapeOf(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/** How many lines from the top and from the bottom of a page can be a header or footer. */
const EDGE_LINES = 3;

function edgeLines(lines: readonly PageLine[]): PageLine[] {
  const byHeight = [...lines].sort((a, b) => b.y - a.y);
  if (byHeight.length <= 2 * EDGE_LINES) return byHeight;
  return [...byHeight.slice(0, EDGE_LINES), ...byHeight.slice(-EDGE_LINES)];
}

/** Shapes that sit at the top or bottom of at least two pages (and of most pages). */
function runningShapes(pages: readonly (readonly PageLine[])[]): Set<string> {
  if (pages.length < 2) return new Set();
  const pagesWith = new Map<string, number>();
  for (const lines of pages) {
    for (const shape of new Set(edgeLines(lines).map((line) => shapeOf(line.text)))) {
      pagesWith.set(shape, (pagesWith.get(shape) ?? 0) + 1);
    }
  }
  const needed = Math.max(2, Math.ceil(pages.length / 2));
  return new Set([...pagesWith].filter(([, n]) => n >= needed).map(([shape]) => shape));
}

/** The body text of a paper, line by line across its pages, without what is no question. */
export function bodyLines(pages: readonly (readonly PageLine[])[]): string[] {
  const running = runningShapes(pages);
  const out: string[] = [];
  for (const lines of pages) {
    const edges = new Set(edgeLines(lines));
    for (const line of lines) {
      if (isPageNumber(line.text) || isInstruction(line.text)) continue;
      if (edges.has(line) && running.has(shapeOf(line.text))) continue;
      out.push(line.text);
    }
  }
  return out;
}
