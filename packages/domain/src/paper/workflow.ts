// A paper's way to review: its editor sends it (`submitPaper`: draft or rejected to pending), an
// admin decides (`setPaperStatus`). Every rule of who may move a paper where lives here.
import { assertCan } from '../access.js';
import type { Actor, MaybeActor } from '../access.js';
import { objectId } from '../common-schemas.js';
import { ConflictError, ForbiddenError, PaperEmptyError, parseInput } from '../errors.js';
import { paperHasQuestions } from '../question/queries.js';
import { PUBLIC_PAPER_STATUS } from '../visibility.js';
import { withPaperCount } from './counts.js';
import { toPaper } from './dto.js';
import { changePaperStatus } from './status-change.js';
import type { PaperBeforeChange } from './status-change.js';
import { setPaperStatusInput, submitPaperInput } from './schema.js';
import type { Paper, PaperStatus } from './schema.js';

/** The statuses an editor sends a paper for review from. */
export const SUBMITTABLE_STATUSES: readonly PaperStatus[] = ['draft', 'rejected'];

/**
 * Throws 403 unless the actor may act on this paper as its owner: the editor who created it, or
 * an admin. A paper whose creator was not recorded (made before it was) is the admins' only.
 */
export function assertOwnsPaper(actor: Actor, paper: { createdBy?: unknown }): void {
  if (actor.role === 'admin') return;
  const owner =
    paper.createdBy === null || paper.createdBy === undefined ? null : String(paper.createdBy);
  if (owner !== actor.id) {
    throw new ForbiddenError('Only the editor who created this paper, or an admin, may submit it');
  }
}

/**
 * Sets a paper's status (admins only) and records the change in statusHistory. Approving a
 * paper without questions is 409 PAPER_EMPTY unless `force` is true.
 */
export async function setPaperStatus({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
}): Promise<Paper> {
  assertCan(actor, 'paper:set-status');
  const paperId = parseInput(objectId, id, 'id');
  const data = parseInput(setPaperStatusInput, input);
  const paper = await changePaperStatus({
    actor,
    paperId,
    to: data.status,
    reason: data.reason ?? null,
    check: async (current: PaperBeforeChange) => {
      if (current.status === data.status) return 'unchanged';
      if (data.status === PUBLIC_PAPER_STATUS && !data.force && !(await paperHasQuestions(paperId)))
        throw new PaperEmptyError();
      return 'change';
    },
  });
  return withPaperCount(actor, toPaper(paper, actor));
}

/**
 * Sends a paper for review (its creator, an editor, or an admin): a draft or rejected paper
 * becomes pending, the note kept as the change's reason. From pending or approved: 409.
 */
export async function submitPaper({
  actor,
  id,
  input,
}: {
  actor: MaybeActor;
  id: string;
  input?: unknown;
}): Promise<Paper> {
  assertCan(actor, 'paper:submit');
  const paperId = parseInput(objectId, id, 'id');
  const data = parseInput(submitPaperInput, input ?? {});
  const paper = await changePaperStatus({
    actor,
    paperId,
    to: 'pending',
    reason: data.note ?? null,
    check: async (current: PaperBeforeChange) => {
      assertOwnsPaper(actor, current);
      if (!SUBMITTABLE_STATUSES.includes(current.status)) {
        throw new ConflictError(
          `A ${current.status} paper cannot be submitted; only a draft or rejected one`,
        );
      }
      return 'change';
    },
  });
  return withPaperCount(actor, toPaper(paper, actor));
}
