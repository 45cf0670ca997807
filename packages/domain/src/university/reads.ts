// Batch reads of universities, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { readerByIds } from '../listing/loading.js';
import type { ReadByIds } from '../listing/loading.js';
import { UniversityModel } from './model.js';
import type { University } from './schema.js';
import { toUniversity } from './service.js';

/** Universities by id, soft-deleted ones included (what references them still points at them). One query. */
export const readUniversitiesByIds: ReadByIds<University> = readerByIds(
  UniversityModel,
  toUniversity,
);
