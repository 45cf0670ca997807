import { describe, expect, it } from 'vitest';
import { shorten, snippetOf, SNIPPET_LENGTH } from './snippet.js';
import {
  documentKeys,
  fold,
  matchKind,
  matchesTitle,
  MAX_KEYS_PER_DOCUMENT,
  queryTerms,
  wordsOf,
} from './tokens.js';

const keysOf = (body: string, title = '') =>
  new Set(documentKeys({ title: [title], body: [body] }).keys);
const term = (q: string) => {
  const [first] = queryTerms(q);
  if (!first) throw new Error(`no term in ${q}`);
  return first;
};

describe('tokens', () => {
  it('when text has capitals and accents, then they are folded', () => {
    expect(fold('Résumé ÇA Naïve')).toBe('resume ca naive');
    expect(wordsOf('Résumé, of the CV!')).toEqual(['resume', 'cv']);
  });

  it('when a query holds only stop words or punctuation, then it has no terms', () => {
    expect(queryTerms('the of and')).toEqual([]);
    expect(queryTerms('?!... --')).toEqual([]);
  });

  it('when a query repeats a word, then it counts once', () => {
    expect(queryTerms('Graph graph GRAPH').map((t) => t.word)).toEqual(['graph']);
  });

  it('when a document has a word, then a query of the same stem matches it exactly', () => {
    expect(matchKind(keysOf('Sorting a list'), term('sorted'))).toBe('exact');
    expect(matchKind(keysOf('one study'), term('studies'))).toBe('exact');
  });

  it('when a query word starts a document word, then it matches as a prefix', () => {
    expect(matchKind(keysOf('Dijkstra algorithm'), term('algo'))).toBe('prefix');
    expect(matchKind(keysOf('data analysis'), term('analy'))).toBe('prefix');
  });

  it('when accents differ between query and document, then they still match', () => {
    expect(matchKind(keysOf('Write a résumé'), term('resume'))).toBe('exact');
    expect(matchKind(keysOf('Write a resume'), term('RÉSUMÉ'))).toBe('exact');
  });

  it('when a word only shares its first letters, then it does not match', () => {
    expect(matchKind(keysOf('runway lights'), term('running'))).toBeNull();
    expect(matchKind(keysOf('graph theory'), term('gr'))).toBeNull();
  });

  it('when a term is found, then its lookups are a key every matching document holds', () => {
    for (const [text, q] of [
      ['hashing tables', 'hash'],
      ['hash tables', 'hashing'],
      ['one study', 'studies'],
      ['data analysis', 'analy'],
      ['the OS kernel', 'os'],
    ] as const) {
      const keys = keysOf(text);
      expect(
        term(q).lookups.some((key) => keys.has(key)),
        `${q} in ${text}`,
      ).toBe(true);
    }
  });

  it('when a word is in the title, then the title match tells it from the body', () => {
    const { titleKeys } = documentKeys({ title: ['Graph algorithms'], body: ['Trees and heaps'] });
    expect(matchesTitle(titleKeys, term('graphs'))).toBe(true);
    expect(matchesTitle(titleKeys, term('algo'))).toBe(true);
    expect(matchesTitle(titleKeys, term('heap'))).toBe(false);
  });

  it('when a document is long, then its keys are bounded and its first words kept', () => {
    const body = Array.from({ length: 500 }, (_, i) => `word${i}x`).join(' ');
    const keys = keysOf(body, 'Title words');
    expect(keys.size).toBeLessThanOrEqual(MAX_KEYS_PER_DOCUMENT);
    expect(matchKind(keys, term('title'))).toBe('exact');
    expect(matchKind(keys, term('word0x'))).toBe('exact');
    expect(matchKind(keys, term('word499x'))).toBeNull();
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
