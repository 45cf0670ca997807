// Batch reads of universities, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { byId, findByIds, validIds } from '../listing/loading.js';
import { UniversityModel } from './model.js';
import type { University } from './schema.js';
import { toUniversity } from './service.js';

/** Universities by id, soft-deleted ones included (what references them still points at them). One query. */
export async function readUniversitiesByIds(
  ids: readonly string[],
): Promise<Map<string, University>> {
  const docs = await findByIds<unknown>(UniversityModel, validIds(ids));
  return byId(docs.map(toUniversity));
}
