// Drafts are read when a paper's file is stored: `pending` at once (before the upload answers),
// then read in the background and written `ready` (or `failed` with the reason), but only while
// the paper still has that file. A restart or an outage can leave drafts pending: the paper-file
// sweep resumes those nobody is reading (resumePendingDrafts). Every write of a paper's drafts
// document happens under the paper's lease (paper-file/lease.ts), as its file's writes do: on
// FerretDB an update writes the whole document back, so two unserialised writers lose one write.
import { Types } from 'mongoose';
import { draftSourceOfPaper } from '../paper/queries.js';
import { withPaperLease } from '../paper-file/lease.js';
import { readStoredPdf } from '../paper-file/read-stored.js';
import type { PdfContent } from '../pdf/types.js';
import { findSimilar } from '../similar/lookup.js';
import { bandKeys } from '../similar/signature.js';
import { DraftClaimModel, PaperDraftsModel } from './model.js';
import { hasTextLayer, readPaper } from './read-drafts.js';
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

/** What reading `fileId` yields for its drafts document, or null when there is nothing to write. */
async function outcome(
  paperId: Types.ObjectId,
  fileId: Types.ObjectId,
  content?: PdfContent,
): Promise<Record<string, unknown> | null> {
  try {
    const paper = await draftSourceOfPaper<PaperKeys>(paperId);
    // The paper lost this file meanwhile: its drafts go with it (settle sees to that).
    if (!paper?.file || !paper.file.fileId.equals(fileId)) return {};
    const text = content ?? (await readStoredPdf(fileId, paper.file.size));
    if (!text) return null;
    const textLayer = hasTextLayer(text);
    const paperRead = textLayer ? readPaper(text) : null;
    const drafts = paperRead ? await draftsOf(paper, paperRead.drafts) : [];
    return {
      status: 'ready',
      reason: null,
      pages: text.pages.length,
      textLayer,
      drafts,
      suggested: paperRead?.suggested ?? null,
      warnings: paperRead?.warnings ?? [],
    };
  } catch (error) {
    return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
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
        startedAt: new Date(),
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
 * Starts reading again the drafts left pending for more than `staleAfterMs` that this process is
 * not reading (a restart, an outage); returns how many it started.
 */
export async function resumePendingDrafts(
  options: { staleAfterMs?: number } = {},
): Promise<number> {
  const cutoff = Date.now() - (options.staleAfterMs ?? 30_000);
  const pending = await PaperDraftsModel.find({ status: 'pending' }, { fileId: 1, startedAt: 1 })
    .lean<{ _id: Types.ObjectId; fileId: Types.ObjectId; startedAt: Date }[]>()
    .exec();
  let started = 0;
  for (const doc of pending) {
    if (running.has(doc._id.toHexString()) || doc.startedAt.getTime() > cutoff) continue;
    start(doc._id, doc.fileId);
    started += 1;
  }
  return started;
}
