// Near-identical questions as one search hit. The same question set in several sittings would
// otherwise fill a page with copies: each group shows as its newest question, the others listed
// in `alsoAsked`. Pure code over the hits of a query (every hit, before the page is cut), so
// totals and facets count groups, not copies; it reads of each hit only its paper, year, creation
// time, text and band keys, so it runs the same on whatever candidate set the database returns.
import { keysOf } from '../similar/plugin.js';
import { isNearIdentical, jaccard, shinglesOf } from '../similar/signature.js';
import type { Candidate, Hit } from './rank.js';
import { byRelevance } from './rank.js';

const yearOf = (doc: Candidate) => (typeof doc.examYear === 'number' ? doc.examYear : 0);

/** Newest sitting first, then newest written, then id: who leads a group. */
function newestFirst(a: Hit, b: Hit): number {
  return (
    yearOf(b.doc) - yearOf(a.doc) ||
    b.doc.createdAt.getTime() - a.doc.createdAt.getTime() ||
    String(b.doc._id).localeCompare(String(a.doc._id))
  );
}

/**
 * Folds near-identical question hits (similarity above one half, the rule of similar/signature.ts;
 * band keys name the subject, so only questions of one subject meet) into the newest of them.
 * A group holds at most one question per paper: two alike questions of one paper are two
 * questions, not a repeat. A group ranks by its best member's score. Other hits pass unchanged.
 * Returns the hits in rank order.
 */
export function groupNearIdentical(hits: readonly Hit[]): Hit[] {
  const questions = hits.filter((hit) => hit.type === 'question').sort(newestFirst);
  if (questions.length < 2) return [...hits];
  const byKey = new Map<string, number[]>();
  const keys = questions.map((hit) => keysOf(hit.doc).filter((key): key is string => !!key));
  keys.forEach((list, i) => {
    for (const key of list) {
      const members = byKey.get(key);
      if (members) members.push(i);
      else byKey.set(key, [i]);
    }
  });
  const shingles = new Map<number, Set<string>>();
  const shinglesAt = (i: number) => {
    let set = shingles.get(i);
    if (!set) shingles.set(i, (set = shinglesOf(String(questions[i]!.doc.text ?? ''))));
    return set;
  };
  const taken = new Set<number>();
  const grouped: Hit[] = [];
  questions.forEach((leader, i) => {
    if (taken.has(i)) return;
    taken.add(i);
    const candidates = new Set<number>();
    for (const key of keys[i]!) for (const j of byKey.get(key) ?? []) candidates.add(j);
    const papers = new Set([String(leader.doc.paperId)]);
    const members: Hit[] = [];
    // Candidates in newest-first order (their index order), so the group is the same each time.
    for (const j of [...candidates].sort((a, b) => a - b)) {
      const other = questions[j]!;
      if (taken.has(j) || papers.has(String(other.doc.paperId))) continue;
      if (!isNearIdentical(jaccard(shinglesAt(i), shinglesAt(j)))) continue;
      taken.add(j);
      papers.add(String(other.doc.paperId));
      members.push(other);
    }
    if (members.length === 0) grouped.push(leader);
    else
      grouped.push({
        ...leader,
        score: Math.max(leader.score, ...members.map((m) => m.score)),
        members: members.map((m) => m.doc),
      });
  });
  return [...hits.filter((hit) => hit.type !== 'question'), ...grouped].sort(byRelevance);
}
