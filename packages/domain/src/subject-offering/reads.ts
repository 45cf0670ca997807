// Batch reads of subject offerings, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { byId, findByIds, validIds } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import { SubjectOfferingModel } from './model.js';
import type { SubjectOffering } from './schema.js';

/** Subject offerings by id. One query. */
export async function readSubjectOfferingsByIds(
  ids: readonly string[],
): Promise<Map<string, SubjectOffering>> {
  const docs = await findByIds<unknown>(SubjectOfferingModel, validIds(ids));
  return byId(docs.map((d) => toDto<SubjectOffering>(d)));
}
