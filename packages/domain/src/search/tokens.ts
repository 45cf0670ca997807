// How text becomes search keys, the same way for documents and queries. A word is folded (lower
// case, accents dropped), split on anything but letters and digits, stop words dropped, and
// stemmed with the Porter stemmer of the `stemmer` package. A document stores, in one indexed
// array (`searchKeys`):
// - `=<stem>` for each word: a query word with the same stem matches ("sorting" finds "sorted");
// - every prefix of 3 characters or more of each word and of its stem: a query word that starts
//   a document word matches ("algo" finds "algorithm").
// A query term is then found by ONE equality on that array (the engine pushes it down and answers
// it from an index): its stem as a prefix key when the stem starts the word (nearly always), else
// `=<stem>` and the word as two equalities.
import { stemmer } from 'stemmer';

/** Lucene's English stop words plus question words: never stored, never searched. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'but',
  'by',
  'for',
  'from',
  'has',
  'have',
  'how',
  'if',
  'in',
  'into',
  'is',
  'it',
  'its',
  'no',
  'not',
  'of',
  'on',
  'or',
  'such',
  'that',
  'the',
  'their',
  'then',
  'there',
  'these',
  'they',
  'this',
  'to',
  'was',
  'were',
  'what',
  'when',
  'where',
  'which',
  'who',
  'why',
  'will',
  'with',
]);

/** Shortest prefix stored and searched as a prefix. */
export const MIN_PREFIX = 3;
/** Longer words are cut to this length (in documents and queries alike). */
export const MAX_WORD_LENGTH = 24;
/** At most this many keys per document: whole words are added, title words first, until full. */
export const MAX_KEYS_PER_DOCUMENT = 300;
/** Marks an exact stem among the keys (a prefix never starts with it). */
export const STEM_MARK = '=';

/** Lower case with accents folded: `Résumé` -> `resume`. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
}

/** The searchable words of a text, in order: folded, split on non-letters/digits, stop words dropped. */
export function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word))
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/** The Porter stem of a folded word. */
export function stemOf(word: string): string {
  return stemmer(word);
}

function prefixesOf(word: string): string[] {
  const out: string[] = [];
  for (let length = MIN_PREFIX; length <= word.length; length += 1) out.push(word.slice(0, length));
  return out;
}

/** Every key one word contributes: its stem mark and the prefixes of the word and of its stem. */
export function wordKeys(word: string): string[] {
  const stem = stemOf(word);
  return [...new Set([STEM_MARK + stem, ...prefixesOf(word), ...prefixesOf(stem)])];
}

export interface DocumentKeys {
  /** Indexed: what a query term's equality looks for. */
  keys: string[];
  /** Title words as `=<stem>` and the word itself: tells a title hit from a body hit. */
  titleKeys: string[];
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The keys of a document from its title fields (title, slug, name, code) and body fields (text). */
export function documentKeys(fields: { title: unknown[]; body: unknown[] }): DocumentKeys {
  const keys = new Set<string>();
  const titleKeys = new Set<string>();
  const add = (word: string): boolean => {
    const fresh = wordKeys(word).filter((key) => !keys.has(key));
    if (keys.size + fresh.length > MAX_KEYS_PER_DOCUMENT) return false;
    for (const key of fresh) keys.add(key);
    return true;
  };
  for (const word of fields.title.flatMap((value) => wordsOf(textOf(value)))) {
    if (!add(word)) break;
    titleKeys.add(STEM_MARK + stemOf(word)).add(word);
  }
  for (const word of fields.body.flatMap((value) => wordsOf(textOf(value)))) {
    if (!add(word)) break;
  }
  return { keys: [...keys], titleKeys: [...titleKeys] };
}

/** One word of a query. */
export interface QueryTerm {
  /** The folded word as typed. */
  word: string;
  stem: string;
  /**
   * The equalities that find every document this term matches (a superset: the other checks run
   * in code). One key when the stem starts the word, else the stem mark and the word.
   */
  lookups: string[];
}

/** The distinct terms of a query, in order (empty when it holds only stop words or punctuation). */
export function queryTerms(q: string): QueryTerm[] {
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  for (const word of wordsOf(q)) {
    if (seen.has(word)) continue;
    seen.add(word);
    const stem = stemOf(word);
    const lookups =
      stem.length >= MIN_PREFIX && word.startsWith(stem)
        ? [stem]
        : [STEM_MARK + stem, ...(word.length >= MIN_PREFIX ? [word] : [])];
    terms.push({ word, stem, lookups });
  }
  return terms;
}

/** How a document's keys match a term: `exact` (same stem), `prefix` (a word starts with it) or not at all. */
export function matchKind(keys: ReadonlySet<string>, term: QueryTerm): 'exact' | 'prefix' | null {
  if (keys.has(STEM_MARK + term.stem)) return 'exact';
  if (term.word.length >= MIN_PREFIX && keys.has(term.word)) return 'prefix';
  return null;
}

/** True when a document's title words match a term (same stem, or a title word starts with it). */
export function matchesTitle(titleKeys: readonly string[], term: QueryTerm): boolean {
  if (titleKeys.includes(STEM_MARK + term.stem)) return true;
  if (term.word.length < MIN_PREFIX) return false;
  return titleKeys.some((key) => !key.startsWith(STEM_MARK) && key.startsWith(term.word));
}

/** True when a word of original text matches a term (for snippets). */
export function wordMatches(word: string, term: QueryTerm): boolean {
  if (stemOf(word) === term.stem) return true;
  return term.word.length >= MIN_PREFIX && word.startsWith(term.word);
}
