// Ranking quality of search on a labelled query set (test-data/search-labelled-set.json): nDCG@10
// and recall@20 per query, with relevance judged by hand per unit (a subject, paper or topic by
// its title, a question by the start of its text). A unit is credited once, at its first hit,
// however many hits share it. Used by the smoke test and by `npm run eval -- --only search`.
import { readFileSync } from 'node:fs';
import type { SearchHit } from '../search/schema.js';

/** A relevant result of a query: grade 2 what it asks for, 1 related. */
export interface Judged {
  type: SearchHit['type'];
  title: string;
  grade: number;
}

export interface LabelledQuery {
  q: string;
  relevant: Judged[];
}

/** The labelled set, from the domain package's test data. */
export function searchLabelledSet(): LabelledQuery[] {
  const url = new URL('../../test-data/search-labelled-set.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { queries: LabelledQuery[] }).queries;
}

const lower = (text: string) => text.toLowerCase();

/** The judged unit a hit is, or undefined. */
function unitOf(hit: Pick<SearchHit, 'type' | 'title'>, relevant: readonly Judged[]) {
  return relevant.find(
    (unit) =>
      unit.type === hit.type &&
      (hit.type === 'question'
        ? lower(hit.title).startsWith(lower(unit.title))
        : lower(hit.title) === lower(unit.title)),
  );
}

const discount = (rank: number) => 1 / Math.log2(rank + 1);

/** nDCG@10 and recall@20 of ranked hits against the judged units. */
export function scoreHits(
  hits: readonly Pick<SearchHit, 'type' | 'title'>[],
  relevant: readonly Judged[],
): { ndcg10: number; recall20: number } {
  const credited = new Set<Judged>();
  let dcg = 0;
  hits.slice(0, 20).forEach((hit, i) => {
    const unit = unitOf(hit, relevant);
    if (!unit || credited.has(unit)) return;
    credited.add(unit);
    if (i < 10) dcg += (2 ** unit.grade - 1) * discount(i + 1);
  });
  const ideal = [...relevant]
    .sort((a, b) => b.grade - a.grade)
    .slice(0, 10)
    .reduce((sum, unit, i) => sum + (2 ** unit.grade - 1) * discount(i + 1), 0);
  return { ndcg10: ideal > 0 ? dcg / ideal : 0, recall20: credited.size / relevant.length };
}

/**
 * A misspelt copy of a query: the second and third letters of its longest word of 5 or more
 * letters swapped (one edit), or null when it has no such word or the swap changes nothing.
 */
export function misspelt(q: string): string | null {
  const words = q.split(/\s+/);
  const longest = words
    .filter((word) => /^\p{L}{5,}$/u.test(word))
    .sort((a, b) => b.length - a.length)[0];
  if (!longest || longest[1] === longest[2]) return null;
  const typo = `${longest[0]}${longest[2]}${longest[1]}${longest.slice(3)}`;
  return words.map((word) => (word === longest ? typo : word)).join(' ');
}

export interface QueryScore {
  q: string;
  ndcg10: number;
  recall20: number;
  corrected: string | null;
}

type Searcher = (q: string) => Promise<{ items: SearchHit[]; corrected: string | null }>;

/** Runs each query (its first 20 hits) and scores it. */
export async function evaluateQueries(
  queries: readonly LabelledQuery[],
  search: Searcher,
): Promise<QueryScore[]> {
  const scores: QueryScore[] = [];
  for (const { q, relevant } of queries) {
    const { items, corrected } = await search(q);
    scores.push({ q, ...scoreHits(items, relevant), corrected });
  }
  return scores;
}

/** The mean of a figure over scores. */
export function meanOf(scores: readonly QueryScore[], figure: 'ndcg10' | 'recall20'): number {
  return scores.length ? scores.reduce((sum, s) => sum + s[figure], 0) / scores.length : 0;
}
