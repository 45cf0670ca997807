// What a question's text says about it (its marks are read by marks.ts): for a multiple-choice
// question, four or more options "(a) … (b) …", "(A) … (B) …" or "A. … B. …" after the stem, inline or one per
// line, and the kind of question.

/** The contract's kinds a draft can take. */
export type DraftType = 'mcq' | 'short' | 'long';

/** Marks from which a question without options is `long`. */
export const LONG_FROM_MARKS = 8;
/** Options an mcq needs at least. */
export const MIN_DRAFT_OPTIONS = 4;
/** An option longer than this is a sub-part, not a choice. */
const MAX_OPTION_WORDS = 12;

interface Marker {
  at: number;
  end: number;
  letter: number;
  style: 'paren' | 'parenCapital' | 'capital';
}

const MARKERS: { style: Marker['style']; pattern: RegExp }[] = [
  // `(b)`, or `b)` as OCR often reads it (never inside a word or after another bracket).
  // OCR also reads `(` as `{` and a `(b)` as `(6)`.
  { style: 'paren', pattern: /(?<![\w({])[({]?([a-j6])\)\s*/g },
  // A bracketed "c" looks the same in capitals: OCR may read `(c)` as `{C)` among `(a)`, `(b)`.
  { style: 'paren', pattern: /(?<![\w({])[({]([C€])\)\s*/g },
  { style: 'parenCapital', pattern: /(?<!\w)[({]([A-J€])\)\s*/g },
  // `C.` as OCR may read it: `€.` or `C,`.
  { style: 'capital', pattern: /(?<![^\s])([A-J€])[.,)]\s+/g },
];

/** Option letters as OCR misreads them. */
const OCR_LETTER: Record<string, string> = { '6': 'b', '€': 'c' };

function markersOf(text: string): Marker[] {
  const found: Marker[] = [];
  for (const { style, pattern } of MARKERS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      const letter = (OCR_LETTER[m[1]!] ?? m[1]!.toLowerCase()).charCodeAt(0) - 97;
      found.push({ at: m.index, end: m.index + m[0].length, letter, style });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

/** The longest run a, b, c, ... of one style starting at `first`. */
function runFrom(first: Marker, markers: readonly Marker[]): Marker[] {
  const run = [first];
  for (const marker of markers) {
    const last = run.at(-1)!;
    if (
      marker.at >= last.end &&
      marker.style === first.style &&
      marker.letter === last.letter + 1
    ) {
      run.push(marker);
    }
  }
  return run;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** True when the pieces read as choices: short, and mostly not sentences of their own. */
function areChoices(options: readonly string[]): boolean {
  if (options.some((option) => option.length === 0 || words(option) > MAX_OPTION_WORDS)) {
    return false;
  }
  const sentences = options.filter((option) => /[.?]$/.test(option)).length;
  return sentences * 2 < options.length;
}

/** The stem and options of a multiple-choice text, or null when it has none. */
export function optionsOf(text: string): { stem: string; options: string[] } | null {
  const markers = markersOf(text);
  for (const first of markers.filter((m) => m.letter === 0)) {
    const run = runFrom(first, markers);
    if (run.length < MIN_DRAFT_OPTIONS) continue;
    const options = run.map((marker, i) =>
      text
        .slice(marker.end, run[i + 1]?.at ?? text.length)
        .replace(/\s+/g, ' ')
        .trim(),
    );
    if (!areChoices(options)) continue;
    return { stem: text.slice(0, first.at).trim(), options };
  }
  return null;
}

/** The kind of a question from its options and marks. */
export function typeOf(hasOptions: boolean, marks: number | null): DraftType {
  if (hasOptions) return 'mcq';
  return marks !== null && marks >= LONG_FROM_MARKS ? 'long' : 'short';
}
