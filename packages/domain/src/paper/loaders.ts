// Batch loads of papers for the GraphQL gateway (see ../listing/loading.ts).
import { alignMany, alignOne, findByIds, findByRootKeys, validIds } from '../listing/loading.js';
import { visibleFilter } from '../visibility.js';
import type { Viewer } from '../visibility.js';
import { PaperModel } from './model.js';
import type { Paper } from './schema.js';
import { PAPER_ORDER, toPaper } from './service.js';

/** Papers by id (null when missing or not visible to the viewer). One query. */
export async function loadPapersByIds(
  viewer: Viewer,
  ids: readonly string[],
): Promise<(Paper | null)[]> {
  const docs = await findByIds<unknown>(PaperModel, validIds(ids), visibleFilter(viewer, 'paper'));
  return alignOne(
    ids,
    docs.map((d) => toPaper(d, viewer.actor)),
    (p) => p.id,
  );
}

/** The papers of each subject offering the viewer may see, in list order. One query per offering. */
export async function loadPapersBySubjectOfferingIds(
  viewer: Viewer,
  subjectOfferingIds: readonly string[],
): Promise<Paper[][]> {
  const docs = await findByRootKeys<unknown>(
    PaperModel,
    'subjectOfferingId',
    subjectOfferingIds,
    visibleFilter(viewer, 'paper'),
    PAPER_ORDER,
  );
  const papers = docs.map((d) => toPaper(d, viewer.actor));
  return alignMany(subjectOfferingIds, papers, (p) => p.subjectOfferingId);
}
