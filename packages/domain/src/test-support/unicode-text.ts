// Arbitrary texts for the property tests of writes (fast-check): full Unicode, grapheme clusters,
// and the texts that broke or could break a derived field: a symbol with no ASCII reading ("©"),
// combining marks alone, emoji sequences, right-to-left scripts and overrides, compatibility
// forms, zero-width and blank-after-trimming strings, NUL and lone surrogates.
import fc from 'fast-check';

/** Texts known to be hard for slugs, name keys, search terms and signatures. */
export const HARD_TEXTS: readonly string[] = [
  '©',
  'È',
  '中文大学',
  'Ørsted',
  'e\u0301\u0301',
  '\u0301\u0302',
  '😀🎓',
  '👩🏽‍🔬',
  'مرحبا بالعالم',
  'עברית',
  '\u202eevil\u202c',
  'ﬁ',
  '𝔘𝔫𝔦',
  '\u200b',
  '   ',
  ' \t\n',
  '\u3000',
  '\ufeff',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  'Ⅻ',
  'İı',
  'ß',
  '\u212a\u017f',
  '$where',
  'a.b',
  '.*+?^${}()|[]\\',
  '-',
];

/** An arbitrary text of at most about `maxLength` characters, leaning towards the hard ones. */
export function unicodeText(maxLength = 40): fc.Arbitrary<string> {
  const piece = fc.oneof(
    fc.constantFrom(...HARD_TEXTS),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
    fc.string({ unit: 'binary', maxLength: 6 }),
    fc.string({ maxLength: 6 }),
  );
  return fc.oneof(
    fc.constantFrom(...HARD_TEXTS),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc
      .array(piece, { maxLength: 6 })
      .map((pieces) => pieces.join(''))
      .filter((text) => text.length <= maxLength * 2),
  );
}

/** Run count and reporting of the write properties: modest, so the suite stays fast. */
export const PROPERTY_RUNS: fc.Parameters<unknown> = { numRuns: 30, verbose: 1 };
