// Near-identical questions of a text: one query, the union of an indexed equality per band key
// (a bounded pushed-down page of the few fields the comparison needs), the candidates the viewer
// may see confirmed by their exact Jaccard index.
import type { Types } from 'mongoose';
import { firstQuestionsMatchingAny } from '../question/queries.js';
import { isVisible } from '../visibility.js';
import type { CallerView } from '../visibility.js';
import { SIMILAR_BAND_FIELDS } from './plugin.js';
import { isNearIdentical, jaccard, shinglesOf } from './signature.js';

/** What a lookup reads of a question: enough to compare it, order it and check visibility. */
export interface Candidate {
  _id: Types.ObjectId;
  paperId: Types.ObjectId;
  text: string;
  examYear?: number | null;
  visible?: boolean;
  universityId?: Types.ObjectId;
  paperStatus?: string;
}

export const CANDIDATE_FIELDS = {
  _id: 1,
  paperId: 1,
  text: 1,
  examYear: 1,
  visible: 1,
  universityId: 1,
  paperStatus: 1,
} as const;

/** A near-identical question: its id, paper and similarity. */
export interface SimilarHit {
  doc: Candidate;
  similarity: number;
}

/** Most near-identical questions one lookup returns. */
export const MAX_SIMILAR = 20;
/**
 * Candidates read per band key (the lookup reads this many times the keys it has). A band key is
 * shared by chance by texts far below the threshold; a near-identical text shares several bands.
 */
export const MAX_CANDIDATES_PER_BAND = 100;

/**
 * The questions holding any of `keys` (in band order; null for none) whose text is
 * near-identical to `text`, excluding the questions of `excludePaperId`; best first, then exam
 * year descending, then id. With a `viewer`, only questions it may see; without, all (for
 * results filtered later).
 */
export async function findSimilar(options: {
  keys: readonly (string | null)[];
  text: string;
  excludePaperId?: Types.ObjectId | string | null;
  viewer?: CallerView;
  limit?: number;
}): Promise<SimilarHit[]> {
  // One query: an $or of the band keys' equalities, exact, so the embedded engine sends it whole
  // to PostgreSQL (a union of index lookups) with its sort and LIMIT (the sort by id makes a
  // crowded band's page the same each time); visibility is checked here on the fields read.
  const branches = options.keys.flatMap((key, band) =>
    key ? [{ [SIMILAR_BAND_FIELDS[band]!]: key }] : [],
  );
  if (branches.length === 0) return [];
  const docs = await firstQuestionsMatchingAny<Candidate>(
    branches,
    CANDIDATE_FIELDS,
    MAX_CANDIDATES_PER_BAND * branches.length,
  );
  const candidates = new Map<string, Candidate>();
  const excluded = options.excludePaperId ? String(options.excludePaperId) : null;
  const viewer = options.viewer;
  for (const doc of docs) {
    if (String(doc.paperId) === excluded) continue;
    if (viewer && !isVisible(viewer, 'question', doc)) continue;
    candidates.set(String(doc._id), doc);
  }
  const shingles = shinglesOf(options.text);
  const hits: SimilarHit[] = [];
  for (const doc of candidates.values()) {
    const similarity = jaccard(shingles, shinglesOf(doc.text));
    if (isNearIdentical(similarity)) hits.push({ doc, similarity });
  }
  const year = (hit: SimilarHit) => (typeof hit.doc.examYear === 'number' ? hit.doc.examYear : 0);
  hits.sort(
    (a, b) =>
      b.similarity - a.similarity ||
      year(b) - year(a) ||
      (String(a.doc._id) < String(b.doc._id) ? -1 : 1),
  );
  return hits.slice(0, options.limit ?? MAX_SIMILAR);
}
