// Typo correction: a query word of CORRECTABLE_LENGTH or more letters that matches nothing is
// replaced by catalog words at edit distance 1 (2 from LONG_WORD letters). The catalog's words are
// the counted stems of `searchterms` (terms.ts), held in the process and read again when the
// number of searchable documents changes or after VOCABULARY_MAX_AGE_MS.
// The vocabulary counts hidden documents too, so it only proposes: a correction is used only when
// the corrected query finds hits the caller may see (service.ts), and the word shown is one of
// those hits' own words. A hidden paper's words are never shown.
import { readAllTermCounts } from './terms.js';
import { cut, MAX_PREFIX, stemOf } from './tokens.js';
import type { QueryTerm } from './tokens.js';

/** Shortest query word that is corrected. */
export const CORRECTABLE_LENGTH = 5;
/** From this length a word is corrected at edit distance 2, else 1. */
export const LONG_WORD = 8;
/** The vocabulary is read again after this long, for words other processes added. */
export const VOCABULARY_MAX_AGE_MS = 60_000;
/** Corrections tried per word, best first. */
export const CANDIDATES_PER_WORD = 3;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

interface Vocabulary {
  stems: Map<string, number>;
  documents: number;
  loadedAt: number;
}

let loading: Promise<Vocabulary> | null = null;

/** The vocabulary, read again when `documents` (the searchable documents now) differs or it is old. */
async function vocabularyFor(documents: number): Promise<Map<string, number>> {
  const current = loading ? await loading.catch(() => null) : null;
  if (
    current &&
    current.documents === documents &&
    Date.now() - current.loadedAt < VOCABULARY_MAX_AGE_MS
  )
    return current.stems;
  const next = readAllTermCounts().then((stems) => ({ stems, documents, loadedAt: Date.now() }));
  loading = next;
  return (await next).stems;
}

/** Optimal string alignment distance (a swap of neighbours is one edit), or `bound + 1` past it. */
export function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, prev2[j - 2]! + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > bound) return bound + 1;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, bound + 1);
}

/** Every string one edit (delete, swap, change, insert) away from `word`. */
function oneEditAway(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i += 1) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of LETTERS) {
      if (tail) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(word);
  return out;
}

/** A catalog word proposed for a query word. */
export interface Correction {
  /** The term searched instead. */
  term: QueryTerm;
  /** The word shown when no hit offers a word of the term's stem. */
  word: string;
  distance: number;
  documents: number;
}

/** A term for a catalog stem: it matches the words with that stem, or that `word` starts. */
function termOfStem(word: string, stem: string): QueryTerm {
  return { word, stem, lookups: [...new Set([cut(stem, MAX_PREFIX), cut(word, MAX_PREFIX)])] };
}

/** Whether a query word may be corrected at all: long enough, letters only. */
export function isCorrectable(term: QueryTerm): boolean {
  return term.word.length >= CORRECTABLE_LENGTH && /^\p{L}+$/u.test(term.word);
}

/**
 * The catalog words a query word that matches nothing may stand for, best first (fewest edits,
 * then most documents): words one edit away whose stem the catalog holds, and catalog stems
 * within the edit distance of the word's own stem. `documents`: the searchable documents now.
 */
export async function correctionsOf(term: QueryTerm, documents: number): Promise<Correction[]> {
  const stems = await vocabularyFor(documents);
  const bound = term.word.length >= LONG_WORD ? 2 : 1;
  const found = new Map<string, Correction>();
  const offer = (word: string, stem: string, distance: number) => {
    const n = stems.get(stem);
    if (!n || stem === term.stem) return;
    const known = found.get(stem);
    if (known && known.distance <= distance) return;
    found.set(stem, { term: termOfStem(word, stem), word, distance, documents: n });
  };
  for (const word of oneEditAway(term.word)) offer(word, stemOf(word), 1);
  for (const stem of stems.keys()) {
    const distance = Math.min(
      editDistance(term.stem, stem, bound),
      editDistance(term.word, stem, bound),
    );
    if (distance <= bound) offer(stem, stem, distance);
  }
  return [...found.values()]
    .sort(
      (a, b) => a.distance - b.distance || b.documents - a.documents || (a.word < b.word ? -1 : 1),
    )
    .slice(0, CANDIDATES_PER_WORD);
}
