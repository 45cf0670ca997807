// Which questions of an offering were also asked in another sitting: a question is repeated when
// a near-identical question (similar/signature.ts) sits in a paper of the same offering from
// another sitting (exam year and type). Computed in memory from the offering's visible
// questions: their band keys group the candidates, the exact Jaccard index confirms them.
import { questionsMatching } from '../question/queries.js';
import { restrictFilter } from '../visibility.js';
import type { Viewer } from '../visibility.js';
import { BAND_PROJECTION, keysOf } from './plugin.js';
import { jaccard, shinglesOf, SIMILARITY_THRESHOLD } from './signature.js';

interface Row {
  _id: unknown;
  paperId: unknown;
  moduleId?: unknown;
  topicId?: unknown;
  text: string;
}

/** Repeated questions per module id, topic id, and `null` for those without a module. */
export type RepeatedCounts = Map<string | null, number>;

/**
 * Counts the repeated questions of an offering among those the viewer may see, given the
 * sitting (`year|type`) of each visible paper.
 */
export async function countRepeated(
  viewer: Viewer,
  subjectOfferingId: string,
  sittingOfPaper: ReadonlyMap<string, string>,
): Promise<RepeatedCounts> {
  const counts: RepeatedCounts = new Map();
  const filter = restrictFilter(viewer, 'question', { subjectOfferingId });
  if (!filter) return counts;
  const rows = (
    await questionsMatching<Row & Record<string, unknown>>(filter, {
      paperId: 1,
      moduleId: 1,
      topicId: 1,
      text: 1,
      ...BAND_PROJECTION,
    })
  ).filter((row) => sittingOfPaper.has(String(row.paperId)));
  const keys = rows.map((row) => keysOf(row).filter((key): key is string => key !== null));
  const byKey = new Map<string, number[]>();
  rows.forEach((_, i) => {
    for (const key of keys[i]!) {
      const members = byKey.get(key);
      if (members) members.push(i);
      else byKey.set(key, [i]);
    }
  });
  const shingles = new Map<number, Set<string>>();
  const shinglesAt = (i: number) => {
    let set = shingles.get(i);
    if (!set) shingles.set(i, (set = shinglesOf(rows[i]!.text)));
    return set;
  };
  const bump = (key: string | null) => counts.set(key, (counts.get(key) ?? 0) + 1);
  rows.forEach((row, i) => {
    const sitting = sittingOfPaper.get(String(row.paperId));
    const candidates = new Set<number>();
    for (const key of keys[i]!) {
      for (const j of byKey.get(key) ?? []) {
        if (sittingOfPaper.get(String(rows[j]!.paperId)) !== sitting) candidates.add(j);
      }
    }
    const isRepeated = [...candidates].some(
      (j) => jaccard(shinglesAt(i), shinglesAt(j)) >= SIMILARITY_THRESHOLD,
    );
    if (!isRepeated) return;
    if (!row.moduleId) {
      bump(null);
      return;
    }
    bump(String(row.moduleId));
    if (row.topicId) bump(String(row.topicId));
  });
  return counts;
}
