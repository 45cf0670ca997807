// What a query asks the database: how common each term is, and which equalities to push.
import type { AnyModel } from '../storage/model-helpers.js';
import { readTermCounts, stemKey } from './terms.js';
import { fieldOf, MIN_PREFIX } from './tokens.js';
import type { QueryTerm } from './tokens.js';

/** Documents read to estimate how common a word no document holds whole is (a prefix). */
export const PREFIX_PROBE = 50;
/** At most this many terms are pushed to the database (one equality per key field). */
export const MAX_PUSHED_TERMS = 3;

/**
 * How many documents each term matches: the counted documents of its stem, or, for a word no
 * document holds whole (typed in part, or absent), the documents a bounded probe of its lookups
 * finds in the given collections (0: no document matches it). `known`: counts already read in
 * this request (readTermCounts), so only the others are read.
 */
export async function frequenciesOf(
  terms: readonly QueryTerm[],
  models: readonly AnyModel[],
  known: ReadonlyMap<string, number> = new Map(),
): Promise<number[]> {
  const missing = terms.map((t) => stemKey(t.stem)).filter((key) => !known.has(key));
  const counts =
    missing.length > 0 ? new Map([...known, ...(await readTermCounts(missing))]) : known;
  return Promise.all(
    terms.map(async (term) => {
      const counted = counts.get(stemKey(term.stem)) ?? 0;
      if (counted > 0) return counted;
      const probes = await Promise.all(
        models.flatMap((model) =>
          term.lookups.map((key) =>
            model
              .find({ [fieldOf(key)]: key }, { _id: 1 })
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

/**
 * The keys that find every document a single-lookup term matches, most selective first: the
 * lookup, then its shorter prefixes down to MIN_PREFIX (documents store the prefixes of MIN_PREFIX to
 * MAX_PREFIX characters of their words and stems), each hashed to its own field.
 */
function alternativesOf(key: string): string[] {
  const out = [key];
  for (let n = key.length - 1; n >= MIN_PREFIX; n -= 1) out.push(key.slice(0, n));
  return out;
}

/**
 * The equality filters to run (their results are united): the rarest terms' keys, at most one
 * per key field and MAX_PUSHED_TERMS in all, so the database intersects them. The rarest term is
 * always pushed (when it has two lookups, each gets its own filter); a later term whose key
 * field is taken uses a shorter prefix of its key that hashes to a free field.
 */
export function pushedFilters(
  terms: readonly QueryTerm[],
  frequencies: readonly number[],
): Record<string, string>[] {
  const order = terms.map((_, i) => i).sort((a, b) => frequencies[a]! - frequencies[b]!);
  const rarest = terms[order[0]!]!;
  const taken = new Set(rarest.lookups.map(fieldOf));
  const others = new Map<string, string>();
  for (const term of order.slice(1).map((i) => terms[i]!)) {
    if (others.size + 1 >= MAX_PUSHED_TERMS) break;
    if (term.lookups.length !== 1) continue;
    const key = alternativesOf(term.lookups[0]!).find((k) => !taken.has(fieldOf(k)));
    if (!key) continue;
    taken.add(fieldOf(key));
    others.set(fieldOf(key), key);
  }
  return rarest.lookups.map((key) => ({ ...Object.fromEntries(others), [fieldOf(key)]: key }));
}
