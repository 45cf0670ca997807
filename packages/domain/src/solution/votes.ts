// The votes of solutions: counts derived from the Vote documents (never stored counters) and
// the caller's own vote, both read by one key so the database answers them from an index.
import type { Types } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { mongoose } from '../db.js';
import { LOAD_BATCH_SIZE } from '../listing/loading.js';
import { toDto } from '../storage/serialize.js';
import { VoteModel } from './model.js';
import type { Solution, VoteValue } from './schema.js';

export interface VoteTally {
  upvotes: number;
  downvotes: number;
}

interface SolutionLike {
  _id: Types.ObjectId;
  createdAt?: Date | null;
}

/**
 * The votes to count: an equality on one key (a solution, a question or an offering), so the
 * database answers it from an index; `{}` counts every vote.
 */
export type VoteScope =
  | { solutionId: string | Types.ObjectId }
  | { questionId: string | Types.ObjectId }
  | { subjectOfferingId: string | Types.ObjectId }
  | Record<string, never>;

/**
 * Vote counts of the solutions in scope, derived from the Vote documents with one `$group` on
 * `{solutionId, value}` (FerretDB has no `$cond`, and counters on the solution would lose
 * concurrent updates). Solutions without votes are absent from the map.
 */
export async function tallyVotes(scope: VoteScope): Promise<Map<string, VoteTally>> {
  const tally = new Map<string, VoteTally>();
  const rows = await VoteModel.aggregate<{
    _id: { solutionId: Types.ObjectId; value: number };
    count: number;
  }>([
    // Aggregations are not cast by mongoose: the scope's ids become ObjectIds here.
    {
      $match: Object.fromEntries(
        Object.entries(scope).map(([k, v]) => [k, new mongoose.Types.ObjectId(String(v))]),
      ),
    },
    { $group: { _id: { solutionId: '$solutionId', value: '$value' }, count: { $sum: 1 } } },
  ]).option({ batchSize: LOAD_BATCH_SIZE });
  for (const row of rows) {
    const key = String(row._id.solutionId);
    const entry = tally.get(key) ?? { upvotes: 0, downvotes: 0 };
    if (row._id.value === 1) entry.upvotes += row.count;
    else if (row._id.value === -1) entry.downvotes += row.count;
    tally.set(key, entry);
  }
  return tally;
}

/** The caller's votes on the solutions in scope, in one query (empty for anonymous callers). */
export async function myVotes(
  actor: MaybeActor,
  scope: VoteScope,
): Promise<Map<string, VoteValue>> {
  const mine = new Map<string, VoteValue>();
  if (!actor) return mine;
  const votes = await VoteModel.find({ ...scope, userId: actor.id }, { solutionId: 1, value: 1 })
    .batchSize(LOAD_BATCH_SIZE)
    .lean();
  for (const vote of votes) mine.set(String(vote.solutionId), vote.value === -1 ? -1 : 1);
  return mine;
}

/** A lean solution with its counts and the caller's vote as the DTO. */
export function toSolution(
  doc: unknown,
  tally: VoteTally | undefined,
  myVote: VoteValue | undefined,
): Solution {
  const { id, questionId, paperId, subjectOfferingId, universityId, authorId, content } =
    toDto<Solution>(doc);
  const { createdAt, updatedAt } = toDto<Solution>(doc);
  const upvotes = tally?.upvotes ?? 0;
  const downvotes = tally?.downvotes ?? 0;
  return {
    id,
    questionId,
    paperId,
    subjectOfferingId,
    universityId,
    authorId,
    content,
    upvotes,
    downvotes,
    score: upvotes - downvotes,
    myVote: myVote ?? 0,
    createdAt,
    updatedAt,
  };
}

/** Adds counts and myVote to lean solutions of one scope: two queries whatever their number. */
export async function withVotes(
  actor: MaybeActor,
  docs: readonly SolutionLike[],
  scope: VoteScope,
): Promise<Solution[]> {
  const [tally, mine] = await Promise.all([tallyVotes(scope), myVotes(actor, scope)]);
  return docs.map((d) => toSolution(d, tally.get(String(d._id)), mine.get(String(d._id))));
}
