// Batch reads of subjects, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts).
import { byId, findByIds, validIds } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import { SubjectModel } from './model.js';
import type { Subject } from './schema.js';

/** Subjects by id. One query. */
export async function readSubjectsByIds(ids: readonly string[]): Promise<Map<string, Subject>> {
  const docs = await findByIds<unknown>(SubjectModel, validIds(ids));
  return byId(docs.map((d) => toDto<Subject>(d)));
}
