// Batch reads of papers, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { readerByParent, visibleReaderByIds } from '../listing/loading.js';
import type { ReadByParent, VisibleReadByIds } from '../listing/loading.js';
import { PAPER_ORDER, PaperModel } from './model.js';
import type { PaperRecord } from './counts.js';
import { toPaper } from './dto.js';

export { readPaperCountsByIds } from './counts.js';

/** Papers by id, those the caller may see. One query. */
export const readPapersByIds: VisibleReadByIds<PaperRecord> = visibleReaderByIds(
  PaperModel,
  'paper',
  toPaper,
);

/** The papers of each subject offering the caller may see, by offering id, in list order. One query per offering. */
export const readPapersBySubjectOfferingIds: ReadByParent<PaperRecord[]> = readerByParent(
  PaperModel,
  'paper',
  {
    parent: 'subjectOfferingId',
    sort: PAPER_ORDER,
    toItem: toPaper,
  },
);
