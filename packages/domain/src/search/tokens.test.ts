import { describe, expect, it } from 'vitest';
import { shorten, snippetOf, SNIPPET_LENGTH } from './snippet.js';
import {
  cut,
  documentIndex,
  fieldOf,
  fold,
  termMatcher,
  MAX_KEYS_PER_DOCUMENT,
  MAX_WORD_LENGTH,
  queryTerms,
  SEARCH_KEY_FIELDS,
  stemOf,
  STOP_WORDS,
  wordsOf,
} from './tokens.js';

const term = (q: string) => {
  const [first] = queryTerms(q);
  if (!first) throw new Error(`no term in ${q}`);
  return first;
};
const kindOf = (text: string, q: string) => termMatcher([term(q)])([text])[0];
const allKeys = (text: string) =>
  Object.values(documentIndex({ title: [], body: [text] }).fields).flat();

describe('tokens', () => {
  it('when text has capitals and accents, then they are folded', () => {
    expect(fold('Résumé ÇA Naïve')).toBe('resume ca naive');
    expect(wordsOf('Résumé, of the CV!')).toEqual(['resume', 'cv']);
  });

  it('when text is split, then the ASCII scan and the Unicode pattern give the same words', () => {
    const unicodeWords = (text: string) =>
      fold(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length > 0 && !STOP_WORDS.has(word))
        .map((word) => word.slice(0, MAX_WORD_LENGTH));
    for (const text of [
      'Define a B-tree of order 3; prove its height is O(log n).',
      '  leading and trailing spaces  ',
      'x86_64 registers: RAX, RBX & R8..R15!',
      'supercalifragilisticexpialidocious antidisestablishmentarianism',
      'ends with a word',
      'Naïve Bayes über Straße — 東京 2024',
      '',
      '...',
    ]) {
      expect(wordsOf(text), text).toEqual(unicodeWords(text));
    }
  });

  it('when several terms are matched, then each gets its best kind over every text', () => {
    const terms = queryTerms('hashing algo graphs zebra');
    expect(termMatcher(terms)(['Algorithms on graph', 'Hashes and hash tables'])).toEqual([
      'exact',
      'prefix',
      'exact',
      null,
    ]);
    // An exact match in a later text still beats a prefix match in an earlier one.
    expect(termMatcher(queryTerms('algo'))(['algorithmic', 'the algo'])).toEqual(['exact']);
  });

  it('when a word is stemmed, then its first character is kept (the matcher skips on it)', () => {
    const suffixes = [
      '',
      's',
      'es',
      'ies',
      'sses',
      'ed',
      'eed',
      'ing',
      'y',
      'ational',
      'tional',
      'enci',
      'izer',
      'bli',
      'alli',
      'ousli',
      'ization',
      'ation',
      'ator',
      'alism',
      'iveness',
      'biliti',
      'logi',
      'icate',
      'ative',
      'alize',
      'ical',
      'ful',
      'ness',
      'ement',
      'ion',
      'e',
      'll',
    ];
    const starts = [
      'a',
      'e',
      'i',
      'o',
      'u',
      'y',
      's',
      'b',
      'ye',
      'ya',
      'ab',
      'st',
      'sy',
      'ti',
      'ha',
    ];
    for (const start of starts) {
      for (const suffix of suffixes) {
        const word = `${start}${suffix}`;
        expect(stemOf(word)[0], word).toBe(word[0]);
      }
    }
    const far = termMatcher(queryTerms('general'));
    expect(far(['Generalizations of the theorem'])).toEqual(['exact']);
    expect(termMatcher(queryTerms('yielding'))(['the yields'])).toEqual(['exact']);
  });

  it('when a query holds only stop words or punctuation, then it has no terms', () => {
    expect(queryTerms('the of and')).toEqual([]);
    expect(queryTerms('?!... --')).toEqual([]);
  });

  it('when a query repeats a word, then it counts once', () => {
    expect(queryTerms('Graph graph GRAPH').map((t) => t.word)).toEqual(['graph']);
  });

  it('when a document has a word, then a query of the same stem matches it exactly', () => {
    expect(kindOf('Sorting a list', 'sorted')).toBe('exact');
    expect(kindOf('one study', 'studies')).toBe('exact');
  });

  it('when a query word starts a document word, then it matches as a prefix', () => {
    expect(kindOf('Dijkstra algorithm', 'algo')).toBe('prefix');
    expect(kindOf('data analysis', 'analy')).toBe('prefix');
  });

  it('when accents differ between query and document, then they still match', () => {
    expect(kindOf('Write a résumé', 'resume')).toBe('exact');
    expect(kindOf('Write a resume', 'RÉSUMÉ')).toBe('exact');
  });

  it('when a word only shares its first letters, then it does not match', () => {
    expect(kindOf('runway lights', 'running')).toBeNull();
    expect(kindOf('graph theory', 'gra')).toBeNull();
  });

  it('when a document matches a term, then it holds one of its lookups, in the lookup field', () => {
    for (const [text, q] of [
      ['hashing tables', 'hash'],
      ['hash tables', 'hashing'],
      ['one study', 'studies'],
      ['happy days', 'happiness'],
      ['data analysis', 'analy'],
      ['computational complexity', 'computa'],
      ['the OS kernel', 'os'],
      ['bow ties', 'ties'],
    ] as const) {
      const { fields } = documentIndex({ title: [], body: [text] });
      const found = term(q).lookups.some((key) => fields[fieldOf(key)]!.includes(key));
      expect(found, `${q} in ${text}`).toBe(true);
    }
  });

  it('when keys are stored, then each sits in its field and every field is present', () => {
    const { fields } = documentIndex({ title: ['Graph algorithms'], body: ['Trees and heaps'] });
    expect(Object.keys(fields)).toEqual([...SEARCH_KEY_FIELDS]);
    for (const [field, keys] of Object.entries(fields)) {
      for (const key of keys) expect(fieldOf(key)).toBe(field);
    }
    expect(Object.values(fields).flat()).toEqual(
      expect.arrayContaining(['grap', 'graph', 'algo', 'algor', 'tree', 'heap']),
    );
    expect(Object.values(fields).flat()).not.toContain('gra');
  });

  it('when a document is long, then its keys are bounded and its first words kept', () => {
    const text = Array.from({ length: 500 }, (_, i) => `q${String(i).padStart(3, '0')}z`).join(' ');
    const keys = allKeys(`Title ${text}`);
    expect(keys.length).toBeLessThanOrEqual(MAX_KEYS_PER_DOCUMENT);
    expect(keys).toContain('titl');
    expect(keys).toContain('q000z');
    expect(keys).not.toContain('q499z');
  });
});

describe('snippets', () => {
  const long =
    'Opening words of a rather long question text that goes on and on about unrelated matters. ' +
    'It then talks about Dijkstra’s shortest path algorithm in weighted graphs, and asks the reader ' +
    'to prove its correctness for non-negative edge weights, with an example and a diagram at the end.';

  it('when text is short, then the snippet is the whole text', () => {
    expect(snippetOf('Define  a\nheap.', queryTerms('heap'))).toBe('Define a heap.');
  });

  it('when the match is far in, then the snippet surrounds it with whole words', () => {
    const snippet = snippetOf(long, queryTerms('algorithms'));
    expect(snippet).toContain('algorithm');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    const inner = snippet.slice(1, -1);
    const start = long.indexOf(inner);
    expect(start).toBeGreaterThan(0);
    expect(/[\p{L}\p{N}]/u.test(long[start - 1]!)).toBe(false);
    expect(/[\p{L}\p{N}]/u.test(long[start + inner.length] ?? ' ')).toBe(false);
  });

  it('when nothing matches the text, then the snippet is its start', () => {
    expect(snippetOf(long, queryTerms('zebra')).startsWith('Opening words')).toBe(true);
  });

  it('when a title is shortened, then it ends after a whole word', () => {
    expect(shorten(long, 40)).toBe('Opening words of a rather long question…');
  });
});

describe('keys of words outside the Basic Multilingual Plane', () => {
  it('when a word of astral letters is indexed, then no key ends in half a surrogate pair', () => {
    const index = documentIndex({ title: ['𐀀𐀀𐀀 𝔘𝔫𝔦𝔳𝔢𝔯𝔰𝔦𝔱𝔶'], body: [] });
    const keys = Object.values(index.fields).flat();
    expect(keys.length).toBeGreaterThan(0);
    const loneHalf = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    for (const key of keys) expect(key).not.toMatch(loneHalf);
    expect(cut('a𐀀', 2)).toBe('a');
    expect(cut('ab', 1)).toBe('a');
  });
});
