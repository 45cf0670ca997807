// The sitting a paper's first page prints (its title block): what a paper made straight from its
// PDF takes as its exam year and type when the editor does not give them.
import type { PdfContent } from '../pdf/types.js';
import type { SuggestedSitting } from './instructions.js';
import { readPaper } from './read-drafts.js';

/** The exam year and type printed on the first page, each null when it does not say. */
export function sittingOnFirstPage(
  content: PdfContent,
): Pick<SuggestedSitting, 'examYear' | 'examType'> {
  const { suggested } = readPaper({ pages: content.pages.slice(0, 1) });
  return { examYear: suggested.examYear, examType: suggested.examType };
}
