// The facets of a search: counts over all its hits, per kind, exam year and university.
import type { Types } from 'mongoose';
import type { SearchFacets, SearchType } from './schema.js';

/** What facets read of a hit. */
export interface FacetedHit {
  type: SearchType;
  doc: { examYear?: number | null; universityId?: Types.ObjectId };
}

/** The last four bytes of an id (the end of its random part and its counter). */
function tailOf(id: Types.ObjectId): number {
  const bytes = id.id;
  return ((bytes[8]! << 24) | (bytes[9]! << 16) | (bytes[10]! << 8) | bytes[11]!) >>> 0;
}

/**
 * Hits per university id. Ids are grouped by their last four bytes, which nearly always tell
 * them apart, and compared in full within a group: no id is turned into text but once per
 * university, and no hit is compared with more than the few ids sharing its tail.
 */
export function universityCounts(hits: readonly FacetedHit[]): Record<string, number> {
  const byTail = new Map<number, { id: Types.ObjectId; n: number }[]>();
  const seen: { id: Types.ObjectId; n: number }[] = [];
  for (const { doc } of hits) {
    const id = doc.universityId;
    if (!id) continue;
    const tail = tailOf(id);
    let group = byTail.get(tail);
    if (!group) byTail.set(tail, (group = []));
    const entry = group.find((candidate) => candidate.id.equals(id));
    if (entry) entry.n += 1;
    else {
      const fresh = { id, n: 1 };
      group.push(fresh);
      seen.push(fresh);
    }
  }
  return Object.fromEntries(seen.map(({ id, n }) => [String(id), n]));
}

/** The counts of these hits per kind (every kind present), exam year and university id. */
export function facetsOf(hits: readonly FacetedHit[]): SearchFacets {
  const type = { question: 0, paper: 0, subject: 0, topic: 0 };
  const examYear = new Map<number, number>();
  for (const { type: kind, doc } of hits) {
    type[kind] += 1;
    if (typeof doc.examYear === 'number')
      examYear.set(doc.examYear, (examYear.get(doc.examYear) ?? 0) + 1);
  }
  return {
    type,
    examYear: Object.fromEntries([...examYear].map(([year, n]) => [String(year), n])),
    universityId: universityCounts(hits),
  };
}

/** One value of a facet as a list shows it. */
export interface FacetEntry {
  value: string;
  count: number;
}

/**
 * A facet's counts as a list, in the order pages show them: exam years newest first,
 * universities with the most hits first (then by id, so that the order is stable).
 */
export function facetEntries(
  counts: Record<string, number>,
  facet: 'examYear' | 'universityId',
): FacetEntry[] {
  const entries = Object.entries(counts).map(([value, count]) => ({ value, count }));
  return facet === 'examYear'
    ? entries.sort((a, b) => Number(b.value) - Number(a.value))
    : entries.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
}
