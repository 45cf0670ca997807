// Batch loads of universities for the GraphQL gateway (see ../listing/loading.ts).
import { alignOne, findByIds, validIds } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import { UniversityModel } from './model.js';
import type { University } from './schema.js';

/** Universities by id, soft-deleted ones included (what references them still points at them). One query. */
export async function loadUniversitiesByIds(
  ids: readonly string[],
): Promise<(University | null)[]> {
  const docs = await findByIds<unknown>(UniversityModel, validIds(ids));
  return alignOne(
    ids,
    docs.map((d) => toDto<University>(d)),
    (u) => u.id,
  );
}
