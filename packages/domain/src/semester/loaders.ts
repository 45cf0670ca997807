// Batch loads of semesters for the GraphQL gateway (see ../listing/loading.ts).
import { alignMany, alignOne, findByIds, findByRootKeys, validIds } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import { visibleFilter } from '../visibility.js';
import type { Viewer } from '../visibility.js';
import { SemesterModel } from './model.js';
import type { Semester } from './schema.js';

/** Semesters by id. One query. */
export async function loadSemestersByIds(ids: readonly string[]): Promise<(Semester | null)[]> {
  const docs = await findByIds<unknown>(SemesterModel, validIds(ids));
  return alignOne(
    ids,
    docs.map((d) => toDto<Semester>(d)),
    (s) => s.id,
  );
}

/** The semesters of each branch the viewer may see, ordered by number (as GET /semesters). One query per branch. */
export async function loadSemestersByBranchIds(
  viewer: Viewer,
  branchIds: readonly string[],
): Promise<Semester[][]> {
  const docs = await findByRootKeys<unknown>(
    SemesterModel,
    'branchId',
    branchIds,
    visibleFilter(viewer, 'academic'),
    { number: 1 },
  );
  return alignMany(
    branchIds,
    docs.map((d) => toDto<Semester>(d)),
    (s) => s.branchId,
  );
}
