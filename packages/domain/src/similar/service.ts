import { objectId } from '../common-schemas.js';
import { NotFoundError, parseInput } from '../errors.js';
import { questionById, questionsById } from '../question/queries.js';
import { toQuestion } from '../question/service.js';
import { readVisible } from '../visibility.js';
import type { ReadById } from '../visibility.js';
import { CANDIDATE_FIELDS, findSimilar } from './lookup.js';
import type { Candidate } from './lookup.js';
import { BAND_PROJECTION, keysOf } from './plugin.js';
import { visiblePapers } from './refs.js';
import type { SimilarQuestion } from './schema.js';

/** Similarity as shown: four decimals. */
const rounded = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The near-identical questions of a question (Jaccard index of 2-word shingles above 0.5)
 * from other papers of the same subject, any offering or university, that the caller may see:
 * up to 20, by similarity, then exam year descending. 404 when the question is not visible.
 */
export async function listSimilarQuestions({ actor, id }: ReadById): Promise<SimilarQuestion[]> {
  const questionId = parseInput(objectId, id, 'id');
  const { doc: question, view: viewer } = await readVisible(
    actor,
    'question',
    () =>
      questionById<Candidate & Record<string, unknown>>(questionId, {
        ...CANDIDATE_FIELDS,
        ...BAND_PROJECTION,
      }),
    () => new NotFoundError('Question not found'),
  );
  const hits = await findSimilar({
    keys: keysOf(question),
    text: question.text,
    excludePaperId: question.paperId,
    viewer,
  });
  // The few questions listed are read whole, each by its id (pushed down), with their papers.
  const [docs, papers] = await Promise.all([
    questionsById(hits.map((hit) => hit.doc._id)),
    visiblePapers(
      viewer,
      hits.map((hit) => String(hit.doc.paperId)),
    ),
  ]);
  return hits.flatMap((hit, i) => {
    const doc = docs[i];
    const paper = papers.get(String(hit.doc.paperId));
    return doc && paper
      ? [{ question: toQuestion(doc), paper, similarity: rounded(hit.similarity) }]
      : [];
  });
}
