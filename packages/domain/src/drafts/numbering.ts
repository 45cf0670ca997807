// How a line says "a question starts here", and the number it gives, normalised: "4 (a)",
// "4(a)", "4.a" and "Q4 (a)" are all `4(a)`, whose parent is `4`. Two styles are told apart, so
// that a numbered list inside a `Q1`-style paper never passes for questions: digits (`1.`,
// `1)`, `4 (a)`, `4.a`) and words (`Q1`, `Q.1`, `Question 1`, `Q4 (a)`).

export type NumberStyle = 'digit' | 'q';

/** A printed question number at the start of a line. */
export interface Start {
  style: NumberStyle;
  n: number;
  /** The part letter, lower case (`a` for `4(a)`), else null. */
  part: string | null;
  /** The rest of the line, after the number. */
  rest: string;
}

// After the digits: a part `(a)` (a space allowed), `.a`, or the number's own `.`, `)` or `:`.
// OCR reads a part's `b` as `6` and `c` as `©`: "Q.10(6)" is `10(b)`.
const PART = String.raw`\s?\(([a-z]|[ivx]{2,4}|6|©)\)|\.([a-z])(?=[\s.)]|$)`;
const OCR_PART: Record<string, string> = { '6': 'b', '©': 'c' };
const partOf = (mark: string | undefined) =>
  mark === undefined ? null : (OCR_PART[mark] ?? mark.toLowerCase());
// `1.` or `1)` (not `1.5`), `4(a)`, `4 (a)`, `4.a`.
// OCR may read the dot as a comma or colon ("4, Explain"): followed by a space, they count.
const DIGIT = new RegExp(
  String.raw`^(\d{1,3})(?:${PART}|\.(?!\d)|\)|[,:](?=\s))[.)]?\s*(.*)$`,
  'i',
);
// `Q1`, `Q.1`, `Q 1:`, `Question 1`, each with an optional part.
const Q = new RegExp(
  String.raw`^(?:question|q|o(?=\d))\s*\.?\s*(\d{1,3}|[\dS]{1,2}(?=\s))(?:${PART})?(?=[\s.:)-]|$)[.:)-]?\s*(.*)$`,
  'i',
);
/** A bare part marker `(b)` (or `b)`, as OCR may read it) at the start of a line (an option looks the same). */
const BARE_PART = /^(?:\(([a-z]|[ivx]{2,4})\)|([a-z]|[ivx]{2,4}|©)\))\s*(.*)$/i;

/** Digits of a `Q` number as OCR may read them: `QS` is `Q5`, `O5` is `Q5`. */
const qDigits = (digits: string) => Number(digits.replace(/S/g, '5'));

/** The question number a line starts with, or null. */
export function startOf(line: string): Start | null {
  const q = Q.exec(line);
  if (q) {
    return { style: 'q', n: qDigits(q[1]!), part: partOf(q[2] ?? q[3]), rest: q[4] ?? '' };
  }
  const digit = DIGIT.exec(line);
  if (digit) {
    return {
      style: 'digit',
      n: Number(digit[1]),
      part: partOf(digit[2] ?? digit[3]),
      rest: digit[4] ?? '',
    };
  }
  return null;
}

/** The part letter and rest of a line that starts with a bare `(b)`, or null. */
export function barePartOf(line: string): { part: string; rest: string } | null {
  const match = BARE_PART.exec(line);
  return match ? { part: partOf(match[1] ?? match[2])!, rest: match[3] ?? '' } : null;
}

/** The normalised number: `4`, `4(a)`. */
export function numberOf(start: Pick<Start, 'n' | 'part'>): string {
  return start.part ? `${start.n}(${start.part})` : String(start.n);
}

const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x'];

/** True for the mark of a first part: `a`, or `i` of parts numbered in roman. */
export function isFirstPart(part: string): boolean {
  return part === 'a' || part === 'i';
}

/**
 * The marks that may follow `part`: `b` after `a`; `ii` after `i` (or `j`, the letter after
 * the ninth part `i`); `iii` after `ii`.
 */
export function nextParts(part: string): string[] {
  const next: string[] = [];
  const roman = ROMAN.indexOf(part);
  if (roman >= 0 && roman + 1 < ROMAN.length) next.push(ROMAN[roman + 1]!);
  if (part.length === 1) next.push(String.fromCharCode(part.charCodeAt(0) + 1));
  return next;
}
