// Similar questions as a caller may see them: each question and its paper read by id (one
// pushed-down `_id` equality each, together) and kept only when visible to the viewer.
import type { Types } from 'mongoose';
import type { EXAM_TYPES } from '../paper/schema.js';
import { papersById } from '../paper/queries.js';
import { questionsById } from '../question/queries.js';
import { isVisible } from '../visibility.js';
import type { CallerView } from '../visibility.js';

type ExamType = (typeof EXAM_TYPES)[number];

/** The paper of a similar question, as the similar lists show it. */
export interface SimilarPaper {
  id: string;
  slug: string;
  examYear: number;
  examType: ExamType;
}

interface PaperDoc {
  _id: Types.ObjectId;
  status?: string;
  visible?: boolean;
  universityId?: Types.ObjectId;
  slug: string;
  examYear: number;
  examType: ExamType;
}

/** What a similar list reads of a paper: what it shows and what visibility needs. */
const PAPER_FIELDS = {
  status: 1,
  visible: 1,
  universityId: 1,
  slug: 1,
  examYear: 1,
  examType: 1,
} as const;

/** The papers of the given ids the viewer may see, by id. */
export async function visiblePapers(
  viewer: CallerView,
  paperIds: Iterable<string>,
): Promise<Map<string, SimilarPaper>> {
  const ids = [...new Set(paperIds)];
  const docs = await papersById<PaperDoc>(ids, PAPER_FIELDS);
  const out = new Map<string, SimilarPaper>();
  for (const doc of docs) {
    if (!doc || !isVisible(viewer, 'paper', doc)) continue;
    const id = doc._id.toHexString();
    out.set(id, { id, slug: doc.slug, examYear: doc.examYear, examType: doc.examType });
  }
  return out;
}

/** A similar question of a draft as stored: its id and similarity. */
export interface StoredSimilar {
  questionId: Types.ObjectId;
  similarity: number;
}

/** A similar question of a draft as shown. */
export interface SimilarRef {
  questionId: string;
  paperId: string;
  paperSlug: string;
  examYear: number;
  examType: ExamType;
  similarity: number;
}

/**
 * The stored similar questions of each draft that still exist and the viewer may see, with
 * their papers; one list per draft, in the stored order.
 */
export async function visibleSimilarRefs(
  viewer: CallerView,
  lists: readonly (readonly StoredSimilar[])[],
): Promise<SimilarRef[][]> {
  const ids = [...new Set(lists.flatMap((list) => list.map((s) => String(s.questionId))))];
  const docs = await questionsById(ids);
  const questions = new Map(
    docs
      .filter((doc) => doc !== null && isVisible(viewer, 'question', doc))
      .map((doc) => [String(doc!._id), doc!]),
  );
  const papers = await visiblePapers(
    viewer,
    [...questions.values()].map((q) => String(q.paperId)),
  );
  return lists.map((list) =>
    list.flatMap((stored) => {
      const question = questions.get(String(stored.questionId));
      const paper = question && papers.get(String(question.paperId));
      if (!question || !paper) return [];
      return [
        {
          questionId: String(question._id),
          paperId: paper.id,
          paperSlug: paper.slug,
          examYear: paper.examYear,
          examType: paper.examType,
          similarity: stored.similarity,
        },
      ];
    }),
  );
}
