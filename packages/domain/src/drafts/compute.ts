// Drafts are read when a paper's file is stored: `pending` at once (before the upload answers),
// then read in the background and written `ready` (or `failed` with the reason), but only while
// the paper still has that file. Pages with no text layer are read by OCR (ocr/), page by page,
// with `progress` written after each and a heartbeat while a page is read. A restart or an outage
// can leave drafts pending: the paper-file sweep resumes those gone quiet (resumePendingDrafts),
// a bounded number of times, then marks them failed: never pending for ever. Every write of a paper's drafts
// document happens under the paper's lease (paper-file/lease.ts), as its file's writes do: on
// FerretDB an update writes the whole document back, so two unserialised writers lose one write.
import { Types } from 'mongoose';
import { draftSourceOfPaper } from '../paper/queries.js';
import { withPaperLease } from '../paper-file/lease.js';
import { readStoredPdf, storedBytes } from '../paper-file/read-stored.js';
import type { PdfContent } from '../pdf/types.js';
import { readPaperFromContent } from '../ocr/read-paper-pdf.js';
import type { ReadingProgress } from '../ocr/read-paper-pdf.js';
import { draftsReadingSettings } from '../ocr/settings.js';
import { findSimilar } from '../similar/lookup.js';
import { bandKeys } from '../similar/signature.js';
import { DraftClaimModel, PaperDraftsModel } from './model.js';
import type { ReadPaper } from './read-drafts.js';
import { loadSyllabusTopics, stemsOf, stemWeights, suggestTopic } from './suggest.js';

/** Drafts whose similar questions are looked up together (each lookup is one query per band). */
const SIMILAR_LOOKUPS_AT_ONCE = 4;

/** Readings under way in this process, by paper id, so a sweep never starts a second one. */
const running = new Map<string, Promise<void>>();

interface PaperKeys {
  _id: Types.ObjectId;
  subjectOfferingId: Types.ObjectId;
  subjectId: Types.ObjectId;
  file?: { fileId: Types.ObjectId; size: number } | null;
}

/** The drafts of a paper's text with their suggested topics: what is stored as `ready`. */
async function draftsOf(paper: PaperKeys, read: ReadPaper['drafts']) {
  const topics = await loadSyllabusTopics(paper.subjectOfferingId);
  const stems = read.map((draft) => stemsOf(draft.text));
  const weights = await stemWeights(stems.flatMap((s) => [...s]));
  const drafts = read.map((draft, i) => {
    const suggestion = suggestTopic(stems[i]!, topics, weights);
    return {
      ...draft,
      options: draft.options ?? undefined,
      suggestedModuleId: suggestion.moduleId,
      suggestedTopicId: suggestion.topicId,
      similar: [] as { questionId: Types.ObjectId; similarity: number }[],
    };
  });
  // Near-identical questions of the subject in other papers, a few drafts at a time (each is a
  // few indexed lookups run together); shown later to the callers who may see them.
  for (let i = 0; i < drafts.length; i += SIMILAR_LOOKUPS_AT_ONCE) {
    await Promise.all(
      drafts.slice(i, i + SIMILAR_LOOKUPS_AT_ONCE).map(async (draft) => {
        const hits = await findSimilar({
          keys: bandKeys(String(paper.subjectId), draft.text),
          text: draft.text,
          excludePaperId: paper._id,
        });
        draft.similar = hits.map((hit) => ({
          questionId: hit.doc._id,
          similarity: Math.round(hit.similarity * 10_000) / 10_000,
        }));
      }),
    );
  }
  return drafts;
}

/**
 * Writes the outcome of reading `fileId` under the paper's lease, unless the paper's file moved
 * on meanwhile (then the drafts of `fileId`, if still there, go with it).
 */
function settle(paperId: Types.ObjectId, fileId: Types.ObjectId, set: Record<string, unknown>) {
  return withPaperLease(paperId, async () => {
    const paper = await draftSourceOfPaper<PaperKeys>(paperId);
    if (!paper?.file?.fileId.equals(fileId)) {
      await PaperDraftsModel.deleteOne({ _id: paperId, fileId });
      return;
    }
    if (Object.keys(set).length > 0) {
      await PaperDraftsModel.updateOne({ _id: paperId, fileId }, { $set: set });
    }
  });
}

/** Writes how far the reading of `fileId` has come, and that it is alive, unless it moved on. */
async function touch(paperId: Types.ObjectId, fileId: Types.ObjectId, progress?: ReadingProgress) {
  await withPaperLease(paperId, async () => {
    await PaperDraftsModel.updateOne(
      { _id: paperId, fileId, status: 'pending' },
      { $set: { heartbeatAt: new Date(), ...(progress ? { progress } : {}) } },
    );
  }).catch(() => undefined);
}

/** What reading `fileId` yields for its drafts document, or null when there is nothing to write. */
async function outcome(
  paperId: Types.ObjectId,
  fileId: Types.ObjectId,
  content?: PdfContent,
): Promise<Record<string, unknown> | null> {
  const settings = draftsReadingSettings();
  // A sign of life while a page is read (one page may take a while): the sweep leaves it be.
  const heartbeat = setInterval(
    () => void touch(paperId, fileId),
    Math.max(1_000, Math.floor(settings.resumeAfterMs / 3)),
  );
  heartbeat.unref();
  try {
    const paper = await draftSourceOfPaper<PaperKeys>(paperId);
    // The paper lost this file meanwhile: its drafts go with it (settle sees to that).
    if (!paper?.file || !paper.file.fileId.equals(fileId)) return {};
    const size = paper.file.size;
    const text = content ?? (await readStoredPdf(fileId, size));
    if (!text) return null;
    const paperRead = await readPaperFromContent({
      content: text,
      settings,
      bytes: async () => {
        const bytes = await storedBytes(fileId, size);
        if (!bytes) throw new Error('The file was removed while it was read');
        return bytes;
      },
      onProgress: (progress) => touch(paperId, fileId, progress),
    });
    const drafts = await draftsOf(paper, paperRead.drafts);
    return {
      status: 'ready',
      reason: null,
      progress: null,
      pages: paperRead.pages,
      textLayer: paperRead.textLayer,
      ocrPages: paperRead.ocrPages,
      drafts,
      suggested: paperRead.suggested,
      warnings: paperRead.warnings,
    };
  } catch (error) {
    return {
      status: 'failed',
      progress: null,
      reason: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearInterval(heartbeat);
  }
}

async function read(paperId: Types.ObjectId, fileId: Types.ObjectId, content?: PdfContent) {
  const set = await outcome(paperId, fileId, content);
  // A database that is down, or a paper busy for too long, leaves the drafts pending for the sweep.
  if (set) await settle(paperId, fileId, set).catch(() => undefined);
}

function start(paperId: Types.ObjectId, fileId: Types.ObjectId, content?: PdfContent): void {
  const key = paperId.toHexString();
  const previous = running.get(key) ?? Promise.resolve();
  const reading = previous.then(() => read(paperId, fileId, content));
  running.set(key, reading);
  void reading.finally(() => {
    if (running.get(key) === reading) running.delete(key);
  });
}

/**
 * Marks a paper's drafts pending for its newly stored file (replacing the drafts of any earlier
 * file) and starts reading them in the background from `content`, the file's parsed text.
 * The caller holds the paper's lease.
 */
export async function startPaperDrafts(
  paperId: Types.ObjectId,
  fileId: Types.ObjectId,
  content: PdfContent,
): Promise<void> {
  await PaperDraftsModel.updateOne(
    { _id: paperId },
    {
      $set: {
        fileId,
        status: 'pending',
        reason: null,
        pages: content.pages.length,
        textLayer: true,
        drafts: [],
        suggested: null,
        warnings: [],
        progress: null,
        ocrPages: [],
        startedAt: new Date(),
        heartbeatAt: new Date(),
        attempts: 1,
      },
    },
    { upsert: true },
  );
  await DraftClaimModel.deleteMany({ paperId, fileId: { $ne: fileId } });
  start(paperId, fileId, content);
}

/**
 * Starts reading the drafts of the paper's current file `fileId` again when they are missing,
 * belong to another file or failed (the caller holds the paper's lease); else leaves them.
 */
export async function ensurePaperDrafts(
  paperId: Types.ObjectId,
  fileId: Types.ObjectId,
  content: PdfContent,
): Promise<void> {
  const stored = await PaperDraftsModel.findById(paperId, { fileId: 1, status: 1 })
    .lean<{ fileId: Types.ObjectId; status: string }>()
    .exec();
  if (stored?.fileId.equals(fileId) && stored.status !== 'failed') return;
  await startPaperDrafts(paperId, fileId, content);
}

/** Deletes a paper's drafts and claims (its file or the paper is gone; the caller holds its lease). */
export async function discardPaperDrafts(paperId: Types.ObjectId | string): Promise<void> {
  const id = new Types.ObjectId(paperId);
  await PaperDraftsModel.deleteOne({ _id: id });
  await DraftClaimModel.deleteMany({ paperId: id });
}

/** Resolves once the reading of a paper's drafts under way in this process (if any) is over. */
export async function paperDraftsSettled(paperId: string): Promise<void> {
  await running.get(paperId)?.catch(() => undefined);
}

/**
 * Starts reading again the drafts left pending with no sign of life for `staleAfterMs` (default:
 * the reading settings' resumeAfterMs) that this process is not reading (a restart, an outage);
 * drafts that were started the most times allowed are marked failed instead. Returns how many
 * it started or failed.
 */
export async function resumePendingDrafts(
  options: { staleAfterMs?: number } = {},
): Promise<number> {
  const settings = draftsReadingSettings();
  const cutoff = Date.now() - (options.staleAfterMs ?? settings.resumeAfterMs);
  const pending = await PaperDraftsModel.find(
    { status: 'pending' },
    { fileId: 1, startedAt: 1, heartbeatAt: 1, attempts: 1 },
  )
    .lean<
      {
        _id: Types.ObjectId;
        fileId: Types.ObjectId;
        startedAt: Date;
        heartbeatAt?: Date | null;
        attempts?: number;
      }[]
    >()
    .exec();
  let handled = 0;
  for (const doc of pending) {
    const lastSign = (doc.heartbeatAt ?? doc.startedAt).getTime();
    if (running.has(doc._id.toHexString()) || lastSign > cutoff) continue;
    const attempts = doc.attempts ?? 0;
    if (attempts >= settings.maxAttempts) {
      await settle(doc._id, doc.fileId, {
        status: 'failed',
        progress: null,
        reason: `Reading the drafts stopped ${attempts} times before the end (a restart or a crash while reading): upload the file again to retry`,
      });
    } else {
      // Claimed under the lease, looked at again first: of two instances sweeping at once, one
      // starts it, and the other then sees a fresh sign of life.
      const isClaimed = await withPaperLease(doc._id, async () => {
        const now = await PaperDraftsModel.findOne(
          { _id: doc._id, fileId: doc.fileId, status: 'pending' },
          { startedAt: 1, heartbeatAt: 1 },
        )
          .lean<{ startedAt: Date; heartbeatAt?: Date | null }>()
          .exec();
        if (!now || (now.heartbeatAt ?? now.startedAt).getTime() > cutoff) return false;
        await PaperDraftsModel.updateOne(
          { _id: doc._id, fileId: doc.fileId, status: 'pending' },
          { $set: { attempts: attempts + 1, heartbeatAt: new Date() } },
        );
        return true;
      });
      if (!isClaimed) continue;
      start(doc._id, doc.fileId);
    }
    handled += 1;
  }
  return handled;
}
