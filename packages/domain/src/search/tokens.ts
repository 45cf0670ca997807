// How text becomes search keys, the same way for documents and queries. A word is folded (lower
// case, accents dropped), split on anything but letters and digits, stop words dropped, and
// stemmed with the Porter stemmer of the `stemmer` package. A query word matches a document word
// with the same stem ("sorting" finds "sorted") or one it starts ("algo" finds "algorithm").
//
// A document stores, for each word and its stem, the prefixes of 4 and 5 characters (a word or
// stem shorter than 4 characters is stored whole): few keys, because the engine decodes every
// document it returns, keys included. Every document matching a query word holds its lookup
// key: the first 5 characters of its stem, when the stem starts the word (nearly always). Keys are spread over KEY_BUCKETS array fields by a hash of the key, so the lookups of
// two or three query words usually sit in different fields: the database then answers one
// equality per field, each from its own index, and intersects them itself (FerretDB pushes one
// equality per field down to PostgreSQL; MongoDB uses the indexes as well).
import { stemmer } from 'stemmer';

/** Lucene's English stop words plus question words: never stored, never searched. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be but by for from has have how if in into is it its no not of on or ' +
    'such that the their then there these they this to was were what when where which who why will with'
  ).split(' '),
);

/** Shortest query word searched for: a single letter or digit is left out of a query. */
export const MIN_QUERY_WORD_LENGTH = 2;

/** Shortest prefix stored, and shortest query word matched as a prefix. */
export const MIN_PREFIX = 4;
/** Longest prefix stored: a longer lookup is cut to it (the full word is checked in code). */
export const MAX_PREFIX = 5;
/** Longer words are cut to this length (in documents and queries alike). */
export const MAX_WORD_LENGTH = 24;
/** At most this many keys per document: whole words are added, title words first, until full. */
export const MAX_KEYS_PER_DOCUMENT = 400;
/** Number of array fields the keys are spread over. */
export const KEY_BUCKETS = 8;
/** The array fields holding a document's keys (internal: never in a DTO). */
export const SEARCH_KEY_FIELDS: readonly string[] = Array.from(
  { length: KEY_BUCKETS },
  (_, i) => `searchKeys${i}`,
);

// Pure ASCII text has nothing for NFKD to decompose and no marks to drop.
const NON_ASCII = /[^\p{ASCII}]/u;

/**
 * The first `n` UTF-16 units of a text, one fewer when the cut would split a surrogate pair: half
 * a pair is stored as U+FFFD, so a key holding one would never match its own word again.
 */
export function cut(text: string, n: number): string {
  if (text.length <= n) return text;
  const last = text.charCodeAt(n - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, n - 1) : text.slice(0, n);
}

/** Lower case with accents folded: `Résumé` -> `resume` (ASCII text: lower case alone). */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  return lower.normalize('NFKD').replace(/\p{M}+/gu, '');
}

const NON_WORD = /[^\p{L}\p{N}]+/u;
const ASCII_WORD = /[a-z0-9]+/g;

// The pattern of the ASCII words starting with one of `firstChars` (a run of letters and digits
// not preceded by one), kept for the few sets of first characters queries use.
const startPatterns = new Map<string, RegExp>();
const MAX_START_PATTERNS = 1_000;

function asciiWordPattern(firstChars: string | undefined): RegExp {
  if (!firstChars) return ASCII_WORD;
  let pattern = startPatterns.get(firstChars);
  if (!pattern) {
    const chars = [...firstChars].map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join('');
    pattern = new RegExp(`(?<![a-z0-9])[${chars}][a-z0-9]*`, 'gu');
    if (startPatterns.size >= MAX_START_PATTERNS) startPatterns.clear();
    startPatterns.set(firstChars, pattern);
  }
  return pattern;
}

/**
 * Calls `visit` with each searchable word of a text, in order: folded, split on anything but
 * letters and digits, stop words left out, cut to MAX_WORD_LENGTH. Stops when `visit` returns
 * true. `firstChars`: only words starting with one of these (folded) characters are visited, the
 * others are skipped before any work. ASCII text (nearly all) is read by a pattern of ASCII
 * words; other text is folded and split by the Unicode pattern.
 */
export function eachWord(
  text: string,
  visit: (word: string) => boolean | void,
  firstChars?: string,
): void {
  const take = (word: string) =>
    !STOP_WORDS.has(word) && visit(cut(word, MAX_WORD_LENGTH)) === true;
  const lower = text.toLowerCase();
  if (NON_ASCII.test(lower)) {
    for (const word of fold(lower).split(NON_WORD)) {
      if (word.length === 0 || (firstChars && !firstChars.includes(word[0]!))) continue;
      if (take(word)) return;
    }
    return;
  }
  const pattern = asciiWordPattern(firstChars);
  pattern.lastIndex = 0;
  for (let m = pattern.exec(lower); m; m = pattern.exec(lower)) {
    if (take(m[0])) return;
  }
}

/** The searchable words of a text, in order (see eachWord). */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  eachWord(text, (word) => {
    words.push(word);
  });
  return words;
}

// Words repeat across documents: stems are remembered (bounded, cleared when full).
const stems = new Map<string, string>();
const MAX_REMEMBERED_STEMS = 50_000;

/** The Porter stem of a folded word. */
export function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = stemmer(word);
    if (stems.size >= MAX_REMEMBERED_STEMS) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

/** The field a key is stored in (FNV-1a hash of the key). */
export function fieldOf(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return SEARCH_KEY_FIELDS[(hash >>> 0) % KEY_BUCKETS]!;
}

function keysOfToken(token: string): string[] {
  if (token.length < MIN_PREFIX) return [token];
  const out: string[] = [];
  for (let n = MIN_PREFIX; n <= Math.min(token.length, MAX_PREFIX); n += 1) {
    out.push(cut(token, n));
  }
  return out;
}

/** Every key one word contributes: the short prefixes of the word and of its stem. */
export function wordKeys(word: string): string[] {
  return [...new Set([...keysOfToken(word), ...keysOfToken(stemOf(word))])];
}

export interface DocumentIndex {
  /** Key field -> its keys (every field present, maybe empty). */
  fields: Record<string, string[]>;
  /** The distinct stems of the indexed words: what term counts count. */
  stems: string[];
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The keys of a document from its title fields (title, slug, name, code) and body fields (text). */
export function documentIndex(fields: { title: unknown[]; body: unknown[] }): DocumentIndex {
  const keys = new Set<string>();
  const documentStems = new Set<string>();
  const words = [...fields.title, ...fields.body].flatMap((value) => wordsOf(textOf(value)));
  for (const word of words) {
    const fresh = wordKeys(word).filter((key) => !keys.has(key));
    if (keys.size + fresh.length > MAX_KEYS_PER_DOCUMENT) break;
    for (const key of fresh) keys.add(key);
    documentStems.add(stemOf(word));
  }
  const byField: Record<string, string[]> = Object.fromEntries(
    SEARCH_KEY_FIELDS.map((field) => [field, [] as string[]]),
  );
  for (const key of keys) byField[fieldOf(key)]!.push(key);
  return { fields: byField, stems: [...documentStems] };
}

/** One word of a query. */
export interface QueryTerm {
  /** The folded word as typed. */
  word: string;
  stem: string;
  /**
   * Keys every document matching this term holds one of (a superset: the match is checked in
   * code). One key when the stem starts the word, else one for the stem and one for the word.
   */
  lookups: string[];
}

const lookupOf = (token: string) => cut(token, MAX_PREFIX);

/** Every word of a text, folded, stop words and single letters included: what a query offers. */
export function allWordsOf(text: string): string[] {
  return fold(text).split(NON_WORD).filter(Boolean);
}

/**
 * The distinct terms of a query, in order: its searchable words of at least MIN_QUERY_WORD_LENGTH
 * characters (empty when it holds only stop words, single letters or punctuation).
 */
export function queryTerms(q: string): QueryTerm[] {
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  for (const word of wordsOf(q)) {
    if (seen.has(word) || word.length < MIN_QUERY_WORD_LENGTH) continue;
    seen.add(word);
    const stem = stemOf(word);
    const lookups =
      stem.length >= MIN_PREFIX && word.startsWith(stem)
        ? [lookupOf(stem)]
        : [...new Set([lookupOf(stem), lookupOf(word)])];
    terms.push({ word, stem, lookups });
  }
  return terms;
}

/** How a text matches a term: `exact` (a word with its stem), `prefix` (a word it starts) or not. */
export type MatchKind = 'exact' | 'prefix' | null;

/**
 * How the words of texts match these terms (one kind per term, in order): `exact` when a word
 * has the term's stem, else `prefix` when a word starts with the term's word (of at least
 * MIN_PREFIX characters), else null. Reading stops once every term matches exactly.
 *
 * Only words that start like a term are looked at: a prefix match starts with the term's first
 * character, and so does a word of the same stem, because the Porter stemmer only rewrites
 * suffixes and always keeps at least the first character (every rule of `stemmer` keeps a
 * non-empty `^(.+?)` before the suffix it changes; words under 3 characters are kept whole).
 */
export function termMatcher(
  terms: readonly QueryTerm[],
): (texts: readonly string[]) => MatchKind[] {
  const firstChars = [
    ...new Set(terms.map((term) => String.fromCodePoint(term.word.codePointAt(0)!))),
  ].join('');
  return (texts) => {
    const kinds: MatchKind[] = terms.map(() => null);
    let exact = 0;
    const visit = (word: string) => {
      const stem = stemOf(word);
      for (let i = 0; i < terms.length; i += 1) {
        if (kinds[i] === 'exact') continue;
        const term = terms[i]!;
        if (stem === term.stem) {
          kinds[i] = 'exact';
          exact += 1;
        } else if (term.word.length >= MIN_PREFIX && word.startsWith(term.word)) {
          kinds[i] = 'prefix';
        }
      }
      return exact === terms.length;
    };
    for (const text of texts) {
      if (exact === terms.length) break;
      eachWord(text, visit, firstChars);
    }
    return kinds;
  };
}

/** True when a word of original text matches a term (for snippets). */
export function wordMatches(word: string, term: QueryTerm): boolean {
  if (term.word.length >= MIN_PREFIX && word.startsWith(term.word)) return true;
  return stemOf(word) === term.stem;
}
