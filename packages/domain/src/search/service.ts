// Ranked search over questions, papers, subjects and syllabus topics. How a query runs:
// 1. its words become terms (tokens.ts); how common each is comes from the stem counts in
//    `searchterms` (one `_id` `$in` with the document count and the generations of the records
//    the context keeps, beside the caller's view; a word no document holds whole is probed);
// 2. the rarest terms' lookup keys are pushed to the database, one equality per key field (plus
//    the visibility and filter equalities), at most MAX_CANDIDATES documents per collection
//    (the newest by id):
//    the engine answers each equality from an index and intersects them (plan.ts);
// 3. rank.ts checks every term in code on the words of those documents, scores each hit (field
//    weight x rarity per term, raised by title coverage), sorts them (ties newest first), folds
//    near-identical questions into one hit (grouping.ts), counts facets and cuts the page;
// 4. a query as typed that finds nothing gets its unmatched words corrected (corrections.ts);
// 5. the page's hits get their context (context.ts; its records mostly kept, context-cache.ts).
// On an engine with our `searchEntries` command (patch 0009), steps 2 and 3 are one command over
// the small search entries instead (engine.ts): the database ranks, groups, counts and facets,
// and only the page's documents are read, by id. An engine without it (FerretDB as released,
// MongoDB) answers in process as above, decided once per connection.
import { Types } from 'mongoose';
import { parseInput } from '../errors.js';
import { paginationMeta } from '../listing/pagination.js';
import { findAllOf } from '../storage/find-command.js';
import { asCaller, isVisible } from '../visibility.js';
import type { Caller, CallerView } from '../visibility.js';
import type { SearchableFields } from './indexing.js';
import { withContext } from './context.js';
import { generationsOf } from './context-cache.js';
import { GENERATION_KEYS } from './context-generations.js';
import { CANDIDATES_PER_WORD, correctionsOf, isCorrectable } from './corrections.js';
import { groupNearIdentical } from './grouping.js';
import { filterFor, KINDS, pageProjectionOf, projectionOf, searchedFields } from './kinds.js';
import type { Filters, KindSpec } from './kinds.js';
import { frequenciesOf, pushedFilters } from './plan.js';
import { searchInEngine } from './engine.js';
import type { EngineHit } from './engine.js';
import { itemsOf, rankCandidates, rarityOf } from './rank.js';
import type { Candidate, CandidateList, Hit, RankedPage, SearchResult } from './rank.js';
import { searchQuerySchema, SEARCH_TYPES, unsearchableReason } from './schema.js';
import type { SearchType } from './schema.js';
import { countsOf, DOCUMENTS_KEY, readTermRows, stemKey } from './terms.js';
import { fold, queryTerms, stemOf, wordsOf } from './tokens.js';
import type { QueryTerm } from './tokens.js';

export type { SearchResult } from './rank.js';

/** At most this many documents per collection and pushed filter are read for one query, newest first. */
export const MAX_CANDIDATES = 2_000;

async function candidatesOf(
  spec: KindSpec,
  fields: SearchableFields,
  filter: Record<string, unknown>,
  pushed: readonly Record<string, string>[],
): Promise<Candidate[]> {
  const projection = projectionOf(spec, fields);
  const lists = await Promise.all(
    pushed.map((keys) =>
      spec.model
        .find({ ...filter, ...keys }, projection)
        // The newest by id: the engine answers a sorted find's exact filter, page and projection
        // in PostgreSQL, and decodes only the fields read.
        .sort({ _id: -1 })
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

interface Run {
  /** `engine`: the database ranks and counts when it can (engine.ts); `in-process`: always here. */
  path: 'engine' | 'in-process';
  viewer: CallerView;
  types: readonly SearchType[];
  filters: Filters;
  documents: number;
  /** Stem counts read with the document count (terms.ts), for the query's terms as typed. */
  counts: ReadonlyMap<string, number>;
  page: number;
  limit: number;
}

/** The ranked, grouped page of one set of terms, and how many documents each term matches. */
async function runTerms(
  terms: readonly QueryTerm[],
  run: Run,
): Promise<{ page: RankedPage; frequencies: number[] }> {
  const frequencies = await frequenciesOf(
    terms,
    run.types.map((type) => KINDS[type].model),
    run.counts,
  );
  const shown = { terms, page: run.page, limit: run.limit };
  if (frequencies.some((n) => n === 0)) {
    return { page: rankCandidates({ ...shown, rarity: [], lists: [] }), frequencies };
  }
  const rarity = rarityOf(frequencies, run.documents);
  const inEngine = run.path === 'engine' ? await engineRun(terms, rarity, run) : null;
  if (inEngine) return { page: inEngine, frequencies };
  const pushed = pushedFilters(terms, frequencies);
  const lists = await Promise.all(
    run.types.map(async (type): Promise<CandidateList> => {
      const spec = KINDS[type];
      const fields = searchedFields(spec);
      const filter = filterFor(spec, run.viewer, run.filters);
      const docs = filter ? await candidatesOf(spec, fields, filter, pushed) : [];
      return { type, fields, docs };
    }),
  );
  const page = rankCandidates({
    ...shown,
    rarity,
    lists,
    keep: (type, doc) => isVisible(run.viewer, KINDS[type].visibility, doc),
    group: groupNearIdentical,
  });
  return { page, frequencies };
}

/**
 * The page the engine ranked, grouped and counted (engine.ts), its documents read by id for
 * their titles, snippets and context; null when the engine cannot answer.
 */
async function engineRun(
  terms: readonly QueryTerm[],
  rarity: readonly number[],
  run: Run,
): Promise<RankedPage | null> {
  const types = run.types.flatMap((type) => {
    const filter = filterFor(KINDS[type], run.viewer, run.filters);
    return filter ? [{ type, filter }] : [];
  });
  const answer = await searchInEngine({ terms, rarity, types, page: run.page, limit: run.limit });
  if (!answer) return null;
  const docs = await pageDocuments(answer.hits);
  const shown: Hit[] = answer.hits.flatMap(({ id, type, score, members }) => {
    const doc = docs.get(id);
    // A document deleted since its entry was read is left out.
    if (!doc) return [];
    const others = members.flatMap((member) => docs.get(member) ?? []);
    return [{ type, doc, score, ...(others.length > 0 ? { members: others } : {}) }];
  });
  return {
    items: itemsOf(shown, terms),
    shown,
    pagination: paginationMeta(run.page, run.limit, answer.total),
    facets: answer.facets,
    corrected: null,
    hint: null,
  };
}

/**
 * The page's hits and their groups' members, read by id with the fields search reads: one
 * command (find-command.ts), as readByIds would send it through a cursor.
 */
async function pageDocuments(hits: readonly EngineHit[]): Promise<Map<string, Candidate>> {
  const ids = new Map<SearchType, string[]>();
  for (const hit of hits) {
    ids.set(hit.type, [...(ids.get(hit.type) ?? []), hit.id, ...hit.members]);
  }
  const lists = await Promise.all(
    [...ids].map(([type, list]) => {
      const spec = KINDS[type];
      const filter = { _id: { $in: list.map((id) => new Types.ObjectId(id)) } };
      const projection = pageProjectionOf(spec, searchedFields(spec));
      return findAllOf<Candidate>(spec.model, filter, projection, list.length + 1);
    }),
  );
  return new Map(lists.flat().map((doc) => [String(doc._id), doc]));
}

/**
 * The first corrected query that finds hits the caller may see: each word that matched nothing
 * (and may be corrected) replaced by its best catalog word, then its next best. Null when none
 * finds anything. Only words that match nothing are corrected, so every hit of the query as
 * typed (exact or prefix) would rank above a corrected one: there are none.
 */
async function correctedRun(
  q: string,
  terms: readonly QueryTerm[],
  run: Run,
): Promise<{ page: RankedPage; corrected: string } | null> {
  // No document holds a word of its stem: the probe's count of words it starts is a superset.
  const wrong = terms.flatMap((term, i) => (run.counts.get(stemKey(term.stem)) ? [] : [i]));
  if (wrong.length === 0 || !wrong.every((i) => isCorrectable(terms[i]!))) return null;
  const options = await Promise.all(wrong.map((i) => correctionsOf(terms[i]!, run.documents)));
  for (let attempt = 0; attempt < CANDIDATES_PER_WORD; attempt += 1) {
    const picks = options.map((list) => list[Math.min(attempt, list.length - 1)]);
    if (picks.some((pick) => !pick)) return null;
    if (attempt > 0 && options.every((list) => list.length <= attempt)) return null;
    const fixed = [...terms];
    wrong.forEach((i, n) => (fixed[i] = picks[n]!.term));
    const { page } = await runTerms(fixed, run);
    if (page.pagination.total === 0) continue;
    const shownWords = wrong.map((i, n) => shownWordOf(page, fixed[i]!) ?? picks[n]!.word);
    return {
      page,
      corrected: replaceWords(
        q,
        wrong.map((i) => terms[i]!.word),
        shownWords,
      ),
    };
  }
  return null;
}

/** A word of the best hit with the term's stem (what the corrected query shows), or null. */
function shownWordOf(page: RankedPage, term: QueryTerm): string | null {
  const hit = page.shown[0];
  if (!hit) return null;
  const texts = [...new Set([hit.doc.slug, hit.doc.text, hit.doc.title, hit.doc.name])];
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    const word = wordsOf(text).find((w) => stemOf(w) === term.stem);
    if (word) return word;
  }
  return null;
}

/** The query with each of `from` (folded words) replaced by the word at the same place in `to`. */
function replaceWords(q: string, from: readonly string[], to: readonly string[]): string {
  return q
    .split(/(\s+)/)
    .map((part) => {
      const i = from.indexOf(fold(part).replace(/[^\p{L}\p{N}]+/gu, ''));
      return i >= 0 ? to[i]! : part;
    })
    .join('')
    .trim();
}

/**
 * Searches the questions, papers, subjects and syllabus topics the caller may see: every word of
 * `q` must match (same stem, or the start of a word; case and accents ignored). Hits are ranked
 * by field weight, term rarity and title coverage, ties newest first; near-identical questions
 * are one hit (the newest); facets count all hits after that grouping; each hit carries its
 * context. A word of 5 or more letters that matches nothing is corrected (`corrected`). A query
 * with no searchable word answers no hits and a `hint`; 400 when `q` is empty, over 100
 * characters or malformed.
 */
export async function searchCatalog(args: {
  actor: Caller;
  query?: unknown;
}): Promise<SearchResult> {
  return (await searchPageBy('engine', args)).result;
}

/**
 * searchCatalog by one path (`engine`: the database's command when it has one, else in process;
 * `in-process`: always here), with the page's hits as ranked (exact scores, grouped members):
 * what the engine's differential test compares.
 */
export async function searchPageBy(
  path: Run['path'],
  { actor, query }: { actor: Caller; query?: unknown },
): Promise<{ result: SearchResult; shown: readonly Hit[] }> {
  const q = parseInput(searchQuerySchema, query ?? {});
  const terms = queryTerms(q.q);
  const empty = { terms, page: q.page, limit: q.limit, rarity: [], lists: [] };
  const hint = unsearchableReason(q.q);
  if (hint) {
    const { shown, ...result } = rankCandidates(empty);
    return { result: { ...result, hint }, shown };
  }
  // The caller's view, the document count, the terms' stem counts and the generations of the
  // records the context keeps (context-cache.ts) in one wave: the last two in one command.
  const countKeys = [DOCUMENTS_KEY, ...terms.map((term) => stemKey(term.stem))];
  const [viewer, termRows] = await Promise.all([
    asCaller(actor).view(),
    readTermRows([...countKeys, ...GENERATION_KEYS]),
  ]);
  const counts = countsOf(countKeys, termRows);
  const run: Run = {
    path,
    viewer,
    types: q.type ? [q.type] : [...SEARCH_TYPES],
    filters: {
      universityId: q.universityId,
      subjectOfferingId: q.subjectOfferingId,
      examYear: q.examYear,
    },
    documents: counts.get(DOCUMENTS_KEY) ?? 0,
    counts,
    page: q.page,
    limit: q.limit,
  };
  const first = await runTerms(terms, run);
  const fixed = first.page.pagination.total === 0 ? await correctedRun(q.q, terms, run) : null;
  const { shown, items, ...rest } = fixed?.page ?? first.page;
  const result = {
    ...rest,
    items: await withContext(viewer, items, shown, generationsOf(termRows)),
    corrected: fixed?.corrected ?? null,
  };
  return { result, shown };
}
