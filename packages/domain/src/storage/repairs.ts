// The repair of writes left half done (docs/decisions/0009-whole-writes.md): what a failure or
// a stop between a write's first step and its last leaves behind, completed from what is stored
// now. Each repair is idempotent. They run at start and then periodically in every instance
// (startRepairSweeper), leaving alone the writes younger than a grace, which may still be under
// way in another process.
import { repairBranchCopies } from '../branch/service.js';
import { repairPaperCopies } from '../paper/status-change.js';
import { completePaperFromPdf } from '../paper-file/from-pdf.js';
import { repairTermCounts } from '../search/backfill.js';
import { sweepCreates } from '../search/create-sweep.js';
import { repairSearchEntries } from '../search/entry-backfill.js';
import { resumeContentSweeps } from '../university/content-sweep.js';
import { resumeNameKeys } from '../university/name-keys.js';
import { clearPendingWrite, pendingWrites } from '../writing/pending-writes.js';
import type { PendingWriteKind } from '../writing/pending-writes.js';

const REPAIRS: Record<PendingWriteKind, (targetId: string) => Promise<void>> = {
  'paper-copies': repairPaperCopies,
  'branch-copies': repairBranchCopies,
  'paper-from-pdf': completePaperFromPdf,
  'search-entries': repairSearchEntries,
};

/** What one pass repaired. */
export interface RepairReport {
  /** Universities whose name key rows were rewritten. */
  nameKeys: number;
  /** Journalled writes (copies) completed. */
  copies: number;
  /** Questions created without their entry (a crash between the two), whose entry was written. */
  creates: number;
  /** Whether the search term counts were recounted. */
  termCounts: boolean;
  /** Universities whose content rewrite was resumed. */
  contentSweeps: number;
}

/** Default grace: well past the driver's socket timeout, so no write it spares is still running. */
export const REPAIR_GRACE_MS = 60_000;

/** Repairs every write left half done more than `graceMs` ago. */
export async function repairHalfWrites(graceMs = REPAIR_GRACE_MS): Promise<RepairReport> {
  const nameKeys = await resumeNameKeys(graceMs);
  let copies = 0;
  for (const row of await pendingWrites(graceMs)) {
    await REPAIRS[row.kind](row.targetId);
    await clearPendingWrite(row._id);
    copies += 1;
  }
  const creates = await sweepCreates(graceMs);
  const termCounts = await repairTermCounts();
  const contentSweeps = await resumeContentSweeps();
  return { nameKeys, copies, creates, termCounts, contentSweeps };
}

/**
 * Runs repairHalfWrites now and every `intervalMs` (one minute) until `stop`; a pass that fails
 * (the database away) is reported to `onError` and tried again at the next tick.
 */
export function startRepairSweeper(options: {
  intervalMs?: number;
  graceMs?: number;
  onRepaired?: (report: RepairReport) => void;
  onError?: (error: unknown) => void;
}): { stop: () => void } {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = repairHalfWrites(options.graceMs)
      .then((report) => options.onRepaired?.(report))
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
