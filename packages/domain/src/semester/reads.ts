// Batch reads of semesters, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { readerByIds, readerByParent } from '../listing/loading.js';
import type { ReadByIds, ReadByParent } from '../listing/loading.js';
import { SemesterModel } from './model.js';
import type { Semester } from './schema.js';
import { SEMESTER_ORDER } from './service.js';

/** Semesters by id. One query. */
export const readSemestersByIds: ReadByIds<Semester> = readerByIds(SemesterModel);

/** The semesters of each branch the caller may see, by branch id, in list order. One query per branch. */
export const readSemestersByBranchIds: ReadByParent<Semester[]> = readerByParent(
  SemesterModel,
  'academic',
  { parent: 'branchId', sort: SEMESTER_ORDER },
);
