// The page's reads by hash alone (APQ GETs) through the web server: a gateway that has never seen
// the hash answers at once, because the server adds the text of its own documents; the answer is
// shared (anonymous) and revalidated by ETag; a hash the page does not have is left to the gateway.
import { describe, expect, it } from 'vitest';
import { pageQueries } from '../server/persisted-documents.js';
import { useStack } from './support/use-stack.js';

/** The hash of the page's query named `operation`. */
function hashOf(operation: string): string {
  const entry = [...pageQueries()].find(([, text]) => text.startsWith(`query ${operation}(`));
  if (!entry) throw new Error(`No page query ${operation}`);
  return entry[0];
}

function byHash(webUrl: string, hash: string, variables: object, headers: object = {}) {
  const params = new URLSearchParams({
    variables: JSON.stringify(variables),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
  });
  return fetch(`${webUrl}/graphql?${params}`, {
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe("the page's persisted queries through the web server", () => {
  const stack = useStack({ withoutBrowser: true });

  it('when a fresh gateway is asked a page query by hash alone, then it answers the data at once, shared, and 304 on its ETag', async () => {
    const res = await byHash(stack.webUrl, hashOf('Universities'), { limit: 5 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data?: { universities: { items: unknown[] } } };
    expect(body.data?.universities.items.length).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toMatch(/^public, /);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const again = await byHash(
      stack.webUrl,
      hashOf('Universities'),
      { limit: 5 },
      {
        'if-none-match': etag,
      },
    );
    expect(again.status).toBe(304);
  });

  it('when a hash is not one of the page, then the gateway asks for the text, as APQ does', async () => {
    const res = await byHash(stack.webUrl, 'ab'.repeat(32), {});
    const body = (await res.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });
});
