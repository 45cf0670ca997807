// Snippets and short titles cut from original text, never through a word.
import type { QueryTerm } from './tokens.js';
import { cut as cutUnits, fold, MAX_WORD_LENGTH, STOP_WORDS, wordMatches } from './tokens.js';

/** Characters of text a snippet shows, about. */
export const SNIPPET_LENGTH = 160;
/** How much text before the first match a snippet keeps, at most. */
const LEAD = 50;
const ELLIPSIS = '…';

interface Span {
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

function wordSpans(text: string): Span[] {
  const spans: Span[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    spans.push({ start: m.index, end: m.index + m[0].length });
  }
  return spans;
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The first word span of `text` that matches one of the terms, or null. */
function firstMatch(
  text: string,
  spans: readonly Span[],
  terms: readonly QueryTerm[],
): Span | null {
  for (const span of spans) {
    const word = cutUnits(fold(text.slice(span.start, span.end)), MAX_WORD_LENGTH);
    if (STOP_WORDS.has(word)) continue;
    if (terms.some((term) => wordMatches(word, term))) return span;
  }
  return null;
}

/** A window of about SNIPPET_LENGTH characters around the first matching word, words kept whole. */
export function snippetOf(text: string, terms: readonly QueryTerm[]): string {
  if (text.length <= SNIPPET_LENGTH) return squash(text);
  const spans = wordSpans(text);
  const match = firstMatch(text, spans, terms);
  let start = 0;
  if (match && match.start > LEAD) {
    start = spans.find((s) => s.start >= match.start - LEAD)?.start ?? match.start;
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) {
    const last = spans.filter((s) => s.end <= end && s.start >= start).at(-1);
    end = Math.max(last?.end ?? end, match?.end ?? 0);
  }
  return `${start > 0 ? ELLIPSIS : ''}${squash(text.slice(start, end))}${end < text.length ? ELLIPSIS : ''}`;
}

/** The start of a text, at most `length` characters, cut after a whole word. */
export function shorten(text: string, length = 100): string {
  const flat = squash(text);
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut}${ELLIPSIS}`;
}
