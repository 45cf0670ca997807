// Body lines into questions, by the numbering real papers print: `1.`, `1)`, `Q1`, `Q.1`,
// `Question 1`, and `2(b)` when parts are numbered with their question. A number starts a
// question only when it is the next one (or the first), and in the style the paper started
// with: a numbered list or an option inside a question stays inside it. Sub-parts (`(a)`,
// `(i)`) never start a question.

/** A question as printed: its number and the lines that follow it. */
export interface RawQuestion {
  /** As printed, without punctuation: `1`, `Q3`, `2(b)`. */
  number: string;
  text: string;
}

type Style = 'digit' | 'q';

interface Start {
  style: Style;
  n: number;
  part: string | null;
  rest: string;
}

// `1.` or `1)` (not `1.5`), or `2(b)`: a part numbered with its question (no space between).
const DIGIT = /^(\d{1,3})(?:\(([a-z])\)|\.(?!\d)|\))\s*(.*)$/i;
// `Q1`, `Q.1`, `Q 1:`, `Question 1`, with an optional `(b)` part.
const Q = /^(?:question|q)\s*\.?\s*(\d{1,3})(?:\(([a-z])\))?(?=[\s.:)-]|$)[.:)-]?\s*(.*)$/i;
/** A line that starts a sub-part or an option: joined to the text on a line of its own. */
const MARKER_LINE = /^(\(?[a-z]{1,4}\)|[A-J][.)]\s)/i;

function startOf(line: string): Start | null {
  const q = Q.exec(line);
  if (q) return { style: 'q', n: Number(q[1]), part: q[2] ?? null, rest: q[3] ?? '' };
  const digit = DIGIT.exec(line);
  if (digit) {
    return { style: 'digit', n: Number(digit[1]), part: digit[2] ?? null, rest: digit[3] ?? '' };
  }
  return null;
}

function numberOf(start: Start): string {
  const base = start.style === 'q' ? `Q${start.n}` : String(start.n);
  return start.part ? `${base}(${start.part.toLowerCase()})` : base;
}

/** True when `start` continues the paper's numbering after `current`. */
function follows(start: Start, current: Start | null, style: Style | null): boolean {
  if (!current) return start.n <= 1 || (start.n <= 3 && start.part === null);
  if (start.style !== style) return false;
  if (start.n === current.n + 1) return start.part === null || start.part.toLowerCase() === 'a';
  // `2(b)` after `2(a)`: the next part of the same question.
  if (start.n === current.n && start.part && current.part) {
    return start.part.toLowerCase().charCodeAt(0) === current.part.toLowerCase().charCodeAt(0) + 1;
  }
  return false;
}

function joinLines(lines: readonly string[]): string {
  let text = '';
  for (const line of lines) {
    if (!line) continue;
    if (!text) text = line;
    else text += MARKER_LINE.test(line) ? `\n${line}` : ` ${line}`;
  }
  return text.trim();
}

/** Splits body lines into numbered questions; lines before the first number are dropped. */
export function splitQuestions(lines: readonly string[]): RawQuestion[] {
  const questions: { number: string; lines: string[] }[] = [];
  let current: Start | null = null;
  let style: Style | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    const start = startOf(line);
    if (start && follows(start, current, style)) {
      current = start;
      style ??= start.style;
      questions.push({ number: numberOf(start), lines: [start.rest] });
    } else if (questions.length > 0) {
      questions.at(-1)!.lines.push(line);
    }
  }
  return questions
    .map((q) => ({ number: q.number, text: joinLines(q.lines) }))
    .filter((q) => q.text.length > 0);
}
