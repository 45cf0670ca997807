// The search entry of a document (docs/decisions/0013; the shape is fixed by the team's
// SEARCH-ENTRIES note, restated on EntryDoc below): one small row per searchable question, paper,
// subject and topic in `searchentries`, so that a database can count, facet and rank a query
// without reading the wide documents. `k` is one string of lexemes from which a database decides,
// by lexeme equality and prefix alone, how each query term matches the document, exactly as
// rank.ts decides it on the text. A lexeme is a field mark (`t` title, `b` body), a kind mark and
// a folded word (cut as tokens.ts cuts it): `s<stem>` a word's Porter stem, `w<word>` a word
// differing from its stem, `e<word>` a word that is its own stem (both at once). Body words the
// title holds are left out: rank.ts weighs a term by the title whenever the title matches it at
// all. `n` is the title's count of distinct stems, the denominator of rank.ts's coverage factor.
// entryScore is the reference the engine's statement and the differential test compare with.
import { model, Schema } from 'mongoose';
import type { Types } from 'mongoose';
import { BODY_WEIGHT, COVERAGE_WEIGHT, PREFIX_FACTOR, TITLE_WEIGHT } from './rank.js';
import { SEARCHED_FIELDS } from './fields.js';
import type { SearchType } from './schema.js';
import type { MatchKind, QueryTerm } from './tokens.js';
import { MIN_PREFIX, stemOf, wordsOf } from './tokens.js';

export { SEARCHED_FIELDS };

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The lexemes of a document from its title fields and body fields (no duplicates). */
export function entryLexemes(fields: {
  title: readonly unknown[];
  body: readonly unknown[];
}): string[] {
  const out = new Set<string>();
  const add = (mark: 't' | 'b', words: Iterable<string>) => {
    for (const word of words) {
      const stem = stemOf(word);
      if (stem === word) out.add(`${mark}e${word}`);
      else {
        out.add(`${mark}s${stem}`);
        out.add(`${mark}w${word}`);
      }
    }
  };
  const title = new Set(fields.title.flatMap((value) => wordsOf(textOf(value))));
  add('t', title);
  const body = fields.body.flatMap((value) => wordsOf(textOf(value)));
  add('b', new Set(body.filter((word) => !title.has(word))));
  return [...out];
}

/** The count of distinct stems of the title fields' words (rank.ts's coverage denominator). */
export function titleStemCount(title: readonly unknown[]): number {
  return new Set(title.flatMap((value) => wordsOf(textOf(value)).map(stemOf))).size;
}

/** How a term matches one field's lexemes: a word with its stem, else a word it starts, else not. */
function kindIn(lexemes: readonly string[], mark: 't' | 'b', term: QueryTerm): MatchKind {
  const has = (lexeme: string) => lexemes.includes(lexeme);
  if (has(`${mark}s${term.stem}`) || has(`${mark}e${term.stem}`)) return 'exact';
  if (term.word.length < MIN_PREFIX) return null;
  const starts = [`${mark}w${term.word}`, `${mark}e${term.word}`];
  return lexemes.some((lexeme) => starts.some((start) => lexeme.startsWith(start)))
    ? 'prefix'
    : null;
}

/**
 * The score of an entry (its lexemes and title stem count `n`) for these terms, or null when a
 * term does not match it: per term, in order, title exact, title prefix, body exact, body prefix,
 * weighed as rank.ts weighs them (`rarity` per term), summed from 0 in term order, then raised by
 * the coverage factor, so the doubles are rank.ts's own.
 */
export function entryScore(
  entry: { lexemes: readonly string[]; n: number },
  terms: readonly QueryTerm[],
  rarity: readonly number[],
): number | null {
  let score = 0;
  let inTitle = 0;
  for (const [i, term] of terms.entries()) {
    const title = kindIn(entry.lexemes, 't', term);
    const kind = title ?? kindIn(entry.lexemes, 'b', term);
    if (!kind) return null;
    if (title) inTitle += 1;
    const weight = title ? TITLE_WEIGHT : BODY_WEIGHT;
    score += weight * (kind === 'exact' ? 1 : PREFIX_FACTOR) * rarity[i]!;
  }
  return score * (1 + COVERAGE_WEIGHT * Math.min(1, inTitle / Math.max(1, entry.n)));
}

/** A search entry as stored. Every field is present (null, never missing), never an array. */
export interface EntryDoc {
  /** The source document's id. */
  _id: Types.ObjectId;
  y: SearchType;
  /** The lexemes, space-separated. */
  k: string;
  /** Distinct stems of the title fields' words. */
  n: number;
  /** The source's createdAt. */
  c: Date;
  /** universityId (null for subjects). */
  u: Types.ObjectId | null;
  /** subjectOfferingId (null for subjects). */
  o: Types.ObjectId | null;
  /** examYear (questions, papers), else null. */
  e: number | null;
  /** The source's `visible` copy (questions, papers); true for subjects and topics. */
  v: boolean;
  /** The paper's status (a question's `paperStatus`, a paper's `status`), else null. */
  s: string | null;
  /** Group key, 24 hex chars: a question's group of near-identical questions, else its own id. */
  g: string;
}

/** What entryOf reads of a source document. */
export type EntrySource = Record<string, unknown> & { _id: Types.ObjectId; createdAt: Date };

/** The fields entryOf reads, as a projection (for reads that rebuild entries). */
export const ENTRY_SOURCE_PROJECTION: Readonly<Record<SearchType, Record<string, 1>>> =
  Object.fromEntries(
    Object.entries(SEARCHED_FIELDS).map(([type, fields]) => [
      type,
      Object.fromEntries(
        [
          ...fields.title,
          ...fields.body,
          ...['createdAt', 'universityId', 'subjectOfferingId', 'examYear', 'visible'],
          ...['status', 'paperStatus', 'searchGroup'],
        ].map((f) => [f, 1]),
      ),
    ]),
  ) as Record<SearchType, Record<string, 1>>;

const idOrNull = (value: unknown) => (value ? (value as Types.ObjectId) : null);

/** The whole entry of a source document of kind `type`. */
export function entryOf(type: SearchType, doc: EntrySource): EntryDoc {
  const fields = SEARCHED_FIELDS[type];
  const title = fields.title.map((f) => doc[f]);
  const body = fields.body.map((f) => doc[f]);
  const isContent = type === 'question' || type === 'paper';
  const status = type === 'question' ? doc.paperStatus : type === 'paper' ? doc.status : null;
  const group =
    type === 'question' && typeof doc.searchGroup === 'string' ? doc.searchGroup : String(doc._id);
  return {
    _id: doc._id,
    y: type,
    k: entryLexemes({ title, body }).join(' '),
    n: titleStemCount(title),
    c: doc.createdAt,
    u: type === 'subject' ? null : idOrNull(doc.universityId),
    o: type === 'subject' ? null : idOrNull(doc.subjectOfferingId),
    e: isContent && typeof doc.examYear === 'number' ? doc.examYear : null,
    v: isContent ? doc.visible === true : true,
    s: typeof status === 'string' ? status : null,
    g: group,
  };
}

/** The collection of entries. */
export const SEARCH_ENTRIES_COLLECTION = 'searchentries';

const entrySchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    y: { type: String, required: true },
    k: { type: String, default: '' },
    n: { type: Number, required: true },
    c: { type: Date, required: true },
    u: { type: Schema.Types.ObjectId, default: null },
    o: { type: Schema.Types.ObjectId, default: null },
    e: { type: Number, default: null },
    v: { type: Boolean, required: true },
    s: { type: String, default: null },
    g: { type: String, required: true },
  },
  { collection: SEARCH_ENTRIES_COLLECTION, versionKey: false, strict: 'throw' },
);
// No other index: entries are written by `_id` (the source's) and read by the engine through its
// own expression index over `k` (made by @qpc/ferretdb). A btree over a flag or a filter field
// would only be intersected with that index (model-helpers.ts says why that is slow).

/** The entries, written only by the domain (entry-writes.ts, backfill.ts). */
export const SearchEntryModel = model<EntryDoc>('SearchEntry', entrySchema);
