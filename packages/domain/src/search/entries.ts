// The search entry of a document (docs/decisions/0013, proposed): one short list of lexemes from
// which a database can decide, by lexeme equality and prefix alone, how each query term matches
// the document, exactly as rank.ts decides it on the text. A lexeme is a field mark (`t` title,
// `b` body), a kind mark and a folded word (cut as tokens.ts cuts it): `s<stem>` a word's Porter
// stem, `w<word>` a word differing from its stem, `e<word>` a word that is its own stem (both at
// once). Body words the title holds are left out: rank.ts weighs a term by the title whenever the
// title matches it at all. Not stored yet: the decision record says what is left to build. The
// engine's statement tests the same lexemes (`t[se]<stem>` equality, `t[we]<word>` prefix); this
// module is the reference its differential test compares with rank.ts.
import { BODY_WEIGHT, PREFIX_FACTOR, TITLE_WEIGHT } from './rank.js';
import type { MatchKind, QueryTerm } from './tokens.js';
import { MIN_PREFIX, stemOf, wordsOf } from './tokens.js';

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
 * The score of an entry for these terms, or null when a term does not match it: per term, in
 * order, title exact, title prefix, body exact, body prefix, weighed as rank.ts weighs them
 * (`rarity` per term), summed from 0 in term order, so the doubles are rank.ts's own.
 */
export function entryScore(
  lexemes: readonly string[],
  terms: readonly QueryTerm[],
  rarity: readonly number[],
): number | null {
  let score = 0;
  for (const [i, term] of terms.entries()) {
    const title = kindIn(lexemes, 't', term);
    const kind = title ?? kindIn(lexemes, 'b', term);
    if (!kind) return null;
    const weight = title ? TITLE_WEIGHT : BODY_WEIGHT;
    score += weight * (kind === 'exact' ? 1 : PREFIX_FACTOR) * rarity[i]!;
  }
  return score;
}
