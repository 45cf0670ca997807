import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Types } from 'mongoose';
import { assertCan } from '../access.js';
import type { ReadById } from '../visibility.js';
import type { MaybeActor } from '../access.js';
import { objectId } from '../common-schemas.js';
import {
  ConflictError,
  DomainError,
  mapDatabaseError,
  NotFoundError,
  parseInput,
  ValidationError,
} from '../errors.js';
import {
  findPaperFileHolders,
  readPaperFileHolder,
  restorePaperFile,
  setPaperFile,
} from '../paper/file-record.js';
import type { PaperFileHolder, StoredPaperFile } from '../paper/file-record.js';
import type { Paper } from '../paper/schema.js';
import { getPaperById } from '../paper/service.js';
import { PdfInspector, tooLargeError } from './inspect.js';
import { beginFileOperation, settleAbandonedOperations } from './operations.js';
import { readStoredPdf } from './read-stored.js';
import { discardPaperDrafts, ensurePaperDrafts, startPaperDrafts } from '../drafts/compute.js';
import { withPaperLease } from './lease.js';
import type { ByteRange } from './schema.js';
import { openStoredFile, StoredFileWriter } from './storage.js';

const noFile = () => new NotFoundError('This paper has no file');
const paperNotFound = () => new NotFoundError('Paper not found');

/** 409 naming the paper that already holds the same file. */
export function duplicateOf(slug: string): ConflictError {
  return new ConflictError(`The same file is already attached to paper "${slug}"`, [
    { path: 'file', message: `same SHA-256 as the file of paper ${slug}` },
  ]);
}

/** Streams the body through the checks into a new GridFS file; resolves with its size and hash. */
export async function storeBody(options: {
  body: Readable;
  fileId: Types.ObjectId;
  paper: PaperFileHolder;
  maxBytes: number;
}): Promise<{ size: number; sha256: string }> {
  const inspector = new PdfInspector(options.maxBytes);
  const writer = new StoredFileWriter(
    options.fileId,
    `${options.paper.slug}.pdf`,
    options.paper._id,
  );
  // Which stream failed first: the body (the client went away) or the checks and the database.
  let failedFirst: 'body' | 'store' | undefined;
  options.body.once('error', () => (failedFirst ??= 'body'));
  inspector.once('error', () => (failedFirst ??= 'store'));
  writer.once('error', () => (failedFirst ??= 'store'));
  try {
    await pipeline(options.body, inspector, writer);
  } catch (error) {
    // A chunk insert may still be under way: let it land before the caller deletes the chunks.
    await writer.settled();
    const mapped = mapDatabaseError(error);
    if (mapped instanceof DomainError) throw mapped;
    const isPrematureClose = (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (failedFirst === 'body' || isPrematureClose) {
      throw new ValidationError('The upload was interrupted before the end of the file');
    }
    throw error;
  }
  return { size: inspector.size, sha256: inspector.digest() };
}

/**
 * Uploads a paper's PDF (editors and admins), streamed: it must start with `%PDF-` and open
 * as a PDF of at least one page within the reader's limits (415 saying why), and stay within
 * `maxBytes` (413); a file whose SHA-256 another paper already has is 409 naming that paper.
 * It replaces the paper's previous file. `declaredLength` (Content-Length) lets an oversized
 * body be refused before it is read. Uploads to one paper are stored and read in parallel, then
 * attached one at a time under the paper's lease (lease.ts): the last to complete is the paper's
 * file, with its drafts, and each answer shows the file its own upload attached.
 */
export async function uploadPaperFile({
  actor,
  id,
  body,
  maxBytes,
  declaredLength,
}: {
  actor: MaybeActor;
  id: string;
  body: Readable;
  maxBytes: number;
  declaredLength?: number | undefined;
}): Promise<Paper> {
  assertCan(actor, 'catalog:write');
  const paperId = parseInput(objectId, id, 'id');
  if (declaredLength !== undefined && declaredLength > maxBytes) throw tooLargeError(maxBytes);
  const paper = await readPaperFileHolder(paperId);
  if (!paper) throw paperNotFound();
  // Leftovers of uploads that failed earlier (a database outage) go before new ones come in.
  await settleAbandonedOperations().catch(() => undefined);
  const fileId = new Types.ObjectId();
  const previous = paper.file?.fileId;
  const op = await beginFileOperation(paperId, previous ? [fileId, previous] : [fileId]);
  let replaced: Types.ObjectId | undefined;
  try {
    const { size, sha256 } = await storeBody({ body, fileId, paper, maxBytes });
    const holders = await findPaperFileHolders(sha256);
    const other = holders.find((p) => !p._id.equals(paperId));
    if (other) throw duplicateOf(other.slug);
    // Read back and parsed as a PDF (415 saying why): only a readable PDF is attached.
    const content = await readStoredPdf(fileId, size);
    if (!content) throw new ValidationError('The upload was removed before it was attached');
    return await withPaperLease(paperId, async () => {
      const current = await readPaperFileHolder(paperId);
      if (!current) throw paperNotFound();
      if (current.file?.sha256 === sha256) {
        // The same bytes again: the paper keeps the file it has, and gets its drafts back if
        // they went missing.
        await ensurePaperDrafts(new Types.ObjectId(paperId), current.file.fileId, content);
        return await getPaperById({ actor, id: paperId });
      }
      const file: StoredPaperFile = { fileId, size, sha256, uploadedAt: new Date() };
      const before = await setPaperFile(paperId, file);
      if (!before) throw paperNotFound();
      replaced = before.file?.fileId;
      // Without transactions two uploads of one file to two papers can both pass the check
      // above: look again, and give way to any other holder (the paper gets its previous file
      // back). Both may give way at once; never do both keep it.
      const rivals = await findPaperFileHolders(sha256);
      const rival = rivals.find((p) => !p._id.equals(paperId));
      if (rival) {
        await restorePaperFile(paperId, fileId, before);
        throw duplicateOf(rival.slug);
      }
      await startPaperDrafts(new Types.ObjectId(paperId), fileId, content);
      // Read while the lease is held: the answer shows this upload's file, never a later one.
      return await getPaperById({ actor, id: paperId });
    });
  } finally {
    await op.finish([replaced]);
  }
}

/** A paper's file, ready to stream: its metadata, and `open` for the bytes (whole or a range). */
export interface PaperFileDownload {
  /** `<slug>.pdf` */
  filename: string;
  size: number;
  sha256: string;
  uploadedAt: string;
  /** Resolves with the bytes of `range` (inclusive; the whole file without one). */
  open: (range?: ByteRange) => Promise<Readable>;
}

/** Opens a paper's PDF for download with the paper's visibility: hidden paper or no file is 404. */
export async function openPaperFile({ actor, id }: ReadById): Promise<PaperFileDownload> {
  const paper = await getPaperById({ actor, id });
  const stored = await readPaperFileHolder(paper.id);
  const file = stored?.file;
  if (!file) throw noFile();
  return {
    filename: `${paper.slug}.pdf`,
    size: file.size,
    sha256: file.sha256,
    uploadedAt: file.uploadedAt.toISOString(),
    async open(range) {
      if (range && (range.start > range.end || range.end >= file.size)) {
        throw new ValidationError(`The range must lie within the file's ${file.size} bytes`);
      }
      const stream = await openStoredFile(file.fileId, range);
      // The paper's file was replaced or deleted since it was read.
      if (!stream) throw noFile();
      return stream;
    },
  };
}

/** Deletes a paper's PDF (admins only); a paper without one is 404. */
export async function deletePaperFile({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<void> {
  assertCan(actor, 'catalog:delete');
  const paperId = parseInput(objectId, id, 'id');
  const paper = await readPaperFileHolder(paperId);
  if (!paper) throw paperNotFound();
  if (!paper.file) throw noFile();
  const op = await beginFileOperation(paperId, [paper.file.fileId]);
  let detached: Types.ObjectId | undefined;
  try {
    await withPaperLease(paperId, async () => {
      const before = await setPaperFile(paperId, null);
      detached = before?.file?.fileId;
      await discardPaperDrafts(paperId);
    });
  } finally {
    await op.finish([detached]);
  }
}
