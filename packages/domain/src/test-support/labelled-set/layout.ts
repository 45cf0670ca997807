// How a paper of the labelled set is printed: one choice per aspect real papers vary in,
// drawn from the paper's seed. Each aspect names what the reader must cope with.
import type { Random } from './random.js';

export const QUESTION_NUMBERING = ['dot', 'paren', 'q', 'qDot', 'question'] as const;
/** `spaced` "4 (a)" then "(b)"; `tight` "4(a)", "4(b)"; `dotted` "4.a", "4.b"; `roman` "4 (i)", "(ii)". */
export const PART_NUMBERING = ['spaced', 'tight', 'dotted', 'spacedFull', 'roman'] as const;
export const MARKS_STYLE = [
  'bracket',
  'bracketWord',
  'parenWord',
  'paren',
  'm',
  'capWord',
  'product',
] as const;
/** `end` after the last line (options included); `stem` after the stem, before its options; `column` a right-hand column. */
export const MARKS_PLACE = ['end', 'stem', 'column'] as const;
export const OPTION_MARKER = ['paren', 'capital', 'parenCapital'] as const;
export const OPTIONS_LAYOUT = ['inline', 'perLine', 'twoPerLine'] as const;
export const FOOTER = ['pageOf', 'dashed', 'plain', 'none'] as const;
export const SECTIONS = ['none', 'section', 'partLetter', 'partRoman'] as const;

/** Every choice of a paper's print. */
export interface SetLayout {
  numbering: (typeof QUESTION_NUMBERING)[number];
  partNumbering: (typeof PART_NUMBERING)[number];
  marks: (typeof MARKS_STYLE)[number];
  marksPlace: (typeof MARKS_PLACE)[number];
  optionMarker: (typeof OPTION_MARKER)[number];
  optionsLayout: (typeof OPTIONS_LAYOUT)[number];
  columns: 1 | 2;
  hasHeader: boolean;
  footer: (typeof FOOTER)[number];
  /** "P.T.O." at the bottom of every page but the last. */
  hasPto: boolean;
  sections: (typeof SECTIONS)[number];
  /** Numbering starts again at 1 in each section. */
  restartsPerSection: boolean;
  /** MCQs print no marks of their own (their section heading gives them). */
  mcqMarksInHeading: boolean;
  /** One number is skipped (a misprint): the next question keeps the number it has. */
  skipsNumber: boolean;
  /** "Answer any n": the printed maximum is less than the marks of all questions. */
  hasChoice: boolean;
  /** The printed maximum differs from the marks' total (a paper-level warning). */
  hasWrongMaximum: boolean;
}

/** A layout drawn from `random`; the paper's index spreads each aspect over the set. */
export function drawLayout(random: Random, index: number): SetLayout {
  const columns = index % 4 === 3 ? 2 : 1;
  const sections = random.pick(SECTIONS);
  return {
    numbering: QUESTION_NUMBERING[index % QUESTION_NUMBERING.length]!,
    partNumbering: PART_NUMBERING[(index >> 1) % PART_NUMBERING.length]!,
    marks: MARKS_STYLE[index % MARKS_STYLE.length]!,
    marksPlace: columns === 2 ? random.pick(['end', 'stem'] as const) : random.pick(MARKS_PLACE),
    optionMarker: random.pick(OPTION_MARKER),
    optionsLayout: random.pick(OPTIONS_LAYOUT),
    columns,
    hasHeader: random.chance(0.6),
    footer: random.pick(FOOTER),
    hasPto: random.chance(0.4),
    sections,
    restartsPerSection: sections !== 'none' && random.chance(0.3),
    mcqMarksInHeading: sections !== 'none' && random.chance(0.3),
    skipsNumber: random.chance(0.12),
    hasChoice: random.chance(0.2),
    hasWrongMaximum: random.chance(0.12),
  };
}
