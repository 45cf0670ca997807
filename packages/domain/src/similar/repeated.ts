// Which questions of an offering were also asked in another sitting: a question is repeated when
// a near-identical question (similar/signature.ts) sits in a paper of the same offering from
// another sitting (exam year and type). Computed in memory from the offering's visible
// questions, read once by the caller (coverage.ts) with REPEATED_PROJECTION: their band keys
// group the candidates, the exact Jaccard index confirms them.
import { BAND_PROJECTION, keysOf } from './plugin.js';
import { isNearIdentical, jaccard, shinglesOf } from './signature.js';

/** A question as countRepeated reads it. */
export interface RepeatedRow {
  paperId: unknown;
  moduleId?: unknown;
  topicId?: unknown;
  text: string;
}

/** The fields of a question countRepeated needs: its place, its text and its band keys. */
export const REPEATED_PROJECTION: Record<string, 1> = {
  paperId: 1,
  moduleId: 1,
  topicId: 1,
  text: 1,
  ...BAND_PROJECTION,
};

/** Repeated questions per module id, topic id, and `null` for those without a module. */
export type RepeatedCounts = Map<string | null, number>;

/**
 * Counts the repeated questions among `questions` (the offering's questions the viewer may see,
 * read with REPEATED_PROJECTION), given the sitting (`year|type`) of each visible paper; a
 * question of another paper is left out.
 */
export function countRepeated(
  questions: readonly (RepeatedRow & Record<string, unknown>)[],
  sittingOfPaper: ReadonlyMap<string, string>,
): RepeatedCounts {
  const counts: RepeatedCounts = new Map();
  const rows = questions.filter((row) => sittingOfPaper.has(String(row.paperId)));
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
    const isRepeated = [...candidates].some((j) =>
      isNearIdentical(jaccard(shinglesAt(i), shinglesAt(j))),
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
