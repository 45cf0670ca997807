// Near-identical questions of a text: one indexed equality per band key (run together), the
// candidates confirmed by their exact Jaccard index.
import type { Types } from 'mongoose';
import { QuestionModel } from '../question/model.js';
import { restrictFilter } from '../visibility.js';
import type { Viewer } from '../visibility.js';
import { SIMILAR_BAND_FIELDS } from './plugin.js';
import { jaccard, shinglesOf, SIMILARITY_THRESHOLD } from './signature.js';

/** A near-identical question: the lean document and its similarity. */
export interface SimilarHit {
  doc: Record<string, unknown> & { _id: Types.ObjectId; paperId: Types.ObjectId; text: string };
  similarity: number;
}

/** Most near-identical questions one lookup returns. */
export const MAX_SIMILAR = 20;

/**
 * The questions holding any of `keys` (in band order; null for none) whose text is near-identical to `text`, excluding the
 * questions of `excludePaperId`; best first, then exam year descending, then id. With a
 * `viewer`, only questions it may see; without, all (for results filtered later).
 */
export async function findSimilar(options: {
  keys: readonly (string | null)[];
  text: string;
  excludePaperId?: Types.ObjectId | string | null;
  viewer?: Viewer;
  limit?: number;
}): Promise<SimilarHit[]> {
  const lookups = options.keys.map((key, band) => {
    if (!key) return Promise.resolve([]);
    const equality = { [SIMILAR_BAND_FIELDS[band]!]: key };
    const filter = options.viewer ? restrictFilter(options.viewer, 'question', equality) : equality;
    return filter ? QuestionModel.find(filter).lean<SimilarHit['doc'][]>() : Promise.resolve([]);
  });
  const candidates = new Map<string, SimilarHit['doc']>();
  const excluded = options.excludePaperId ? String(options.excludePaperId) : null;
  for (const docs of await Promise.all(lookups)) {
    for (const doc of docs) {
      if (String(doc.paperId) !== excluded) candidates.set(String(doc._id), doc);
    }
  }
  const shingles = shinglesOf(options.text);
  const hits: SimilarHit[] = [];
  for (const doc of candidates.values()) {
    const similarity = jaccard(shingles, shinglesOf(doc.text));
    if (similarity >= SIMILARITY_THRESHOLD) hits.push({ doc, similarity });
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
