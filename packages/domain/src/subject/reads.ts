// Batch reads of subjects, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { readerByIds } from '../listing/loading.js';
import type { ReadByIds } from '../listing/loading.js';
import { SubjectModel } from './model.js';
import type { Subject } from './schema.js';

/** Subjects by id. One query. */
export const readSubjectsByIds: ReadByIds<Subject> = readerByIds(SubjectModel);
