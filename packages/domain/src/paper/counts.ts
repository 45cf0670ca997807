// A paper's figures for its reader: `questionCount` (the questions the caller may see) and, for
// editors and admins, `draftsWaiting`. Read for a whole list at once: a fixed number of queries
// whatever the number of papers (the gateway's DataLoader batches them the same way).
import { draftsWaitingOfPapers } from '../drafts/waiting.js';
import { validIds } from '../listing/loading.js';
import { questionCountsOfPapers } from '../question/queries.js';
import { asCaller, visibleFilter } from '../visibility.js';
import type { Caller } from '../visibility.js';
import type { Paper } from './schema.js';

/** A paper as stored, shown to its reader, before its figures are counted. */
export type PaperRecord = Omit<Paper, 'questionCount' | 'draftsWaiting'>;

/** The figures of one paper; `draftsWaiting` only for editors and admins. */
export type PaperCounts = Pick<Paper, 'questionCount' | 'draftsWaiting'>;

/** The figures of the papers of `ids`, by id (every well-formed id gets an entry). */
export async function readPaperCountsByIds(
  actor: Caller,
  ids: readonly string[],
): Promise<Map<string, PaperCounts>> {
  const paperIds = validIds(ids);
  const viewer = await asCaller(actor).view();
  const [questions, drafts] = await Promise.all([
    questionCountsOfPapers(paperIds, visibleFilter(viewer, 'question')),
    viewer.seesAll ? draftsWaitingOfPapers(paperIds) : undefined,
  ]);
  return new Map(
    paperIds.map((id) => {
      const counts: PaperCounts = { questionCount: questions.get(id) ?? 0 };
      if (drafts) counts.draftsWaiting = drafts.get(id) ?? 0;
      return [id, counts];
    }),
  );
}

/** The papers with their figures, counted for all of them at once. */
export async function withPaperCounts(
  actor: Caller,
  papers: readonly PaperRecord[],
): Promise<Paper[]> {
  const counts = await readPaperCountsByIds(
    actor,
    papers.map((p) => p.id),
  );
  return papers.map((paper) => ({ ...paper, ...counts.get(paper.id.toLowerCase())! }));
}

/** One paper with its figures. */
export async function withPaperCount(actor: Caller, paper: PaperRecord): Promise<Paper> {
  const [counted] = await withPaperCounts(actor, [paper]);
  return counted!;
}
