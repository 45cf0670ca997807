// Batch reads of papers, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { byId, findByIds, readChildrenByParent, validIds } from '../listing/loading.js';
import { asCaller, visibleFilter } from '../visibility.js';
import type { ActorOrCaller } from '../visibility.js';
import { PAPER_ORDER, PaperModel } from './model.js';
import type { Paper } from './schema.js';
import { toPaper } from './service.js';

/** Papers by id, those the caller may see. One query. */
export async function readPapersByIds(
  actor: ActorOrCaller,
  ids: readonly string[],
): Promise<Map<string, Paper>> {
  const caller = asCaller(actor);
  const viewer = await caller.viewer();
  const docs = await findByIds<unknown>(PaperModel, validIds(ids), visibleFilter(viewer, 'paper'));
  return byId(docs.map((d) => toPaper(d, caller.actor)));
}

/** The papers of each subject offering the caller may see, by offering id, in list order. One query per offering. */
export function readPapersBySubjectOfferingIds(
  actor: ActorOrCaller,
  subjectOfferingIds: readonly string[],
): Promise<Map<string, Paper[]>> {
  return readChildrenByParent(actor, subjectOfferingIds, {
    model: PaperModel,
    kind: 'paper',
    parent: 'subjectOfferingId',
    sort: PAPER_ORDER,
    toItem: toPaper,
  });
}
