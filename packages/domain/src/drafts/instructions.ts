// What a paper's title block and instructions say about the sitting: its year, exam type,
// maximum marks and time (each null when not printed), and whether the candidate chooses
// questions ("Answer any five"), when the marks of all questions rightly exceed the maximum.
import { MIN_EXAM_YEAR } from '../paper/schema.js';
import type { EXAM_TYPES } from '../paper/schema.js';

/** The sitting as the paper prints it. */
export interface SuggestedSitting {
  examYear: number | null;
  examType: (typeof EXAM_TYPES)[number] | null;
  maxMarks: number | null;
  durationMinutes: number | null;
}

const YEAR = /\b(19\d\d|20\d\d)\b/;
const MAX_MARKS = /\b(?:max(?:imum|\.)?|total|full)?\s*marks\s*[:=-]?\s*(\d{1,4})\b/i;
const HOURS =
  /(\d{1,2}(?:\.\d+)?)\s*(½)?\s*(?:hours?|hrs?\.?|h)\b(?:\s*(?:and\s*)?(\d{1,2})\s*(?:minutes?|mins?\.?))?/i;
const MINUTES = /(\d{1,3})\s*(?:minutes?|mins?\.?)\b/i;
const TIME_LINE = /\b(time|duration)\b/i;
const CHOICE = /\b(answer|attempt)\s+any\b/i;

const TYPES: [RegExp, SuggestedSitting['examType']][] = [
  [/\b(supplementary|supple|back paper|re-?exam(ination)?|reappear)\b/i, 'supplementary'],
  [/\b(quiz|class test)\b/i, 'quiz'],
  [/\b(mid[-\s]?(term|sem(ester)?)|minor|sessional|internal)\b/i, 'mid-term'],
  [/\b(end[-\s]?(term|sem(ester)?)|final|major|semester examination)\b/i, 'end-term'],
];

function durationOf(lines: readonly string[]): number | null {
  for (const line of lines.filter((l) => TIME_LINE.test(l))) {
    const hours = HOURS.exec(line);
    if (hours) {
      const whole = Number(hours[1]) + (hours[2] ? 0.5 : 0);
      return Math.round(whole * 60 + Number(hours[3] ?? 0));
    }
    const minutes = MINUTES.exec(line);
    if (minutes) return Number(minutes[1]);
  }
  return null;
}

function yearOf(lines: readonly string[]): number | null {
  const latest = new Date().getUTCFullYear() + 1;
  for (const line of lines) {
    const year = Number(YEAR.exec(line)?.[1] ?? NaN);
    if (year >= MIN_EXAM_YEAR && year <= latest) return year;
  }
  return null;
}

/** The sitting from the title block (`prelude`) and the instruction lines. */
export function sittingOf(
  prelude: readonly string[],
  instructions: readonly string[],
): SuggestedSitting & { hasChoice: boolean } {
  const all = [...prelude, ...instructions];
  const marksLine = all.find((line) => MAX_MARKS.test(line) && !/^\s*\[/.test(line));
  const maxMarks = marksLine ? Number(MAX_MARKS.exec(marksLine)![1]) : null;
  const title = prelude.join(' ');
  return {
    examYear: yearOf(prelude),
    examType: TYPES.find(([pattern]) => pattern.test(title))?.[1] ?? null,
    maxMarks: maxMarks && maxMarks > 0 ? maxMarks : null,
    durationMinutes: durationOf(all),
    hasChoice: all.some((line) => CHOICE.test(line)),
  };
}
