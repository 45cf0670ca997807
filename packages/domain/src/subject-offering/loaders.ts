// Batch loads of subject offerings for the GraphQL gateway (see ../listing/loading.ts).
import { alignOne, findByIds, validIds } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import { SubjectOfferingModel } from './model.js';
import type { SubjectOffering } from './schema.js';

/** Subject offerings by id. One query. */
export async function loadSubjectOfferingsByIds(
  ids: readonly string[],
): Promise<(SubjectOffering | null)[]> {
  const docs = await findByIds<unknown>(SubjectOfferingModel, validIds(ids));
  return alignOne(
    ids,
    docs.map((d) => toDto<SubjectOffering>(d)),
    (o) => o.id,
  );
}
