// Near-identical questions as one search hit. The same question set in several sittings would
// otherwise fill a page with copies: each group shows as its newest question, the others listed
// in `alsoAsked`. Pure code over the hits of a query (every hit, before the page is cut), so
// totals and facets count groups, not copies. A group is named by the key each question stores
// (`searchGroup`, kept on writes by group-key.ts; decision 13): no text is compared per query, so
// a database can count the same groups from the entries' `g`.
import { groupOf } from './group-key.js';
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
 * Folds question hits of one group key into the newest of them; the group ranks by its best
 * member's score. Other hits pass unchanged. Returns the hits in rank order.
 */
export function groupNearIdentical(hits: readonly Hit[]): Hit[] {
  const questions = hits.filter((hit) => hit.type === 'question');
  if (questions.length < 2) return [...hits];
  const groups = new Map<string, Hit[]>();
  for (const hit of questions) {
    const key = groupOf(hit.doc);
    const members = groups.get(key);
    if (members) members.push(hit);
    else groups.set(key, [hit]);
  }
  const grouped: Hit[] = [];
  for (const members of groups.values()) {
    if (members.length === 1) {
      grouped.push(members[0]!);
      continue;
    }
    members.sort(newestFirst);
    const [leader, ...others] = members as [Hit, ...Hit[]];
    grouped.push({
      ...leader,
      score: Math.max(...members.map((m) => m.score)),
      members: others.map((m) => m.doc),
    });
  }
  return [...hits.filter((hit) => hit.type !== 'question'), ...grouped].sort(byRelevance);
}
