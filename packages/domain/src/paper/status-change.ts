// How a paper's status changes, whoever asks (an admin's review or an editor's submit): one
// change at a time, recorded in statusHistory, its questions' and solutions' copies following.
import { ConflictError, NotFoundError } from '../errors.js';
import type { Actor } from '../access.js';
import { runExclusive } from '../writing/concurrency.js';
import { copyToChildren } from '../writing/copies.js';
import { journaled } from '../writing/pending-writes.js';
import {
  isPublic,
  isUniversityActive,
  PUBLIC_PAPER_STATUS,
  syncPaperStatus,
} from '../visibility.js';
import { PaperModel } from './model.js';
import type { PaperStatus } from './schema.js';

/**
 * Makes every copy a paper's children keep of it (its year, status and visibility, on its
 * questions and their solutions) agree with the paper as stored now: the repair of a paper write
 * that stopped half-way (writing/pending-writes.ts). Idempotent.
 */
export async function repairPaperCopies(paperId: string): Promise<void> {
  const paper = await PaperModel.findById(paperId, { examYear: 1 }).lean();
  if (!paper) return;
  await copyToChildren(PaperModel, paperId, { examYear: paper.examYear });
  await settlePaperVisibility(paperId);
}

/**
 * Makes a paper's `visible` and its questions' and solutions' copies (with `paperStatus`) agree
 * with its status and its university, read now. Hides children before the paper and reveals them
 * after, so a change that stops half-way never shows more than the paper does. The university is
 * read again afterwards: a soft delete or restore that raced this write is followed until both
 * agree (the university's own rewrite, content-sweep.ts, covers writes it saw start).
 */
export async function settlePaperVisibility(paperId: unknown): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const paper = await PaperModel.findById(paperId, {
      status: 1,
      universityId: 1,
      visible: 1,
    }).lean<{ status: PaperStatus; universityId: unknown; visible?: boolean }>();
    if (!paper) return;
    const active = await isUniversityActive(paper.universityId);
    const visible = isPublic(paper.status, active);
    if (!visible) await syncPaperStatus(paperId, paper.status, false);
    if (paper.visible !== visible) {
      await PaperModel.updateOne({ _id: paperId, status: paper.status }, { $set: { visible } });
    }
    if (visible) await syncPaperStatus(paperId, paper.status, true);
    const now = await PaperModel.findById(paperId, { status: 1 }).lean();
    if (now?.status === paper.status && (await isUniversityActive(paper.universityId)) === active) {
      return;
    }
  }
  throw new ConflictError('The paper changed concurrently; try again');
}

/** The paper as a status change reads it before deciding. */
export interface PaperBeforeChange {
  status: PaperStatus;
  createdBy?: unknown;
}

export interface StatusChange {
  actor: Actor;
  paperId: string;
  to: PaperStatus;
  reason: string | null;
  /**
   * Decides on the paper as read (throws to refuse: not its owner, a status it may not leave,
   * an empty paper); `'unchanged'` answers the paper as it is and records nothing.
   */
  check: (paper: PaperBeforeChange) => Promise<'change' | 'unchanged'>;
}

/** Changes a paper's status, recorded in statusHistory: the lean paper after the change. */
export function changePaperStatus({ actor, paperId, to, reason, check }: StatusChange) {
  // One status change of a paper at a time in this process: FerretDB applies even $push as
  // read-then-write, so two changes at once would lose a history entry.
  const change = async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const current = await PaperModel.findById(paperId).lean();
      if (!current) throw new NotFoundError('Paper not found');
      if ((await check(current)) === 'unchanged') {
        // Nothing changes and nothing is recorded; the copies are settled again in case an
        // earlier change stopped half-way (settling is idempotent).
        await settlePaperVisibility(paperId);
        return current;
      }
      const entry = { from: current.status, to, by: actor.id, at: new Date(), reason };
      // Hide before the paper changes, reveal after (settlePaperVisibility): a change that stops
      // half-way never shows a question or solution the paper does not show.
      const hides = to !== PUBLIC_PAPER_STATUS;
      if (hides) await syncPaperStatus(paperId, to, false);
      // Conditional on the status just read, and appended with $push, never by rewriting the array.
      const updated = await PaperModel.findOneAndUpdate(
        { _id: paperId, status: current.status },
        {
          $set: { status: to, ...(hides ? { visible: false } : {}) },
          $push: { statusHistory: entry },
        },
        { returnDocument: 'after' },
      ).lean();
      // On success the copies follow the paper; when another process changed it first, they are
      // put back to what the paper says.
      await settlePaperVisibility(paperId);
      if (updated) return updated;
    }
    throw new ConflictError('The paper status changed concurrently; try again');
  };
  // Journalled: a change that stops between the paper and its children's copies is repaired.
  return runExclusive(paperId, () =>
    journaled({ kind: 'paper-copies', targetId: paperId }, change, () =>
      repairPaperCopies(paperId),
    ),
  );
}
