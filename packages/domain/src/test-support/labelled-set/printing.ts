// How each choice of a layout prints: question and part numbers, marks, option markers,
// section headings. The normalised number a draft must have sits beside each printed one.
import type { SetLayout } from './layout.js';

const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii'];
const letter = (i: number) => String.fromCharCode(97 + i);
const PART_PREFIX = { dot: '', paren: '', q: 'Q', qDot: 'Q.', question: 'Question ' } as const;

/** The printed number of question `n`. */
export function questionLabel(layout: SetLayout, n: number): string {
  switch (layout.numbering) {
    case 'dot':
      return `${n}.`;
    case 'paren':
      return `${n})`;
    case 'q':
      return `Q${n}`;
    case 'qDot':
      return `Q.${n}`;
    case 'question':
      return `Question ${n}`;
  }
}

/** The printed number of part `i` (from 0) of question `n`, and its normalised number. */
export function partLabel(layout: SetLayout, n: number, i: number): [string, string] {
  const prefix = PART_PREFIX[layout.numbering];
  const mark = layout.partNumbering === 'roman' ? ROMAN[i]! : letter(i);
  const normal = `${n}(${mark})`;
  const first = i === 0;
  switch (layout.partNumbering) {
    case 'spaced':
    case 'roman':
      return [first ? `${prefix}${n} (${mark})` : `(${mark})`, normal];
    case 'spacedFull':
      return [`${prefix}${n} (${mark})`, normal];
    case 'tight':
      return [`${prefix}${n}(${mark})`, normal];
    case 'dotted':
      return [`${prefix}${n}.${mark}`, normal];
  }
}

/** Marks as printed. */
export function marksLabel(layout: SetLayout, marks: number): string {
  switch (layout.marks) {
    case 'bracket':
      return `[${marks}]`;
    case 'bracketWord':
      return `[${marks} marks]`;
    case 'parenWord':
      return `(${marks} marks)`;
    case 'paren':
      return `(${marks})`;
    case 'm':
      return `${marks}M`;
    case 'capWord':
      return `${marks} Marks`;
    case 'product':
      // "(2×5=10)": the total counts; odd marks print as (1×n=n).
      return marks % 2 === 0 && marks >= 4 ? `(2×${marks / 2}=${marks})` : `(1×${marks}=${marks})`;
  }
}

/** The marker of option `i` (from 0). */
export function optionLabel(layout: SetLayout, i: number): string {
  switch (layout.optionMarker) {
    case 'paren':
      return `(${letter(i)})`;
    case 'capital':
      return `${letter(i).toUpperCase()}.`;
    case 'parenCapital':
      return `(${letter(i).toUpperCase()})`;
  }
}

/** Section `i`'s heading as printed, and the name a draft gives it. */
export function sectionLabel(layout: SetLayout, i: number, note: string): [string, string] {
  const romanUpper = ROMAN[i]!.toUpperCase();
  const upper = letter(i).toUpperCase();
  switch (layout.sections) {
    case 'section':
      return [i % 2 ? `Section - ${upper}${note}` : `SECTION ${upper}${note}`, `Section ${upper}`];
    case 'partLetter':
      return [`PART ${upper}${note}`, `Part ${upper}`];
    case 'partRoman':
    default:
      return [`Part ${romanUpper}${note}`, `Part ${romanUpper}`];
  }
}
