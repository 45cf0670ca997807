// Ranked search over questions, papers and subjects. How a query runs:
// 1. its words become terms (tokens.ts); how common each is comes from the stem counts in
//    `searchterms` (one `_id` read per term; a word no document holds whole is probed);
// 2. the rarest terms' lookup keys are pushed to the database, one equality per key field (plus
//    the visibility and filter equalities), at most MAX_CANDIDATES documents per collection
//    (the newest by id):
//    the engine answers each equality from an index and intersects them (plan.ts);
// 3. rank.ts checks every term in code on the words of those documents, scores each hit (field
//    weight x rarity per term), sorts them (ties newest first), counts facets and cuts the page.
import { parseInput } from '../errors.js';
// The search index reads the models it indexes directly (import-graph.test.ts allows it): one
// generic query per indexed model, built from each model's searchable fields.
import { PaperModel } from '../paper/model.js';
import { QuestionModel } from '../question/model.js';
import type { AnyModel } from '../storage/model-helpers.js';
import { SubjectModel } from '../subject/model.js';
import { asCaller, isVisible, restrictFilter } from '../visibility.js';
import type { Caller, CallerView, VisibleKind } from '../visibility.js';
import { searchableFieldsOf } from './indexing.js';
import type { SearchableFields } from './indexing.js';
import { frequenciesOf, pushedFilters } from './plan.js';
import { rankCandidates, rarityOf } from './rank.js';
import type { Candidate, CandidateList, SearchResult } from './rank.js';
import { searchQuerySchema, SEARCH_TYPES } from './schema.js';
import type { SearchType } from './schema.js';
import { DOCUMENTS_KEY, readTermCounts } from './terms.js';
import { queryTerms } from './tokens.js';

export type { SearchResult } from './rank.js';

/** At most this many documents per collection and pushed filter are read for one query, newest first. */
export const MAX_CANDIDATES = 2_000;

interface KindSpec {
  model: AnyModel;
  visibility: VisibleKind;
  /** Subjects belong to no university, offering or year: any of those filters excludes them. */
  isGlobal: boolean;
  /** Fields read besides the searched ones. */
  extra: readonly string[];
}

const KINDS: Record<SearchType, KindSpec> = {
  question: {
    model: QuestionModel,
    visibility: 'question',
    isGlobal: false,
    extra: ['universityId', 'visible', 'paperStatus', 'examYear'],
  },
  paper: {
    model: PaperModel,
    visibility: 'paper',
    isGlobal: false,
    extra: ['universityId', 'visible', 'status', 'examYear'],
  },
  subject: { model: SubjectModel, visibility: 'academic', isGlobal: true, extra: [] },
};

function searchedFields(spec: KindSpec): SearchableFields {
  const fields = searchableFieldsOf(spec.model.schema);
  if (!fields) throw new Error(`${spec.model.modelName} is not searchable`);
  return fields;
}

type Filters = { universityId?: string; subjectOfferingId?: string; examYear?: number };

/** The equality filter of one kind for this viewer and these filters, or null when none can match. */
function filterFor(
  spec: KindSpec,
  viewer: CallerView,
  filters: Filters,
): Record<string, unknown> | null {
  const wanted = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
  if (spec.isGlobal) return Object.keys(wanted).length > 0 ? null : {};
  return restrictFilter(viewer, spec.visibility, wanted);
}

async function candidatesOf(
  spec: KindSpec,
  fields: SearchableFields,
  filter: Record<string, unknown>,
  pushed: readonly Record<string, string>[],
): Promise<Candidate[]> {
  const read = ['slug', 'createdAt', ...fields.title, ...fields.body, ...spec.extra];
  const projection = Object.fromEntries(read.map((f) => [f, 1]));
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
  actor: Caller;
  query?: unknown;
}): Promise<SearchResult> {
  const q = parseInput(searchQuerySchema, query ?? {});
  const terms = queryTerms(q.q);
  const types = q.type ? [q.type] : [...SEARCH_TYPES];
  const [viewer, frequencies, documents] = await Promise.all([
    asCaller(actor).view(),
    frequenciesOf(
      terms,
      types.map((type) => KINDS[type].model),
    ),
    readTermCounts([DOCUMENTS_KEY]).then((counts) => counts.get(DOCUMENTS_KEY) ?? 0),
  ]);
  const shown = { terms, page: q.page, limit: q.limit };
  if (frequencies.some((n) => n === 0)) return rankCandidates({ ...shown, rarity: [], lists: [] });
  const pushed = pushedFilters(terms, frequencies);

  const filters: Filters = {
    universityId: q.universityId,
    subjectOfferingId: q.subjectOfferingId,
    examYear: q.examYear,
  };
  const lists = await Promise.all(
    types.map(async (type): Promise<CandidateList> => {
      const spec = KINDS[type];
      const fields = searchedFields(spec);
      const filter = filterFor(spec, viewer, filters);
      const docs = filter ? await candidatesOf(spec, fields, filter, pushed) : [];
      return { type, fields, docs };
    }),
  );
  return rankCandidates({
    ...shown,
    rarity: rarityOf(frequencies, documents),
    lists,
    keep: (type, doc) => isVisible(viewer, KINDS[type].visibility, doc),
  });
}
