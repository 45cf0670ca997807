// How many of a paper's drafts are still waiting to be accepted, for paper lists (editors and
// admins): read in a fixed number of queries whatever the number of papers.
import { LOAD_BATCH_SIZE } from '../listing/loading.js';
import { DraftClaimModel, PaperDraftsModel } from './model.js';

interface StoredIndexes {
  _id: unknown;
  fileId: unknown;
  drafts?: { index: number }[];
}

interface StoredClaim {
  paperId: unknown;
  fileId: unknown;
  questionId?: unknown;
}

const idFilter = (ids: readonly string[]) => (ids.length === 1 ? ids[0] : { $in: ids });

/**
 * The drafts of each paper's current file not yet made into a question, by paper id: two
 * queries (drafts and claims), each an `$in` the engine pushes down. Papers without drafts
 * are left out (none waits). A claim counts once its question is made, as `acceptedQuestionId`
 * shows it; claims of an earlier file do not count against the new file's drafts.
 */
export async function draftsWaitingOfPapers(
  paperIds: readonly string[],
): Promise<Map<string, number>> {
  const waiting = new Map<string, number>();
  if (paperIds.length === 0) return waiting;
  const [stored, claims] = await Promise.all([
    PaperDraftsModel.find({ _id: idFilter(paperIds) }, { fileId: 1, 'drafts.index': 1 })
      .batchSize(LOAD_BATCH_SIZE)
      .lean<StoredIndexes[]>()
      .exec(),
    DraftClaimModel.find({ paperId: idFilter(paperIds) }, { paperId: 1, fileId: 1, questionId: 1 })
      .batchSize(LOAD_BATCH_SIZE)
      .lean<StoredClaim[]>()
      .exec(),
  ]);
  const accepted = new Map<string, number>();
  for (const claim of claims) {
    if (claim.questionId === null || claim.questionId === undefined) continue;
    const key = `${String(claim.paperId)}:${String(claim.fileId)}`;
    accepted.set(key, (accepted.get(key) ?? 0) + 1);
  }
  for (const doc of stored) {
    const total = doc.drafts?.length ?? 0;
    const done = accepted.get(`${String(doc._id)}:${String(doc.fileId)}`) ?? 0;
    waiting.set(String(doc._id), Math.max(0, total - done));
  }
  return waiting;
}
