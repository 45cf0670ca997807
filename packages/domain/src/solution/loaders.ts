// Batch loads of solutions for the GraphQL gateway (see ../listing/loading.ts). A question's solutions
// are the solutions of its offering, filtered: per offering one query for the solutions, one
// vote aggregate and one read of the caller's votes, each an indexed equality.
import { alignMany, findByRootKeys, validIds } from '../listing/loading.js';
import { visibleFilter } from '../visibility.js';
import type { Viewer } from '../visibility.js';
import { SolutionModel } from './model.js';
import type { Solution } from './schema.js';
import { compareSolutions } from './service.js';
import { withVotes } from './votes.js';

function byScore(a: Solution, b: Solution): number {
  return compareSolutions(
    { score: a.score, createdAt: Date.parse(a.createdAt), id: a.id },
    { score: b.score, createdAt: Date.parse(b.createdAt), id: b.id },
  );
}

/** The visible solutions of each subject offering, best score first, with counts and myVote. */
export async function loadSolutionsBySubjectOfferingIds(
  viewer: Viewer,
  subjectOfferingIds: readonly string[],
): Promise<Solution[][]> {
  const filter = visibleFilter(viewer, 'solution');
  const lists = await Promise.all(
    validIds(subjectOfferingIds).map(async (subjectOfferingId) => {
      const docs = await findByRootKeys<{ _id: never }>(
        SolutionModel,
        'subjectOfferingId',
        [subjectOfferingId],
        filter,
        {},
      );
      return docs.length ? withVotes(viewer.actor, docs, { subjectOfferingId }) : [];
    }),
  );
  return alignMany(subjectOfferingIds, lists.flat().sort(byScore), (s) => s.subjectOfferingId);
}
