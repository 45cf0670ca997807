// The labelled set: 45 papers over five subjects, each drawn from its own seed, as text PDFs and
// as scans. `labelledSet()` is deterministic: the committed expected drafts
// (test-data/drafts-labelled-set.json) are its labels, and a test keeps the two equal.
import { textPdf } from '../../pdf/write.js';
import { composePaper } from './compose.js';
import type { ComposedPaper, ExpectedPaper } from './compose.js';
import { placePaper } from './place.js';
import type { SetSubject } from './subject.js';
import { DATABASES, OPERATING_SYSTEMS } from './subjects-computing.js';
import { DATA_STRUCTURES, MATHEMATICS, NETWORKS } from './subjects-more.js';

/** The subjects, in the order papers take them. */
export const SET_SUBJECTS: readonly SetSubject[] = [
  DATA_STRUCTURES,
  OPERATING_SYSTEMS,
  DATABASES,
  NETWORKS,
  MATHEMATICS,
];

/** Papers in the set. */
export const SET_SIZE = 45;
const BASE_SEED = 5500;

/** Every paper of the set, composed (what it prints and its labels). */
export function labelledSet(): ComposedPaper[] {
  return Array.from({ length: SET_SIZE }, (_, i) =>
    composePaper(SET_SUBJECTS[i % SET_SUBJECTS.length]!, BASE_SEED + i, i),
  );
}

/** The labels of the whole set, as committed. */
export function expectedSet(): ExpectedPaper[] {
  return labelledSet().map((paper) => paper.expected);
}

/** A paper of the set as a text PDF. */
export function setPaperPdf(paper: ComposedPaper): Buffer {
  return textPdf(placePaper(paper));
}
