// Batch reads of subject offerings, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { readerByIds } from '../listing/loading.js';
import type { ReadByIds } from '../listing/loading.js';
import { SubjectOfferingModel } from './model.js';
import type { SubjectOffering } from './schema.js';

/** Subject offerings by id. One query. */
export const readSubjectOfferingsByIds: ReadByIds<SubjectOffering> =
  readerByIds(SubjectOfferingModel);
