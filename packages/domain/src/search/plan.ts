// What a query asks the database: how common each term is, and which equalities to push.
import { mongoose } from '../db.js';
import type { ModelName } from '../references.js';
import { readTermCounts, stemKey } from './terms.js';
import { fieldOf } from './tokens.js';
import type { QueryTerm } from './tokens.js';

/** Documents read to estimate how common a word no document holds whole is (a prefix). */
export const PREFIX_PROBE = 50;
/** At most this many terms are pushed to the database (one equality per key field). */
export const MAX_PUSHED_TERMS = 3;

/**
 * How many documents each term matches: the counted documents of its stem, or, for a word no
 * document holds whole (typed in part, or absent), the documents a bounded probe of its lookups
 * finds in the given collections (0: no document matches it).
 */
export async function frequenciesOf(
  terms: readonly QueryTerm[],
  models: readonly ModelName[],
): Promise<number[]> {
  const counts = await readTermCounts(terms.map((t) => stemKey(t.stem)));
  return Promise.all(
    terms.map(async (term) => {
      const counted = counts.get(stemKey(term.stem)) ?? 0;
      if (counted > 0) return counted;
      const probes = await Promise.all(
        models.flatMap((name) =>
          term.lookups.map((key) =>
            mongoose
              .model(name)
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
 * The equality filters to run (their results are united): the rarest terms' lookup keys, at
 * most one per key field and MAX_PUSHED_TERMS in all, so the database intersects them. The
 * rarest term is always pushed; when it has two lookups, each gets its own filter.
 */
export function pushedFilters(
  terms: readonly QueryTerm[],
  frequencies: readonly number[],
): Record<string, string>[] {
  const order = terms.map((_, i) => i).sort((a, b) => frequencies[a]! - frequencies[b]!);
  const rarest = terms[order[0]!]!;
  const pushed = new Map<string, string>();
  const pushOthers = (limit: number) => {
    for (const term of order.slice(1).map((i) => terms[i]!)) {
      if (pushed.size >= limit) return;
      const key = term.lookups[0]!;
      if (term.lookups.length === 1 && !pushed.has(fieldOf(key))) pushed.set(fieldOf(key), key);
    }
  };
  if (rarest.lookups.length === 1) {
    const key = rarest.lookups[0]!;
    pushed.set(fieldOf(key), key);
    pushOthers(MAX_PUSHED_TERMS);
    return [Object.fromEntries(pushed)];
  }
  pushOthers(MAX_PUSHED_TERMS - 1);
  return rarest.lookups.map((key) => ({
    ...Object.fromEntries([...pushed].filter(([field]) => field !== fieldOf(key))),
    [fieldOf(key)]: key,
  }));
}
