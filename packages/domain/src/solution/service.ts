import type { Types } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import { objectId } from '../common-schemas.js';
import { LOAD_BATCH_SIZE } from '../db.js';
import {
  ConflictError,
  ForbiddenError,
  invalidReference,
  isDuplicateKeyError,
  NotFoundError,
  parseInput,
} from '../errors.js';
import { paginationMeta } from '../pagination.js';
import type { Page } from '../pagination.js';
import { canSeeUnapproved } from '../paper/service.js';
import { QuestionModel } from '../question/model.js';
import { canSeeQuestionOfPaper, visiblePaperIds } from '../question/service.js';
import { toDto } from '../serialize.js';
import { SolutionModel, VoteModel } from './model.js';
import { createSolutionInput, listSolutionsQuery, voteSolutionInput } from './schema.js';
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
 * Vote counts of the given solutions, derived from the Vote documents with one `$group` on
 * `{solutionId, value}` (FerretDB has no `$cond`, and counters on the solution would lose
 * concurrent updates). Solutions without votes are absent from the map.
 */
export async function tallyVotes(
  solutionIds: readonly Types.ObjectId[],
): Promise<Map<string, VoteTally>> {
  const tally = new Map<string, VoteTally>();
  if (solutionIds.length === 0) return tally;
  const rows = await VoteModel.aggregate<{
    _id: { solutionId: Types.ObjectId; value: number };
    count: number;
  }>([
    { $match: { solutionId: { $in: [...solutionIds] } } },
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

/** The caller's votes on the given solutions, in one query (empty for anonymous callers). */
export async function myVotes(
  actor: MaybeActor,
  solutionIds: readonly Types.ObjectId[],
): Promise<Map<string, VoteValue>> {
  const mine = new Map<string, VoteValue>();
  if (!actor || solutionIds.length === 0) return mine;
  const votes = await VoteModel.find(
    { userId: actor.id, solutionId: { $in: [...solutionIds] } },
    { solutionId: 1, value: 1 },
  )
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
  const { id, questionId, authorId, content, createdAt, updatedAt } = toDto<Solution>(doc);
  const upvotes = tally?.upvotes ?? 0;
  const downvotes = tally?.downvotes ?? 0;
  return {
    id,
    questionId,
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

/** Adds counts and myVote to lean solutions: two queries whatever their number. */
export async function withVotes(
  actor: MaybeActor,
  docs: readonly SolutionLike[],
): Promise<Solution[]> {
  const ids = docs.map((d) => d._id);
  const [tally, mine] = await Promise.all([tallyVotes(ids), myVotes(actor, ids)]);
  return docs.map((d) => toSolution(d, tally.get(String(d._id)), mine.get(String(d._id))));
}

/** Score desc, then createdAt asc, then `_id` asc: the order of every solution list. */
export function compareSolutions(
  a: { score: number; createdAt: number; id: string },
  b: { score: number; createdAt: number; id: string },
): number {
  return b.score - a.score || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The ids of the questions the caller may see, or null for all (editors and admins): two queries. */
async function visibleQuestionFilter(actor: MaybeActor): Promise<Types.ObjectId[] | null> {
  const papers = await visiblePaperIds(actor);
  if (!papers) return null;
  return (await QuestionModel.distinct('_id', { paperId: { $in: papers } })) as Types.ObjectId[];
}

/** Lists the solutions the caller may see, best score first, with counts and myVote. */
export async function listSolutions({
  actor,
  query,
}: {
  actor: MaybeActor;
  query?: unknown;
}): Promise<Page<Solution>> {
  const q = parseInput(listSolutionsQuery, query ?? {});
  const filter: Record<string, unknown> = {};
  if (q.questionId) {
    const question = await QuestionModel.findById(q.questionId, { paperId: 1 }).lean();
    const isVisible = question ? await canSeeQuestionOfPaper(actor, question.paperId) : false;
    if (!isVisible) return { items: [], pagination: paginationMeta(q.page, q.limit, 0) };
    filter.questionId = q.questionId;
  } else {
    const visible = await visibleQuestionFilter(actor);
    if (visible) filter.questionId = { $in: visible };
  }
  // The order depends on scores derived from Vote documents, which the database cannot sort
  // solutions by (no $lookup on FerretDB). So: load the matching solutions' ids and dates, count
  // their votes with one aggregate, sort and page in memory, then load the page's documents.
  const light = await SolutionModel.find(filter, { _id: 1, createdAt: 1 }).lean();
  const tally = await tallyVotes(light.map((s) => s._id));
  const ranked = light
    .map((s) => {
      const t = tally.get(String(s._id));
      return {
        _id: s._id,
        id: String(s._id),
        score: (t?.upvotes ?? 0) - (t?.downvotes ?? 0),
        createdAt: s.createdAt ? new Date(s.createdAt).getTime() : 0,
      };
    })
    .sort(compareSolutions);
  const pageIds = ranked.slice((q.page - 1) * q.limit, q.page * q.limit).map((s) => s._id);
  const [docs, mine] = await Promise.all([
    pageIds.length ? SolutionModel.find({ _id: { $in: pageIds } }).lean() : [],
    myVotes(actor, pageIds),
  ]);
  const byId = new Map(docs.map((d) => [String(d._id), d]));
  const items = pageIds.flatMap((id) => {
    const doc = byId.get(String(id));
    return doc ? [toSolution(doc, tally.get(String(id)), mine.get(String(id)))] : [];
  });
  return { items, pagination: paginationMeta(q.page, q.limit, ranked.length) };
}

async function findVisibleSolution(actor: MaybeActor, solutionId: string) {
  const solution = await SolutionModel.findById(solutionId).lean();
  if (!solution) throw new NotFoundError('Solution not found');
  if (!canSeeUnapproved(actor)) {
    const question = await QuestionModel.findById(solution.questionId, { paperId: 1 }).lean();
    if (!question || !(await canSeeQuestionOfPaper(actor, question.paperId))) {
      throw new NotFoundError('Solution not found');
    }
  }
  return solution;
}

/** Reads one solution with its counts and the caller's vote (404 when its question is hidden). */
export async function getSolutionById({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<Solution> {
  const solutionId = parseInput(objectId, id, 'id');
  const solution = await findVisibleSolution(actor, solutionId);
  const [result] = await withVotes(actor, [solution]);
  return result!;
}

/** Adds a solution to a question the caller can see (any active user); the caller is the author. */
export async function createSolution({
  actor,
  input,
}: {
  actor: MaybeActor;
  input: unknown;
}): Promise<Solution> {
  assertCan(actor, 'solution:create');
  const data = parseInput(createSolutionInput, input);
  const question = await QuestionModel.findById(data.questionId, { paperId: 1 }).lean();
  if (!question || !(await canSeeQuestionOfPaper(actor, question.paperId))) {
    throw invalidReference('questionId', 'question not found');
  }
  const doc = await SolutionModel.create({
    questionId: data.questionId,
    authorId: actor.id,
    content: data.content,
  });
  // No transactions: if the question was deleted while we inserted, take the solution back out.
  if (!(await QuestionModel.exists({ _id: data.questionId }))) {
    await SolutionModel.deleteOne({ _id: doc._id });
    throw invalidReference('questionId', 'question not found');
  }
  return toSolution(doc.toObject(), undefined, undefined);
}

/** At most this many vote writes of this process are in flight at once. */
export const MAX_CONCURRENT_VOTES = 16;
let votesInFlight = 0;
const waitingVotes: (() => void)[] = [];

/**
 * A bulkhead for vote bursts. FerretDB runs one statement at a time, so a burst of votes on a
 * popular solution would occupy every pooled connection and push other requests' statements
 * past the socket timeout. Excess votes wait here, in memory, instead. Correctness never depends
 * on it: the unique (solutionId, userId) index arbitrates between concurrent votes.
 */
async function withVoteSlot<T>(task: () => Promise<T>): Promise<T> {
  if (votesInFlight >= MAX_CONCURRENT_VOTES) {
    await new Promise<void>((resolve) => waitingVotes.push(resolve));
  } else {
    votesInFlight += 1;
  }
  try {
    return await task();
  } finally {
    // Hand the slot straight to the next waiter, or give it back.
    const next = waitingVotes.shift();
    if (next) next();
    else votesInFlight -= 1;
  }
}

/**
 * Records the caller's vote. The unique (solutionId, userId) index is the only arbiter: insert,
 * and when the insert loses to an existing vote, set that vote's value. An update that finds
 * nothing (the vote was withdrawn meanwhile) tries the insert again.
 */
async function castVote(solutionId: string, userId: string, value: 1 | -1): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      await VoteModel.create({ solutionId, userId, value });
      return;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const result = await VoteModel.updateOne({ solutionId, userId }, { $set: { value } });
    if (result.matchedCount > 0) return;
  }
  throw new ConflictError('The vote could not be recorded; try again');
}

/** Votes 1 or -1 on a solution, or withdraws with 0 (any active user, never on their own solution). */
export async function voteSolution({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
}): Promise<Solution> {
  assertCan(actor, 'solution:vote');
  const solutionId = parseInput(objectId, id, 'id');
  const { value } = parseInput(voteSolutionInput, input);
  const solution = await findVisibleSolution(actor, solutionId);
  if (String(solution.authorId) === actor.id) {
    throw new ForbiddenError('You cannot vote on your own solution');
  }
  return withVoteSlot(async () => {
    if (value === 0) await VoteModel.deleteOne({ solutionId, userId: actor.id });
    else await castVote(solutionId, actor.id, value);
    // myVote is the value this request just recorded, so only the counts are read back: each
    // read of the votes collection is a full scan on FerretDB, and votes arrive in bursts.
    const tally = await tallyVotes([solution._id]);
    return toSolution(solution, tally.get(String(solution._id)), value);
  });
}
