// Batch reads of solutions, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts). A
// question's solutions are its share of its offering's: per offering one query for the
// solutions, one vote aggregate and one read of the caller's votes, each an indexed equality.
import { findByRootKeys, groupBy, validIds } from '../listing/loading.js';
import { asCaller } from '../visibility.js';
import type { ActorOrCaller } from '../visibility.js';
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

/**
 * The solutions of each subject offering the caller may see, by offering id, then by question id,
 * best score first, with counts and myVote.
 */
export async function readSolutionsBySubjectOfferingIds(
  actor: ActorOrCaller,
  subjectOfferingIds: readonly string[],
): Promise<Map<string, Map<string, Solution[]>>> {
  const caller = asCaller(actor);
  const viewer = await caller.viewer();
  const lists = await Promise.all(
    validIds(subjectOfferingIds).map(async (subjectOfferingId) => {
      const docs = await findByRootKeys<{ _id: never }>(
        SolutionModel,
        viewer,
        'solution',
        'subjectOfferingId',
        [subjectOfferingId],
        {},
      );
      const solutions = docs.length
        ? await withVotes(caller.actor, docs, { subjectOfferingId })
        : [];
      const byQuestion = groupBy(solutions.sort(byScore), (s) => s.questionId);
      return [subjectOfferingId, byQuestion] as const;
    }),
  );
  return new Map(lists.filter(([, byQuestion]) => byQuestion.size > 0));
}
