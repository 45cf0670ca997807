// The facets of a search: counts over all its hits, per kind, exam year and university.
import type { Types } from 'mongoose';
import type { SearchFacets, SearchType } from './schema.js';

/** What facets read of a hit. */
export interface FacetedHit {
  type: SearchType;
  doc: { examYear?: number | null; universityId?: Types.ObjectId };
}

/** Distinct universities compared id to id before the rest are counted by their text. */
const FEW_UNIVERSITIES = 32;

/**
 * Hits per university id. A hit's id is compared with the few distinct ones seen so far, which
 * costs less than turning every id into text (a page of hits usually spans a few universities).
 */
export function universityCounts(hits: readonly FacetedHit[]): Record<string, number> {
  const few: { id: Types.ObjectId; n: number }[] = [];
  const many = new Map<string, number>();
  for (const { doc } of hits) {
    const id = doc.universityId;
    if (!id) continue;
    const seen = few.find((entry) => entry.id.equals(id));
    if (seen) seen.n += 1;
    else if (few.length < FEW_UNIVERSITIES) few.push({ id, n: 1 });
    else many.set(String(id), (many.get(String(id)) ?? 0) + 1);
  }
  return Object.fromEntries([...few.map(({ id, n }) => [String(id), n] as const), ...many]);
}

/** The counts of these hits per kind (every kind present), exam year and university id. */
export function facetsOf(hits: readonly FacetedHit[]): SearchFacets {
  const type = { question: 0, paper: 0, subject: 0 };
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
