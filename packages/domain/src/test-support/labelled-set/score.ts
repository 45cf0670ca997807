// Drafts read from a paper against its labels. Each expected draft is paired, in order, with the
// next read draft of the same number; a pair is split right when the texts agree (normalised,
// at least 90% alike, so that one OCR slip does not undo a right split). Marks, options, section
// and topic are then compared pair by pair. Figures add up over papers (`addTallies`).
import type { ExpectedPaper } from './compose.js';

/** A draft as read, its topic given by title. */
export interface ScoredDraft {
  number: string;
  text: string;
  marks: number | null;
  options?: string[] | null;
  section?: string | null;
  topic: string | null;
}

/** What reading a paper gave, besides its drafts. */
export interface ScoredPaper {
  drafts: ScoredDraft[];
  suggested: Record<string, unknown> | null;
  warnings: string[];
}

/** Counts over papers. */
export interface Tally {
  papers: number;
  expected: number;
  read: number;
  split: number;
  marks: number;
  /** Drafts where either side has options, and those where both agree. */
  optionCases: number;
  options: number;
  sections: number;
  suggested: number;
  topicRight: number;
  sittingFields: number;
  sittingRight: number;
  totalWarningsRight: number;
  misses: string[];
}

export const emptyTally = (): Tally => ({
  papers: 0,
  expected: 0,
  read: 0,
  split: 0,
  marks: 0,
  optionCases: 0,
  options: 0,
  sections: 0,
  suggested: 0,
  topicRight: 0,
  sittingFields: 0,
  sittingRight: 0,
  totalWarningsRight: 0,
  misses: [],
});

const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** 1 minus the edit distance over the longer length: 1 for equal texts. */
export function likeness(a: string, b: string): number {
  const [x, y] = [normal(a), normal(b)];
  if (x === y) return 1;
  if (!x.length || !y.length) return 0;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return 1 - previous[y.length]! / Math.max(x.length, y.length);
}

const TEXT_ALIKE = 0.9;
const OPTION_ALIKE = 0.8;

function optionsAgree(read: readonly string[] | null | undefined, expected: readonly string[]) {
  return (
    !!read &&
    read.length === expected.length &&
    read.every((option, i) => likeness(option, expected[i]!) >= OPTION_ALIKE)
  );
}

/** Adds one paper's figures to `tally`. */
export function scorePaper(tally: Tally, expected: ExpectedPaper, read: ScoredPaper): void {
  tally.papers += 1;
  tally.expected += expected.drafts.length;
  tally.read += read.drafts.length;
  let cursor = 0;
  for (const want of expected.drafts) {
    const at = read.drafts.findIndex((d, i) => i >= cursor && d.number === want.number);
    const got = at >= 0 ? read.drafts[at]! : null;
    if (got) cursor = at + 1;
    const isSplit = !!got && likeness(got.text, want.text) >= TEXT_ALIKE;
    if (isSplit) tally.split += 1;
    const hasMarks = got?.marks === want.marks;
    if (hasMarks) tally.marks += 1;
    if (want.options || got?.options) {
      tally.optionCases += 1;
      if (want.options && optionsAgree(got?.options, want.options)) tally.options += 1;
      else
        tally.misses.push(
          `${expected.name} ${want.number}: options ${JSON.stringify(got?.options ?? null)}`,
        );
    }
    if (got && (got.section ?? null) === want.section) tally.sections += 1;
    if (got?.topic) {
      tally.suggested += 1;
      if (got.topic === want.topic) tally.topicRight += 1;
      else
        tally.misses.push(`${expected.name} ${want.number}: topic ${got.topic}, not ${want.topic}`);
    }
    if (!isSplit || !hasMarks) {
      const seen = got ? `${JSON.stringify(got.text)} marks ${got.marks}` : 'no draft';
      tally.misses.push(
        `${expected.name} ${want.number}: read ${seen}; want ${JSON.stringify(want.text)} marks ${want.marks}`,
      );
    }
  }
  const suggested = read.suggested ?? {};
  for (const [field, value] of Object.entries(expected.suggested)) {
    tally.sittingFields += 1;
    if (suggested[field] === value) tally.sittingRight += 1;
    else
      tally.misses.push(
        `${expected.name}: suggested ${field} ${String(suggested[field])}, not ${value}`,
      );
  }
  const hasTotalWarning = read.warnings.some((w) => /add up to/.test(w));
  if (hasTotalWarning === expected.hasTotalWarning) tally.totalWarningsRight += 1;
  else
    tally.misses.push(
      `${expected.name}: marks total warning ${hasTotalWarning}, want ${expected.hasTotalWarning}`,
    );
}

/** The figures of a tally, as shares (null where nothing was counted). */
export function metricsOf(tally: Tally) {
  const share = (n: number, of: number) => (of > 0 ? n / of : null);
  const precision = share(tally.split, tally.read);
  const recall = share(tally.split, tally.expected);
  return {
    splitF1:
      precision !== null && recall !== null && precision + recall > 0
        ? (2 * precision * recall) / (precision + recall)
        : 0,
    marks: share(tally.marks, tally.expected),
    options: share(tally.options, tally.optionCases),
    topicPrecision: share(tally.topicRight, tally.suggested),
    topicCoverage: share(tally.suggested, tally.expected),
    sections: share(tally.sections, tally.expected),
    sitting: share(tally.sittingRight, tally.sittingFields),
    totalWarnings: share(tally.totalWarningsRight, tally.papers),
  };
}

/** The metrics a run reports. */
export type SetMetrics = ReturnType<typeof metricsOf>;
