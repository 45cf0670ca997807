// Batch reads of semesters, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { byId, findByIds, findByRootKeys, groupBy, validIds } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import { asCaller } from '../visibility.js';
import type { ActorOrCaller } from '../visibility.js';
import { SemesterModel } from './model.js';
import type { Semester } from './schema.js';
import { SEMESTER_ORDER } from './service.js';

/** Semesters by id. One query. */
export async function readSemestersByIds(ids: readonly string[]): Promise<Map<string, Semester>> {
  const docs = await findByIds<unknown>(SemesterModel, validIds(ids));
  return byId(docs.map((d) => toDto<Semester>(d)));
}

/** The semesters of each branch the caller may see, by branch id, in list order. One query per branch. */
export async function readSemestersByBranchIds(
  actor: ActorOrCaller,
  branchIds: readonly string[],
): Promise<Map<string, Semester[]>> {
  const viewer = await asCaller(actor).viewer();
  const docs = await findByRootKeys<unknown>(
    SemesterModel,
    viewer,
    'academic',
    'branchId',
    branchIds,
    SEMESTER_ORDER,
  );
  return groupBy(
    docs.map((d) => toDto<Semester>(d)),
    (s) => s.branchId,
  );
}
