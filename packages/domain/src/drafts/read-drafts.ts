// A PDF's text into draft questions, before any look at the catalog: reading order, noise
// left out, split by numbering, marks and options found, and what the paper says about its
// sitting (`suggested`), with warnings where the reading is unsure.
import type { PdfContent } from '../pdf/types.js';
import { sittingOf } from './instructions.js';
import type { SuggestedSitting } from './instructions.js';
import { readingOrder } from './layout.js';
import { marksOfLines } from './marks.js';
import { paperLines } from './noise.js';
import { optionsOf, typeOf } from './parse.js';
import type { DraftType } from './parse.js';
import { splitQuestions } from './split.js';

/** A question read from a paper: what the PDF alone tells. */
export interface ReadDraft {
  index: number;
  number: string;
  parent: string | null;
  page: number;
  section: string | null;
  text: string;
  marks: number | null;
  type: DraftType;
  options: string[] | null;
  confidence: number;
  warnings: string[];
}

/** A paper's drafts, its sitting as printed, and warnings about the whole. */
export interface ReadPaper {
  drafts: ReadDraft[];
  suggested: SuggestedSitting;
  warnings: string[];
}

/** A line that starts a sub-part or an option: kept on a line of its own in the text. */
const MARKER_LINE = /^(\(?[a-z]{1,4}\)|[A-J][.)]\s)/i;
/** Confidence lost by a question with no marks in a paper that prints marks. */
const NO_MARKS = 0.2;

function joinLines(lines: readonly string[]): string {
  let text = '';
  for (const line of lines) {
    if (!line) continue;
    if (!text) text = line;
    else text += MARKER_LINE.test(line) ? `\n${line}` : ` ${line}`;
  }
  return text.trim();
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The drafts of a PDF's text, in the order printed (index from 0), and what else it says. */
export function readPaper(content: PdfContent): ReadPaper {
  const { body, instructions } = paperLines(content.pages.map(readingOrder));
  const { questions, prelude } = splitQuestions(body);
  const read = questions.map((question) => {
    const { marks, lines } = marksOfLines(question.lines);
    const text = joinLines(lines);
    const mcq = optionsOf(text);
    return { question, marks, text, mcq };
  });
  const drafts: ReadDraft[] = read
    .filter((r) => r.text.length > 0)
    .map(({ question, marks, text, mcq }, index) => ({
      index,
      number: question.number,
      parent: question.parent,
      page: question.page,
      section: question.section,
      text: mcq ? mcq.stem : text,
      marks,
      type: typeOf(mcq !== null, marks),
      options: mcq ? mcq.options : null,
      confidence: question.confidence,
      warnings: [...question.warnings],
    }));
  const marked = drafts.filter((d) => d.marks !== null);
  if (marked.length * 2 > drafts.length) {
    for (const draft of drafts.filter((d) => d.marks === null)) {
      draft.confidence = round(Math.max(0, draft.confidence - NO_MARKS));
      draft.warnings.push('No marks found for this question');
    }
  }
  const { hasChoice, ...suggested } = sittingOf(prelude, instructions);
  const warnings: string[] = [];
  const total = round(marked.reduce((sum, d) => sum + d.marks!, 0));
  if (suggested.maxMarks !== null && marked.length > 0 && !hasChoice) {
    if (total !== suggested.maxMarks) {
      warnings.push(
        `The drafts' marks add up to ${total} and the paper says ${suggested.maxMarks}`,
      );
    }
  }
  return { drafts, suggested, warnings };
}

/** True when a PDF has a text layer (a scan has none). */
export function hasTextLayer(content: PdfContent): boolean {
  return content.pages.some((page) => page.items.some((item) => item.str.trim().length > 0));
}
