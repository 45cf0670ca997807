// Batch loads of subjects for the GraphQL gateway (see ../listing/loading.ts).
import { alignOne, findByIds, validIds } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import { SubjectModel } from './model.js';
import type { Subject } from './schema.js';

/** Subjects by id. One query. */
export async function loadSubjectsByIds(ids: readonly string[]): Promise<(Subject | null)[]> {
  const docs = await findByIds<unknown>(SubjectModel, validIds(ids));
  return alignOne(
    ids,
    docs.map((d) => toDto<Subject>(d)),
    (s) => s.id,
  );
}
