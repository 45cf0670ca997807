// A search snippet with the words that matched the query marked, by the search's own rule:
// case- and accent-insensitive, and a query word of 4+ characters also matches words it starts.

const WORD = /[\p{L}\p{N}]+/gu;

function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function queryWords(query: string): string[] {
  return [...query.matchAll(WORD)].map((m) => fold(m[0]));
}

function matches(word: string, terms: string[]): boolean {
  const folded = fold(word);
  return terms.some((t) => folded === t || (t.length >= 4 && folded.startsWith(t)));
}

export function Highlight({ text, query }: { text: string; query: string }) {
  const terms = queryWords(query);
  const parts: (string | { mark: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    if (!matches(match[0], terms)) continue;
    parts.push(text.slice(last, match.index), { mark: match[0] });
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) => (typeof part === 'string' ? part : <mark key={i}>{part.mark}</mark>))}
    </>
  );
}
