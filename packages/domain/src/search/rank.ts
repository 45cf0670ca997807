// Ranking of the documents a search read: which match every term, how well, in what order, the
// page shown and the facets over all hits. Pure code on rows already read (service.ts reads them);
// the benchmark's bare-driver floor ranks the rows it reads with it too, so both answer alike.
import type { Types } from 'mongoose';
import { paginationMeta } from '../listing/pagination.js';
import type { Page } from '../listing/pagination.js';
import { facetsOf } from './facets.js';
import type { SearchableFields } from './fields.js';
import type { SearchFacets, SearchHit, SearchHitContext, SearchType } from './schema.js';
import { shorten, snippetOf } from './snippet.js';
import { stemOf, termMatcher, wordsOf } from './tokens.js';
import type { MatchKind, QueryTerm } from './tokens.js';

/** Weight of a term found in a title-like field (title, slug, name, code). */
export const TITLE_WEIGHT = 3;
/** Weight of a term found in body text only. */
export const BODY_WEIGHT = 1;
/** Factor for a term that only starts a word (no word with its stem). */
export const PREFIX_FACTOR = 0.5;
/** At most this share is added to a score for a title wholly made of the query's words. */
export const COVERAGE_WEIGHT = 0.2;

/** A document read for a search: its searched fields, plus what ranking, facets and visibility read. */
export interface Candidate {
  _id: Types.ObjectId;
  createdAt: Date;
  slug: string;
  universityId?: Types.ObjectId;
  examYear?: number | null;
  visible?: boolean;
  status?: string;
  paperStatus?: string;
  [field: string]: unknown;
}

/** The candidates of one kind, with the fields its schema searches. */
export interface CandidateList {
  type: SearchType;
  fields: SearchableFields;
  docs: readonly Candidate[];
}

/** A page of hits with the facets counted over all of them. */
export interface SearchResult extends Page<SearchHit> {
  facets: SearchFacets;
  /** The query searched when a word was corrected, else null. */
  corrected: string | null;
  /** Why nothing was searched (stop words only, too short), else null. */
  hint: string | null;
}

/** The context of a hit before context.ts reads it: nothing known. */
export const NO_CONTEXT: SearchHitContext = {
  paper: null,
  university: null,
  subject: null,
  subjectOfferingId: null,
  module: null,
  topic: null,
  marks: null,
  askedInLast: null,
  alsoAsked: [],
};

/** A document that matched every term, with its score; a grouped hit also holds its members. */
export interface Hit {
  type: SearchType;
  doc: Candidate;
  score: number;
  /** Near-identical questions shown as this one hit (grouping.ts), older than `doc`. */
  members?: readonly Candidate[];
}

/** A page of hits, with the hits of the page as ranked (for their context). */
export interface RankedPage extends SearchResult {
  shown: readonly Hit[];
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** How a hit of each kind is shown: its title, and the text its snippet is cut from. */
const SHOWN: Record<
  SearchType,
  { title: (doc: Candidate) => string; text: (doc: Candidate) => string }
> = {
  question: { title: (doc) => shorten(str(doc.text)), text: (doc) => str(doc.text) },
  paper: { title: (doc) => str(doc.title), text: (doc) => str(doc.title) },
  subject: { title: (doc) => str(doc.name), text: (doc) => str(doc.description) || str(doc.name) },
  topic: { title: (doc) => str(doc.title), text: (doc) => str(doc.title) },
};

/**
 * The weight of each term by its rarity: `frequencies` are the documents each term matches,
 * `documents` the searchable documents in all.
 */
export function rarityOf(frequencies: readonly number[], documents: number): number[] {
  const total = Math.max(1, documents, ...frequencies);
  return frequencies.map((n) => Math.log(1 + total / n));
}

/**
 * The terms a title matched over its distinct words (stems), at most 1. At scale the same words
 * fill many titles (a subject's name in each of its papers, a topic's in its questions' slugs):
 * the topic or subject whose title is the query is the better match.
 */
function coverageOf(titles: readonly string[], title: readonly MatchKind[]): number {
  const matched = title.filter(Boolean).length;
  if (matched === 0) return 0;
  const stems = new Set(titles.flatMap((text) => wordsOf(text).map(stemOf)));
  return Math.min(1, matched / Math.max(1, stems.size));
}

/**
 * The score of a document, or null when a term does not match it: each term's field weight x
 * match factor x rarity, summed, then raised by up to COVERAGE_WEIGHT by the title's coverage.
 */
function scoreOf(
  doc: Candidate,
  fields: SearchableFields,
  match: (texts: readonly string[]) => MatchKind[],
  rarity: readonly number[],
): number | null {
  const titles = fields.title.map((f) => str(doc[f]));
  const title = match(titles);
  // The body counts only for terms the title does not match at all.
  const body = title.includes(null) ? match(fields.body.map((f) => str(doc[f]))) : title;
  let score = 0;
  for (const [i, inTitle] of title.entries()) {
    const kind = inTitle ?? body[i];
    if (!kind) return null;
    const weight = inTitle ? TITLE_WEIGHT : BODY_WEIGHT;
    score += weight * (kind === 'exact' ? 1 : PREFIX_FACTOR) * rarity[i]!;
  }
  return score * (1 + COVERAGE_WEIGHT * coverageOf(titles, title));
}

/** Score, then newest first, then id: the order of hits. */
export function byRelevance(a: Hit, b: Hit): number {
  if (b.score !== a.score) return b.score - a.score;
  const newer = b.doc.createdAt.getTime() - a.doc.createdAt.getTime();
  if (newer !== 0) return newer;
  return String(b.doc._id).localeCompare(String(a.doc._id));
}

/** The page's hits as shown (context still unknown): title, snippet, the score rounded. */
export function itemsOf(shown: readonly Hit[], terms: readonly QueryTerm[]): SearchHit[] {
  return shown.map(({ type, doc, score }) => ({
    type,
    id: String(doc._id),
    // A topic has no slug: its id stands in.
    slug: doc.slug ?? String(doc._id),
    title: SHOWN[type].title(doc),
    snippet: snippetOf(SHOWN[type].text(doc), terms),
    score: Math.round(score * 10_000) / 10_000,
    context: NO_CONTEXT,
  }));
}

/**
 * Ranks the candidates of a query: every term must match a document (checked on its words);
 * hits are scored by field weight, term rarity and title coverage, ordered by score then newest
 * first, and the page `page` of `limit` hits is shown, with facets counted over all hits. `keep`
 * drops the candidates the caller may not see before anything is counted; `group` folds hits
 * together (near-identical questions) before the page is cut and anything is counted.
 */
export function rankCandidates({
  terms,
  rarity,
  lists,
  page,
  limit,
  keep,
  group,
}: {
  terms: readonly QueryTerm[];
  rarity: readonly number[];
  lists: readonly CandidateList[];
  page: number;
  limit: number;
  keep?: (type: SearchType, doc: Candidate) => boolean;
  group?: (hits: readonly Hit[]) => Hit[];
}): RankedPage {
  const match = termMatcher(terms);
  const hits: Hit[] = [];
  for (const { type, fields, docs } of lists) {
    for (const doc of docs) {
      if (keep && !keep(type, doc)) continue;
      const score = scoreOf(doc, fields, match, rarity);
      if (score !== null) hits.push({ type, doc, score });
    }
  }
  hits.sort(byRelevance);
  const counted = group ? group(hits) : hits;
  const from = (page - 1) * limit;
  const shown = counted.slice(from, from + limit);
  return {
    items: itemsOf(shown, terms),
    shown,
    pagination: paginationMeta(page, limit, counted.length),
    facets: facetsOf(counted),
    corrected: null,
    hint: null,
  };
}
