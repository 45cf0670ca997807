// Near-identical texts: the Jaccard index of their 2-word shingle sets, found through MinHash
// and locality-sensitive hashing. Text is normalised by the search tokenizer (case and accents
// folded, punctuation dropped, stop words left out, Porter stems) with numbers dropped too, so
// "Define a stack. (5 marks)" and "define stacks" share their shingle.
//
// BANDS bands of ROWS MinHash values each: two texts of Jaccard index s share a band with
// probability 1 - (1 - s^ROWS)^BANDS, 97% at s = 0.5 and 99.6% at s = 0.6; every candidate is
// then confirmed by its exact index. A band key names the subject, so a lookup only meets questions of that subject.
import { stemOf, wordsOf } from '../search/tokens.js';

/**
 * Two questions count as near-identical when their Jaccard index is above this, never at it:
 * texts that share exactly half their shingles differ by a word that matters ("first-in,
 * first-out" and "last-in, first-out"). docs/decisions/0012-similar-above-one-half.md.
 */
export const SIMILARITY_THRESHOLD = 0.5;
export const BANDS = 12;
export const ROWS = 2;

const DIGITS_ONLY = /^\d+$/;

/** The normalised words of a text: the search tokenizer's stems, numbers left out. */
export function normalisedWords(text: string): string[] {
  return wordsOf(text)
    .filter((word) => !DIGITS_ONLY.test(word))
    .map(stemOf);
}

/** The 2-word shingles of a text (its one word alone when it has only one). */
export function shinglesOf(text: string): Set<string> {
  const words = normalisedWords(text);
  if (words.length === 1) return new Set(words);
  const shingles = new Set<string>();
  for (let i = 1; i < words.length; i += 1) shingles.add(`${words[i - 1]} ${words[i]}`);
  return shingles;
}

/** The one rule of near-identical: a similarity strictly above `SIMILARITY_THRESHOLD`. */
export function isNearIdentical(similarity: number): boolean {
  return similarity > SIMILARITY_THRESHOLD;
}

/** |a ∩ b| / |a ∪ b| (0 for two empty sets). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const item of small) if (large.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** MurmurHash3's finaliser: a good 32-bit mix. */
function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// One seed per MinHash function, fixed forever: stored band keys depend on them.
const SEEDS = Array.from({ length: BANDS * ROWS }, (_, i) => mix(0x9e3779b9 * (i + 1)));

/** The MinHash signature of a shingle set (BANDS * ROWS values), or null for an empty set. */
export function minHash(shingles: ReadonlySet<string>): number[] | null {
  if (shingles.size === 0) return null;
  const signature = SEEDS.map(() => 0xffffffff);
  for (const shingle of shingles) {
    const base = fnv1a(shingle);
    for (let i = 0; i < SEEDS.length; i += 1) {
      const value = mix(base ^ SEEDS[i]!);
      if (value < signature[i]!) signature[i] = value;
    }
  }
  return signature;
}

/** The band keys of a text in a subject: what a question stores and a lookup asks for. */
export function bandKeys(subjectId: string, text: string): string[] {
  const signature = minHash(shinglesOf(text));
  if (!signature) return [];
  const keys: string[] = [];
  for (let band = 0; band < BANDS; band += 1) {
    const rows = signature.slice(band * ROWS, band * ROWS + ROWS).map((v) => v.toString(36));
    keys.push(`${subjectId}:${band}:${rows.join('.')}`);
  }
  return keys;
}
