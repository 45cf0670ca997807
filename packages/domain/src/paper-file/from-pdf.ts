// A paper straight from its PDF (`POST /papers/from-pdf`): the file is stored and checked first,
// its first page gives the sitting the query leaves out, and only then is the paper made, holding
// the file from its insert on, with its drafts started. A refusal before the insert (a duplicate,
// a sitting not found, not a PDF) makes no paper; a failure after it takes the paper back out.
// The insert and the drafts' start are journalled (decision 9): a stop between them is completed
// by the repair pass, which starts the drafts of the paper as stored.
import type { Readable } from 'node:stream';
import { Types } from 'mongoose';
import { assertCan } from '../access.js';
import type { MaybeActor } from '../access.js';
import { ensurePaperDrafts, discardPaperDrafts, startPaperDrafts } from '../drafts/compute.js';
import { sittingOnFirstPage } from '../drafts/first-page.js';
import { parseInput, SittingNotFoundError, ValidationError } from '../errors.js';
import {
  deletePaperMadeFromFile,
  findPaperFileHolders,
  readPaperFileHolder,
} from '../paper/file-record.js';
import { createPaperFromPdfQuery } from '../paper/schema.js';
import type { Paper } from '../paper/schema.js';
import { createPaper, getPaperById, requirePaperOffering } from '../paper/service.js';
import { documentId } from '../storage/document-id.js';
import { journaled } from '../writing/pending-writes.js';
import { tooLargeError } from './inspect.js';
import { withPaperLease } from './lease.js';
import { beginFileOperation, settleAbandonedOperations } from './operations.js';
import { readStoredPdf } from './read-stored.js';
import { duplicateOf, storeBody } from './service.js';

/** The sitting from the query, else from the first page; 422 naming what neither gives. */
function sittingOf(
  given: { examYear?: number | undefined; examType?: Paper['examType'] | undefined },
  read: ReturnType<typeof sittingOnFirstPage>,
) {
  const examYear = given.examYear ?? read.examYear;
  const examType = given.examType ?? read.examType;
  if (examYear === null || examType === null) {
    throw new SittingNotFoundError([
      ...(examYear === null ? ['examYear'] : []),
      ...(examType === null ? ['examType'] : []),
    ]);
  }
  return { examYear, examType };
}

/**
 * Creates a paper from its PDF (editors and admins): the body follows the upload's rules (415,
 * 413); the exam year and type come from the query or the first page (422 SITTING_NOT_FOUND
 * naming the missing ones); a file another paper holds is 409 naming it. Nothing is made unless
 * all of it is: the paper, its file and its drafts (pending, read in the background).
 */
export async function createPaperFromPdf({
  actor,
  query,
  body,
  maxBytes,
  declaredLength,
  id,
}: {
  actor: MaybeActor;
  query: unknown;
  body: Readable;
  maxBytes: number;
  declaredLength?: number | undefined;
  /** The new paper's id, reserved with an idempotency key; a fresh one when absent. */
  id?: string;
}): Promise<Paper> {
  assertCan(actor, 'catalog:write');
  const input = parseInput(createPaperFromPdfQuery, query);
  if (declaredLength !== undefined && declaredLength > maxBytes) throw tooLargeError(maxBytes);
  await requirePaperOffering(input.subjectOfferingId);
  await settleAbandonedOperations().catch(() => undefined);
  const paperId = documentId(id);
  const fileId = new Types.ObjectId();
  // Until the paper holds the file, the operation's settle deletes it: a refusal keeps nothing.
  const op = await beginFileOperation(paperId, [fileId]);
  try {
    const holder = { _id: paperId, slug: paperId.toHexString() };
    const { size, sha256 } = await storeBody({ body, fileId, paper: holder, maxBytes });
    const [other] = await findPaperFileHolders(sha256);
    if (other) throw duplicateOf(other.slug);
    const content = await readStoredPdf(fileId, size);
    if (!content) throw new ValidationError('The upload was removed before it was attached');
    const { examYear, examType } = sittingOf(input, sittingOnFirstPage(content));
    const file = { fileId, size, sha256, uploadedAt: new Date() };
    const paperInput = { subjectOfferingId: input.subjectOfferingId, examYear, examType };
    return await journaled(
      { kind: 'paper-from-pdf', targetId: paperId.toHexString() },
      async () => {
        await createPaper({
          actor,
          input: input.status ? { ...paperInput, status: input.status } : paperInput,
          id: paperId.toHexString(),
          file,
        });
        return withPaperLease(paperId, async () => {
          // Two papers made at once from one file can both pass the check above: each looks
          // again once made and gives way to any other (both may; never do both keep it).
          const rival = (await findPaperFileHolders(sha256)).find((p) => !p._id.equals(paperId));
          if (rival) throw duplicateOf(rival.slug);
          await startPaperDrafts(paperId, fileId, content);
          return getPaperById({ actor, id: paperId.toHexString() });
        });
      },
      () => undoPaperFromPdf(paperId),
    );
  } finally {
    await op.finish();
  }
}

/** The paper and its drafts taken back out (its file goes when the operation settles). */
async function undoPaperFromPdf(paperId: Types.ObjectId): Promise<void> {
  await withPaperLease(paperId, async () => {
    await deletePaperMadeFromFile(paperId);
    await discardPaperDrafts(paperId);
  });
}

/**
 * The repair of a paper made from its PDF that stopped before its drafts started (a crash, a
 * database gone): the paper as stored gets its drafts. It is completed rather than removed, as
 * a retry with the same Idempotency-Key may already have answered it. Idempotent.
 */
export async function completePaperFromPdf(targetId: string): Promise<void> {
  const paperId = new Types.ObjectId(targetId);
  await withPaperLease(paperId, async () => {
    const paper = await readPaperFileHolder(paperId);
    if (!paper?.file) return;
    const content = await readStoredPdf(paper.file.fileId, paper.file.size);
    if (content) await ensurePaperDrafts(paperId, paper.file.fileId, content);
  });
}
