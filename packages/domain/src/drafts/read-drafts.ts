// A PDF's text into draft questions, before any look at the catalog: reading order, noise
// left out, split by numbering, marks and options found.
import type { PdfContent } from '../pdf/types.js';
import { readingOrder } from './layout.js';
import { bodyLines } from './noise.js';
import { marksOf, optionsOf, typeOf } from './parse.js';
import type { DraftType } from './parse.js';
import { splitQuestions } from './split.js';

/** A question read from a paper: what the PDF alone tells. */
export interface ReadDraft {
  index: number;
  number: string;
  text: string;
  marks: number | null;
  type: DraftType;
  options: string[] | null;
}

/** The drafts of a PDF's text, in the order printed (index from 0). */
export function readDrafts(content: PdfContent): ReadDraft[] {
  const lines = bodyLines(content.pages.map(readingOrder));
  return splitQuestions(lines).map((question, index) => {
    const { marks, text } = marksOf(question.text);
    const mcq = optionsOf(text);
    return {
      index,
      number: question.number,
      text: mcq ? mcq.stem : text,
      marks,
      type: typeOf(mcq !== null, marks),
      options: mcq ? mcq.options : null,
    };
  });
}

/** True when a PDF has a text layer (a scan has none). */
export function hasTextLayer(content: PdfContent): boolean {
  return content.pages.some((page) => page.items.some((item) => item.str.trim().length > 0));
}
