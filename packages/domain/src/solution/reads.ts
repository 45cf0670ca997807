// Batch reads of solutions, for the GraphQL gateway's DataLoaders (see ../listing/loading.ts). A
// question's solutions are its share of its offering's: per offering one query for the
// solutions, one vote aggregate and one read of the caller's votes, each an indexed equality.
import { findByRootKeys, groupBy, validIds } from '../listing/loading.js';
import { asCaller } from '../visibility.js';
import type { Caller } from '../visibility.js';
import { SOLUTION_READ_ORDER, SolutionModel } from './model.js';
import type { Solution } from './schema.js';
import { withVotes } from './votes.js';

/**
 * The solutions of each subject offering the caller may see, by offering id, then by question id,
 * best score first, with counts and myVote.
 */
export async function readSolutionsBySubjectOfferingIds(
  actor: Caller,
  subjectOfferingIds: readonly string[],
): Promise<Map<string, Map<string, Solution[]>>> {
  const caller = asCaller(actor);
  const viewer = await caller.view();
  const lists = await Promise.all(
    validIds(subjectOfferingIds).map(async (subjectOfferingId) => {
      const docs = await findByRootKeys<{ _id: never }>(
        SolutionModel,
        viewer,
        'solution',
        'subjectOfferingId',
        [subjectOfferingId],
        SOLUTION_READ_ORDER,
      );
      const solutions = docs.length
        ? await withVotes(caller.actor, docs, { subjectOfferingId })
        : [];
      // Read oldest first; a stable sort by score keeps that order between equal scores.
      const byScore = solutions.sort((a, b) => b.score - a.score);
      const byQuestion = groupBy(byScore, (s) => s.questionId);
      return [subjectOfferingId, byQuestion] as const;
    }),
  );
  return new Map(lists.filter(([, byQuestion]) => byQuestion.size > 0));
}
