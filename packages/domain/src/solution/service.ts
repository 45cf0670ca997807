import type { Types } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { assertCan } from '../access.js';
import { objectId } from '../common-schemas.js';
import {
  ConflictError,
  ForbiddenError,
  invalidReference,
  isDuplicateKeyError,
  NotFoundError,
  parseInput,
} from '../errors.js';
import { emptyPage, paginationMeta, uncountedMeta } from '../listing/pagination.js';
import type { Page, SortSpec } from '../listing/pagination.js';
import { bulkhead } from '../writing/concurrency.js';
import { findByIds } from '../listing/loading.js';
import { deleteUnlessReferenced, insertUnderParent, readParent } from '../writing/references.js';
import { inheritedFrom } from '../writing/reference-table.js';
import { asCaller, callerViewFor, isVisible, readVisible, restrictFilter } from '../visibility.js';
import type { Caller, ReadById, CallerView } from '../visibility.js';
import type { PaperStatus } from '../paper/schema.js';
import { SOLUTION_READ_ORDER, SolutionModel, VoteModel } from './model.js';
import {
  createSolutionInput,
  listSolutionsQuery,
  updateSolutionInput,
  voteSolutionInput,
} from './schema.js';
import type { Solution } from './schema.js';
import { myVotes, tallyVotes, toSolution, withVotes } from './votes.js';
import type { VoteScope } from './votes.js';
import { documentId } from '../storage/document-id.js';

/** A solution's place in a list: its score and creation time (ms). */
interface Ranked {
  score: number;
  createdAt: number;
}

/** The default order of a solution list: best score first, then oldest first. */
const BY_SCORE: SortSpec = { score: -1, createdAt: 1 };

/**
 * Ranks solutions read in the database's order (SOLUTION_READ_ORDER, `createdAt` in the caller's
 * direction) by the caller's sort: a stable sort, so ties keep the database's order.
 */
function rank<T extends Ranked>(solutions: T[], spec: SortSpec): T[] {
  const fields = Object.entries(spec) as [keyof Ranked, 1 | -1][];
  return solutions.sort((a, b) => {
    for (const [field, direction] of fields) {
      const difference = (a[field] - b[field]) * direction;
      if (difference !== 0) return difference;
    }
    return 0;
  });
}

interface QuestionKeys {
  paperId: Types.ObjectId;
  subjectOfferingId: Types.ObjectId;
  universityId: Types.ObjectId;
  paperStatus: PaperStatus;
  visible?: boolean;
}

/** The question a solution hangs from, when it exists and the viewer may see it. */
async function readVisibleQuestion(
  viewer: CallerView,
  questionId: string,
): Promise<QuestionKeys | null> {
  const question = await readParent<QuestionKeys>(SolutionModel, 'questionId', questionId, {
    paperId: 1,
    subjectOfferingId: 1,
    universityId: 1,
    paperStatus: 1,
    visible: 1,
  });
  return question && isVisible(viewer, 'question', question) ? question : null;
}

/** Lists the solutions the caller may see, best score first, with counts and myVote. */
export async function listSolutions({
  actor,
  query,
}: {
  actor: Caller;
  query?: unknown;
}): Promise<Page<Solution>> {
  const q = parseInput(listSolutionsQuery, query ?? {});
  const caller = asCaller(actor);
  const viewer = await caller.view();
  const wanted: Record<string, unknown> = {};
  if (q.questionId) {
    if (!(await readVisibleQuestion(viewer, q.questionId))) {
      return emptyPage(q);
    }
    wanted.questionId = q.questionId;
  }
  const filter = restrictFilter(viewer, 'solution', wanted);
  if (!filter) return emptyPage(q);
  // The order depends on scores derived from Vote documents, which the database cannot sort
  // solutions by (no $lookup on FerretDB). So: load the matching solutions' ids and dates in the
  // database's order, count their votes with one aggregate, rank by score and page in memory, then
  // load the page's documents.
  const spec = q.sort ?? BY_SCORE;
  const light = await SolutionModel.find(filter, { _id: 1, createdAt: 1 })
    .sort({ ...SOLUTION_READ_ORDER, createdAt: spec.createdAt ?? 1 })
    .lean();
  const scope: VoteScope = q.questionId ? { questionId: q.questionId } : {};
  const tally = await tallyVotes(scope);
  const ranked = rank(
    light.map((s) => {
      const t = tally.get(String(s._id));
      return {
        _id: s._id,
        score: (t?.upvotes ?? 0) - (t?.downvotes ?? 0),
        createdAt: s.createdAt ? s.createdAt.getTime() : 0,
      };
    }),
    spec,
  );
  const pageIds = ranked.slice((q.page - 1) * q.limit, q.page * q.limit).map((s) => s._id);
  const [docs, mine] = await Promise.all([
    findByIds<{ _id: unknown }>(SolutionModel, pageIds),
    myVotes(caller.actor, scope),
  ]);
  const byId = new Map(docs.map((d) => [String(d._id), d]));
  const items = pageIds.flatMap((id) => {
    const doc = byId.get(String(id));
    return doc ? [toSolution(doc, tally.get(String(id)), mine.get(String(id)))] : [];
  });
  const pagination =
    q.includeTotal === false
      ? uncountedMeta(q.page, q.limit, ranked.length > q.page * q.limit)
      : paginationMeta(q.page, q.limit, ranked.length);
  return { items, pagination };
}

async function findVisibleSolution(actor: Caller, solutionId: string) {
  const { doc } = await readVisible(
    actor,
    'solution',
    () => SolutionModel.findById(solutionId).lean(),
    () => new NotFoundError('Solution not found'),
  );
  return doc;
}

/** Reads one solution with its counts and the caller's vote (404 when its question is hidden). */
export async function getSolutionById({ actor, id }: ReadById): Promise<Solution> {
  const solutionId = parseInput(objectId, id, 'id');
  const caller = asCaller(actor);
  const solution = await findVisibleSolution(caller, solutionId);
  const [result] = await withVotes(caller.actor, [solution], { solutionId: solution._id });
  return result!;
}

/** Adds a solution to a question the caller can see (any active user); the caller is the author. */
export async function createSolution({
  actor,
  input,
  id,
}: {
  actor: MaybeActor;
  input: unknown;
  /** The new resource's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
}): Promise<Solution> {
  assertCan(actor, 'solution:create');
  const data = parseInput(createSolutionInput, input);
  const question = await readVisibleQuestion(await callerViewFor(actor), data.questionId);
  if (!question) throw invalidReference('questionId', 'question not found');
  const doc = await insertUnderParent({
    child: SolutionModel,
    field: 'questionId',
    parentId: data.questionId,
    // The paper's status and visibility may change while we insert: the copies are checked again.
    insert: async () =>
      (
        await SolutionModel.create({
          _id: documentId(id),
          questionId: data.questionId,
          ...inheritedFrom(SolutionModel, 'questionId', question),
          authorId: actor.id,
          content: data.content,
        })
      ).toObject(),
  });
  return toSolution(doc, undefined, undefined);
}

/** Changes the content of a solution: its author only (403 for anyone else). */
export async function updateSolution({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
}): Promise<Solution> {
  assertCan(actor, 'solution:create');
  const solutionId = parseInput(objectId, id, 'id');
  const { content } = parseInput(updateSolutionInput, input);
  const solution = await findVisibleSolution(actor, solutionId);
  if (String(solution.authorId) !== actor.id) {
    throw new ForbiddenError('Only the author may edit a solution');
  }
  const updated = await SolutionModel.findByIdAndUpdate(
    solutionId,
    { $set: { content } },
    { returnDocument: 'after', runValidators: true },
  ).lean();
  if (!updated) throw new NotFoundError('Solution not found');
  const [result] = await withVotes(actor, [updated], { solutionId: updated._id });
  return result!;
}

/** Deletes a solution and its votes: its author or an admin (403 for anyone else). */
export async function deleteSolution({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<void> {
  assertCan(actor, 'solution:create');
  const solutionId = parseInput(objectId, id, 'id');
  const solution = await findVisibleSolution(actor, solutionId);
  if (String(solution.authorId) !== actor.id && actor.role !== 'admin') {
    throw new ForbiddenError('Only the author or an admin may delete a solution');
  }
  await deleteUnlessReferenced({ model: SolutionModel, id: solutionId, label: 'Solution' });
}

/** At most this many vote writes of this process are in flight at once. */
export const MAX_CONCURRENT_VOTES = 16;

/**
 * A bulkhead for vote bursts. FerretDB runs few statements at a time, so a burst of votes on a
 * popular solution would occupy every pooled connection and push other requests' statements
 * past the socket timeout. Excess votes wait in memory instead. Correctness never depends on
 * it: the unique (solutionId, userId) index arbitrates between concurrent votes.
 */
const withVoteSlot = bulkhead(MAX_CONCURRENT_VOTES);

/**
 * Records the caller's vote. The unique (solutionId, userId) index is the only arbiter: insert,
 * and when the insert loses to an existing vote, set that vote's value. An update that finds
 * nothing (the vote was withdrawn meanwhile) tries the insert again.
 */
async function castVote(
  solution: { _id: Types.ObjectId; questionId: Types.ObjectId; subjectOfferingId: Types.ObjectId },
  userId: string,
  value: 1 | -1,
): Promise<void> {
  const solutionId = solution._id;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      await VoteModel.create({
        solutionId,
        ...inheritedFrom(VoteModel, 'solutionId', solution),
        userId,
        value,
      });
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
    else await castVote(solution, actor.id, value);
    // myVote is the value this request just recorded, so only the counts are read back: each
    // read of the votes collection is a full scan on FerretDB, and votes arrive in bursts.
    const tally = await tallyVotes({ solutionId: solution._id });
    return toSolution(solution, tally.get(String(solution._id)), value);
  });
}
