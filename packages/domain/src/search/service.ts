// Ranked search over questions, papers and subjects. How a query runs:
// 1. its words become terms (tokens.ts); how common each is comes from the stem counts in
//    `searchterms` (one `_id` read per term; a word no document holds whole is probed);
// 2. the rarest terms' lookup keys are pushed to the database, one equality per key field (plus
//    the visibility and filter equalities), at most MAX_CANDIDATES documents per collection:
//    the engine answers each equality from an index and intersects them (plan.ts);
// 3. every term is checked in code on the words of those documents, then each hit is scored
//    (field weight x rarity per term), sorted (ties newest first), counted into facets and paged.
import type { Types } from 'mongoose';
import type { MaybeActor } from '../access.js';
import { mongoose } from '../db.js';
import { parseInput } from '../errors.js';
import { paginationMeta } from '../pagination.js';
import type { Page } from '../pagination.js';
import type { ModelName } from '../references.js';
import { isVisible, restrictFilter, viewerFor } from '../visibility.js';
import type { SharedViewer, Viewer, VisibleKind } from '../visibility.js';
import { searchableFieldsOf } from './indexing.js';
import type { SearchableFields } from './indexing.js';
import { frequenciesOf, pushedFilters } from './plan.js';
import { searchQuerySchema, SEARCH_TYPES } from './schema.js';
import type { SearchFacets, SearchHit, SearchType } from './schema.js';
import { facetsOf } from './facets.js';
import { shorten, snippetOf } from './snippet.js';
import { DOCUMENTS_KEY, readTermCounts } from './terms.js';
import { queryTerms, termMatcher } from './tokens.js';
import type { MatchKind } from './tokens.js';
import type { QueryTerm } from './tokens.js';

/** At most this many documents per collection and pushed filter are read for one query. */
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
  universityId?: Types.ObjectId;
  examYear?: number | null;
  status?: string;
  paperStatus?: string;
  [field: string]: unknown;
}

interface KindSpec {
  model: ModelName;
  visibility: VisibleKind;
  /** Subjects belong to no university, offering or year: any of those filters excludes them. */
  isGlobal: boolean;
  /** Fields read besides the searched ones. */
  extra: readonly string[];
  title: (doc: Candidate) => string;
  text: (doc: Candidate) => string;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

const KINDS: Record<SearchType, KindSpec> = {
  question: {
    model: 'Question',
    visibility: 'question',
    isGlobal: false,
    extra: ['universityId', 'paperStatus', 'examYear'],
    title: (doc) => shorten(str(doc.text)),
    text: (doc) => str(doc.text),
  },
  paper: {
    model: 'Paper',
    visibility: 'paper',
    isGlobal: false,
    extra: ['universityId', 'status', 'examYear'],
    title: (doc) => str(doc.title),
    text: (doc) => str(doc.title),
  },
  subject: {
    model: 'Subject',
    visibility: 'academic',
    isGlobal: true,
    extra: [],
    title: (doc) => str(doc.name),
    text: (doc) => str(doc.description) || str(doc.name),
  },
};

function searchedFields(spec: KindSpec): SearchableFields {
  const fields = searchableFieldsOf(mongoose.model(spec.model).schema);
  if (!fields) throw new Error(`${spec.model} is not searchable`);
  return fields;
}

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
  pushed: readonly Record<string, string>[],
): Promise<Candidate[]> {
  const fields = searchedFields(spec);
  const read = ['slug', 'createdAt', ...fields.title, ...fields.body, ...spec.extra];
  const projection = Object.fromEntries(read.map((f) => [f, 1]));
  const model = mongoose.model(spec.model);
  const lists = await Promise.all(
    pushed.map((keys) =>
      model
        .find({ ...filter, ...keys }, projection)
        .limit(MAX_CANDIDATES)
        // Every candidate in the first reply: one round trip instead of one per 101 documents.
        .batchSize(MAX_CANDIDATES)
        .lean<Candidate[]>()
        .exec(),
    ),
  );
  if (lists.length === 1) return lists[0]!;
  const byId = new Map<string, Candidate>();
  for (const doc of lists.flat()) byId.set(String(doc._id), doc);
  return [...byId.values()];
}

/** The score of a document, or null when a term does not match it. */
function scoreOf(
  doc: Candidate,
  fields: SearchableFields,
  match: (texts: readonly string[]) => MatchKind[],
  idf: readonly number[],
): number | null {
  const title = match(fields.title.map((f) => str(doc[f])));
  // The body counts only for terms the title does not match at all.
  const body = title.includes(null) ? match(fields.body.map((f) => str(doc[f]))) : title;
  let score = 0;
  for (const [i, inTitle] of title.entries()) {
    const kind = inTitle ?? body[i];
    if (!kind) return null;
    const weight = inTitle ? TITLE_WEIGHT : BODY_WEIGHT;
    score += weight * (kind === 'exact' ? 1 : PREFIX_FACTOR) * idf[i]!;
  }
  return score;
}

function byRelevance(a: Hit, b: Hit): number {
  if (b.score !== a.score) return b.score - a.score;
  const newer = b.doc.createdAt.getTime() - a.doc.createdAt.getTime();
  if (newer !== 0) return newer;
  return String(b.doc._id).localeCompare(String(a.doc._id));
}

function resultOf(
  hits: Hit[],
  terms: readonly QueryTerm[],
  page: number,
  limit: number,
): SearchResult {
  const from = (page - 1) * limit;
  const items = hits.slice(from, from + limit).map(({ type, doc, score }) => ({
    type,
    id: String(doc._id),
    slug: doc.slug,
    title: KINDS[type].title(doc),
    snippet: snippetOf(KINDS[type].text(doc), terms),
    score: Math.round(score * 10_000) / 10_000,
  }));
  return { items, pagination: paginationMeta(page, limit, hits.length), facets: facetsOf(hits) };
}

/**
 * Searches the questions, papers and subjects the caller may see: every word of `q` must match
 * (same stem, or the start of a word; case and accents ignored). Hits are ranked by field weight
 * and term rarity, ties newest first; facets count all hits. 400 when `q` is empty, over 100
 * characters, or holds only stop words and punctuation.
 */
export async function searchCatalog({
  actor,
  viewer: shared,
  query,
}: {
  actor: MaybeActor;
  /** The viewer this request already reads for the caller (see sharedViewer). */
  viewer?: SharedViewer;
  query?: unknown;
}): Promise<SearchResult> {
  const q = parseInput(searchQuerySchema, query ?? {});
  const terms = queryTerms(q.q);
  const types = q.type ? [q.type] : [...SEARCH_TYPES];
  const [viewer, frequencies, documents] = await Promise.all([
    viewerFor(actor, shared),
    frequenciesOf(
      terms,
      types.map((type) => KINDS[type].model),
    ),
    readTermCounts([DOCUMENTS_KEY]).then((counts) => counts.get(DOCUMENTS_KEY) ?? 0),
  ]);
  if (frequencies.some((n) => n === 0)) return resultOf([], terms, q.page, q.limit);
  const total = Math.max(1, documents, ...frequencies);
  const idf = frequencies.map((n) => Math.log(1 + total / n));
  const pushed = pushedFilters(terms, frequencies);
  const match = termMatcher(terms);

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
      const fields = searchedFields(spec);
      const hits: Hit[] = [];
      for (const doc of await candidatesOf(spec, filter, pushed)) {
        if (!isVisible(viewer, spec.visibility, doc)) continue;
        const score = scoreOf(doc, fields, match, idf);
        if (score !== null) hits.push({ type, doc, score });
      }
      return hits;
    }),
  );
  return resultOf(found.flat().sort(byRelevance), terms, q.page, q.limit);
}
