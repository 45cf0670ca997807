// Body lines into questions. A number starts a question when it is the next one (or the first),
// in the style the paper started with (see numbering.ts); parts numbered with their question
// ("4 (a)", and a bare "(b)" after "4(a)") are questions of their own under their parent. A
// number out of sequence at the question margin starts a new question too, with a warning and
// a lower confidence, so that a misread or missing number never merges two questions; indented,
// it is a list inside the question. A question never runs on past a section heading: a line at
// the margin right under one starts a question (its number misread), with a warning. Any other
// line belongs to the question above it.
import type { BodyLine } from './noise.js';
import { barePartOf, isFirstPart, nextParts, numberOf, startOf } from './numbering.js';
import type { NumberStyle, Start } from './numbering.js';

/** A question as printed: its normalised number and the lines that follow it. */
export interface RawQuestion {
  number: string;
  /** The number it is a part of (`4` for `4(a)`), else null. */
  parent: string | null;
  page: number;
  section: string | null;
  lines: string[];
  confidence: number;
  warnings: string[];
}

/** The questions of a paper, and the lines before the first (its title block). */
export interface SplitPaper {
  questions: RawQuestion[];
  prelude: string[];
}

/** Points a number may sit right of the current question's number and still be a question. */
const MARGIN = 6;
/** Confidence of a question whose number is out of sequence. */
const OUT_OF_SEQUENCE = 0.6;

interface Current {
  start: Start;
  x: number;
  /** A bare `(a)` was printed inside it: later letters are its options or sub-parts. */
  hasLetters: boolean;
}

/** True when `start` continues the paper's numbering after `current`. */
function follows(start: Start, current: Start | null): boolean {
  if (!current)
    return start.n <= 1 || (start.n <= 3 && (start.part === null || isFirstPart(start.part)));
  if (start.n === current.n + 1) return start.part === null || isFirstPart(start.part);
  if (start.n !== current.n || !start.part) return false;
  // `4(a)` after a stem `4`, `4(b)` after `4(a)`.
  return current.part ? nextParts(current.part).includes(start.part) : isFirstPart(start.part);
}

/** Splits body lines into questions (see the file's comment). */
export function splitQuestions(lines: readonly BodyLine[]): SplitPaper {
  const questions: RawQuestion[] = [];
  const prelude: string[] = [];
  let current: Current | null = null;
  let style: NumberStyle | null = null;
  let section: string | null = null;

  const open = (start: Start, line: BodyLine, warning?: string, x = line.x) => {
    current = { start, x, hasLetters: false };
    style ??= start.style;
    questions.push({
      number: numberOf(start),
      parent: start.part ? String(start.n) : null,
      page: line.page,
      section,
      lines: [start.rest],
      confidence: warning ? OUT_OF_SEQUENCE : 1,
      warnings: warning ? [warning] : [],
    });
  };

  /** A section heading came after the current question opened, and no line since. */
  let isAfterHeading = false;

  for (const line of lines) {
    if (line.kind === 'section') {
      section = line.text;
      isAfterHeading = current !== null;
      continue;
    }
    const text = line.text.trim();
    const cur = current as Current | null;
    const wasAfterHeading = isAfterHeading;
    isAfterHeading = false;
    const start = startOf(text);
    // Another style at the question margin counts only as the very next number ("5." after
    // "Q4"): a list inside a question is indented or out of sequence.
    const isOtherNext =
      start !== null && cur !== null && follows(start, cur.start) && line.x <= cur.x + MARGIN;
    if (start && (style === null || start.style === style || isOtherNext)) {
      if (follows(start, cur?.start ?? null)) {
        open(start, line);
        continue;
      }
      if (cur && line.x <= cur.x + MARGIN) {
        const expected = `${cur.start.n + 1}`;
        open(
          start,
          line,
          `Numbered ${numberOf(start)} after ${numberOf(cur.start)} (expected ${expected}): check the split`,
        );
        continue;
      }
    }
    if (cur && wasAfterHeading && !start && line.x <= cur.x + MARGIN) {
      // A question never runs on past a section heading: a line at the question margin right
      // under one starts a question whose number OCR could not read ("rR_" for "1.").
      const n = cur.start.n + 1;
      open(
        { ...cur.start, n, part: null, rest: text },
        line,
        `No number read at the start of ${section}: numbered ${n}, check the split`,
      );
      continue;
    }
    const bare = cur?.start.part && !cur.hasLetters ? barePartOf(text) : null;
    if (cur && bare && nextParts(cur.start.part!).includes(bare.part)) {
      // The part keeps its question's margin: its letter is indented under the number.
      open({ ...cur.start, part: bare.part, rest: bare.rest }, line, undefined, cur.x);
      continue;
    }
    if (!cur) {
      prelude.push(text);
      continue;
    }
    const inner = barePartOf(text)?.part;
    if (inner && isFirstPart(inner)) cur.hasLetters = true;
    questions.at(-1)!.lines.push(text);
  }
  return { questions, prelude };
}
