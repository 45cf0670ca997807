// Ranked search over questions, papers and subjects. How a query runs:
// 1. its words become terms (tokens.ts); the document frequency of each term's stem is read
//    from `searchterms` (one `_id` read per term; a word held by no document whole is probed);
// 2. the rarest term is pushed to the database as ONE equality on `searchKeys` (plus the
//    visibility and filter equalities), per searched collection, at most MAX_CANDIDATES
//    documents each: the engine answers it from an index;
// 3. every other term is checked in code on those documents, then each hit is scored (field
//    weight x rarity per term), sorted (ties newest first), counted into facets and paged.
import type { Types } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { mongoose } from '../db.js';
import { parseInput } from '../errors.js';
import { paginationMeta } from '../pagination.js';
import type { Page } from '../pagination.js';
import type { ModelName } from '../references.js';
import { isVisible, restrictFilter, viewerFor } from '../visibility.js';
import type { Viewer, VisibleKind } from '../visibility.js';
import { searchQuerySchema, SEARCH_TYPES } from './schema.js';
import type { SearchFacets, SearchHit, SearchType } from './schema.js';
import { shorten, snippetOf } from './snippet.js';
import { DOCUMENTS_KEY, readTermCounts } from './terms.js';
import { matchesTitle, matchKind, queryTerms, STEM_MARK } from './tokens.js';
import type { QueryTerm } from './tokens.js';

/** At most this many documents per collection and pushed key are read for one query. */
export const MAX_CANDIDATES = 2_000;
/** Weight of a term found in a title-like field (title, slug, name, code). */
export const TITLE_WEIGHT = 3;
/** Weight of a term found in body text only. */
export const BODY_WEIGHT = 1;
/** Factor for a term that only starts a word (no word with its stem). */
export const PREFIX_FACTOR = 0.5;

interface Candidate {
  _id: Types.ObjectId;
  createdAt: Date;
  slug: string;
  searchKeys?: string[] | null;
  searchTitleKeys?: string[] | null;
  universityId?: Types.ObjectId;
  examYear?: number | null;
  status?: string;
  paperStatus?: string;
  text?: string;
  title?: string;
  name?: string;
  description?: string | null;
}

interface KindSpec {
  model: ModelName;
  visibility: VisibleKind;
  /** Subjects belong to no university, offering or year: any of those filters excludes them. */
  isGlobal: boolean;
  fields: readonly string[];
  title: (doc: Candidate) => string;
  text: (doc: Candidate) => string;
}

const SHARED_FIELDS = ['slug', 'createdAt', 'searchKeys', 'searchTitleKeys'];

const KINDS: Record<SearchType, KindSpec> = {
  question: {
    model: 'Question',
    visibility: 'question',
    isGlobal: false,
    fields: [...SHARED_FIELDS, 'text', 'universityId', 'paperStatus', 'examYear'],
    title: (doc) => shorten(doc.text ?? ''),
    text: (doc) => doc.text ?? '',
  },
  paper: {
    model: 'Paper',
    visibility: 'paper',
    isGlobal: false,
    fields: [...SHARED_FIELDS, 'title', 'universityId', 'status', 'examYear'],
    title: (doc) => doc.title ?? '',
    text: (doc) => doc.title ?? '',
  },
  subject: {
    model: 'Subject',
    visibility: 'academic',
    isGlobal: true,
    fields: [...SHARED_FIELDS, 'name', 'description'],
    title: (doc) => doc.name ?? '',
    text: (doc) => doc.description || doc.name || '',
  },
};

interface Hit {
  type: SearchType;
  doc: Candidate;
  score: number;
}

/** A page of hits with the facets counted over all of them. */
export interface SearchResult extends Page<SearchHit> {
  facets: SearchFacets;
}

type Filters = { universityId?: string; subjectOfferingId?: string; examYear?: number };

/** The equality filter of one kind for this viewer and these filters, or null when none can match. */
function filterFor(
  spec: KindSpec,
  viewer: Viewer,
  filters: Filters,
): Record<string, unknown> | null {
  const wanted = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
  if (spec.isGlobal) return Object.keys(wanted).length > 0 ? null : {};
  return restrictFilter(viewer, spec.visibility, wanted);
}

async function candidatesOf(
  spec: KindSpec,
  filter: Record<string, unknown>,
  lookups: readonly string[],
): Promise<Candidate[]> {
  const model = mongoose.model(spec.model);
  const projection = Object.fromEntries(spec.fields.map((f) => [f, 1]));
  const lists = await Promise.all(
    lookups.map((key) =>
      model
        .find({ ...filter, searchKeys: key }, projection)
        .limit(MAX_CANDIDATES)
        .lean<Candidate[]>()
        .exec(),
    ),
  );
  if (lists.length === 1) return lists[0]!;
  const byId = new Map<string, Candidate>();
  for (const doc of lists.flat()) byId.set(String(doc._id), doc);
  return [...byId.values()];
}

function scoreOf(
  doc: Candidate,
  terms: readonly QueryTerm[],
  idf: readonly number[],
): number | null {
  const keys = new Set(doc.searchKeys ?? []);
  const titleKeys = doc.searchTitleKeys ?? [];
  let score = 0;
  for (const [i, term] of terms.entries()) {
    const kind = matchKind(keys, term);
    if (!kind) return null;
    const weight = matchesTitle(titleKeys, term) ? TITLE_WEIGHT : BODY_WEIGHT;
    score += weight * (kind === 'exact' ? 1 : PREFIX_FACTOR) * idf[i]!;
  }
  return score;
}

function facetsOf(hits: readonly Hit[]): SearchFacets {
  const facets: SearchFacets = {
    type: { question: 0, paper: 0, subject: 0 },
    examYear: {},
    universityId: {},
  };
  const bump = (counts: Record<string, number>, key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };
  for (const { type, doc } of hits) {
    facets.type[type] += 1;
    if (typeof doc.examYear === 'number') bump(facets.examYear, String(doc.examYear));
    if (doc.universityId) bump(facets.universityId, String(doc.universityId));
  }
  return facets;
}

function byRelevance(a: Hit, b: Hit): number {
  if (b.score !== a.score) return b.score - a.score;
  const newer = b.doc.createdAt.getTime() - a.doc.createdAt.getTime();
  if (newer !== 0) return newer;
  return String(b.doc._id).localeCompare(String(a.doc._id));
}

/** Documents read to estimate how common a word that no document holds whole is (a prefix). */
export const PREFIX_PROBE = 50;

/**
 * How many documents each term matches: the counted documents of its stem, or, for a word no
 * document holds whole (typed in part, or absent), the documents a bounded probe of its lookups
 * finds (0: no document matches it, so the query has no hits).
 */
async function frequenciesOf(
  terms: readonly QueryTerm[],
  types: readonly SearchType[],
): Promise<number[]> {
  const counts = await readTermCounts(terms.map((t) => STEM_MARK + t.stem));
  return Promise.all(
    terms.map(async (term) => {
      const counted = counts.get(STEM_MARK + term.stem) ?? 0;
      if (counted > 0) return counted;
      const probes = await Promise.all(
        types.flatMap((type) =>
          term.lookups.map((key) =>
            mongoose
              .model(KINDS[type].model)
              .find({ searchKeys: key }, { _id: 1 })
              .limit(PREFIX_PROBE)
              .lean<{ _id: unknown }[]>()
              .exec(),
          ),
        ),
      );
      return new Set(probes.flat().map((doc) => String(doc._id))).size;
    }),
  );
}

function emptyResult(page: number, limit: number): SearchResult {
  return { items: [], pagination: paginationMeta(page, limit, 0), facets: facetsOf([]) };
}

/**
 * Searches the questions, papers and subjects the caller may see: every word of `q` must match
 * (same stem, or the start of a word; case and accents ignored). Hits are ranked by field weight
 * and term rarity, ties newest first; facets count all hits. 400 when `q` is empty, over 100
 * characters, or holds only stop words and punctuation.
 */
export async function searchCatalog({
  actor,
  query,
}: {
  actor: MaybeActor;
  query?: unknown;
}): Promise<SearchResult> {
  const q = parseInput(searchQuerySchema, query ?? {});
  const terms = queryTerms(q.q);
  const types = q.type ? [q.type] : [...SEARCH_TYPES];
  const [viewer, frequencies, documents] = await Promise.all([
    viewerFor(actor),
    frequenciesOf(terms, types),
    readTermCounts([DOCUMENTS_KEY]).then((counts) => counts.get(DOCUMENTS_KEY) ?? 0),
  ]);
  if (frequencies.some((n) => n === 0)) return emptyResult(q.page, q.limit);
  const total = Math.max(1, documents, ...frequencies);
  const idf = frequencies.map((n) => Math.log(1 + total / n));
  const rarest = terms[frequencies.indexOf(Math.min(...frequencies))]!;

  const filters: Filters = {
    universityId: q.universityId,
    subjectOfferingId: q.subjectOfferingId,
    examYear: q.examYear,
  };
  const found = await Promise.all(
    types.map(async (type) => {
      const spec = KINDS[type];
      const filter = filterFor(spec, viewer, filters);
      if (!filter) return [];
      const docs = await candidatesOf(spec, filter, rarest.lookups);
      const hits: Hit[] = [];
      for (const doc of docs) {
        if (!isVisible(viewer, spec.visibility, doc)) continue;
        const score = scoreOf(doc, terms, idf);
        if (score !== null) hits.push({ type, doc, score });
      }
      return hits;
    }),
  );
  const hits = found.flat().sort(byRelevance);

  const from = (q.page - 1) * q.limit;
  const items = hits.slice(from, from + q.limit).map(({ type, doc, score }) => ({
    type,
    id: String(doc._id),
    slug: doc.slug,
    title: KINDS[type].title(doc),
    snippet: snippetOf(KINDS[type].text(doc), terms),
    score: Math.round(score * 10_000) / 10_000,
  }));
  return {
    items,
    pagination: paginationMeta(q.page, q.limit, hits.length),
    facets: facetsOf(hits),
  };
}
