// Batch reads of semesters, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { byId, findByIds, readChildrenByParent, validIds } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import type { ActorOrCaller } from '../visibility.js';
import { SemesterModel } from './model.js';
import type { Semester } from './schema.js';
import { SEMESTER_ORDER } from './service.js';

const toSemester = (doc: unknown) => toDto<Semester>(doc);

/** Semesters by id. One query. */
export async function readSemestersByIds(ids: readonly string[]): Promise<Map<string, Semester>> {
  const docs = await findByIds<unknown>(SemesterModel, validIds(ids));
  return byId(docs.map(toSemester));
}

/** The semesters of each branch the caller may see, by branch id, in list order. One query per branch. */
export function readSemestersByBranchIds(
  actor: ActorOrCaller,
  branchIds: readonly string[],
): Promise<Map<string, Semester[]>> {
  return readChildrenByParent(actor, branchIds, {
    model: SemesterModel,
    kind: 'academic',
    parent: 'branchId',
    sort: SEMESTER_ORDER,
    toItem: toSemester,
  });
}
