// The page's own queries, by the hash the page sends for each (Apollo's persisted queries, APQ).
// The page asks by hash alone, a short GET that browsers and shared caches keep. A gateway that
// has not seen a hash yet (after a start, on each instance) answers PERSISTED_QUERY_NOT_FOUND,
// and the page would ask again with the text: two counted requests where one is enough. This
// server ships the page, so it knows its documents: it adds the text of a hash it knows to the
// request it forwards, and the gateway checks the hash against it and answers at once. The URL the
// browser caches stays the short one. Unknown hashes are forwarded unchanged.
import { createHash } from 'node:crypto';
import * as documents from '@qpc/client/graphql';
import { createRequest, formatDocument, stringifyDocument } from '@urql/core';

/**
 * A document's text exactly as the page's urql sends it: parsed, `__typename` added by its cache
 * and printed the way urql prints (src/graphql.ts uses the same exchanges); the hash is of it.
 */
function textAsSent(document: string): string {
  return stringifyDocument(formatDocument(createRequest(document, {}).query));
}

function queryDocuments(): string[] {
  return Object.entries(documents)
    .filter(([name, value]) => name.endsWith('Document') && value instanceof String)
    .map(([, value]) => String(value))
    .filter((text) => /^\s*query\b/.test(text));
}

let known: Map<string, string> | undefined;

/** The page's queries by the SHA-256 of their text as sent (computed once). */
export function pageQueries(): ReadonlyMap<string, string> {
  known ??= new Map(
    queryDocuments().map((document) => {
      const text = textAsSent(document);
      return [createHash('sha256').update(text).digest('hex'), text];
    }),
  );
  return known;
}

/**
 * The query string to forward for a GET of `/graphql`: with the text added when it names by hash
 * alone a query of the page; else as it came.
 */
export function withPersistedText(search: string): string {
  const params = new URLSearchParams(search);
  if (params.has('query')) return search;
  let hash: unknown;
  try {
    hash = (
      JSON.parse(params.get('extensions') ?? '{}') as { persistedQuery?: { sha256Hash?: unknown } }
    ).persistedQuery?.sha256Hash;
  } catch {
    return search;
  }
  const text = typeof hash === 'string' ? pageQueries().get(hash) : undefined;
  if (!text) return search;
  params.set('query', text);
  return `?${params.toString()}`;
}
