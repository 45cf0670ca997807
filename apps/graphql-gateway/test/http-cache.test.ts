// HTTP caching of the graph: persisted queries (APQ) by GET, shared when anonymous, under the
// surrogate keys of the records the answer holds (the contract's "HTTP caching").
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gatewayWithCatalog } from './support/suite.js';

const suite = gatewayWithCatalog();
const { gw, callers } = suite;

const OFFERING_TREE = `query OfferingTree($id: ObjectID!) {
  subjectOffering(id: $id) {
    id
    subject { name }
    syllabus { modules { title topics { title questions { text solutions { content score } } } } }
    papers { title examYear questions { text } }
  }
}`;

const PAPERS = 'query Papers { papers(limit: 5) { items { id title } } }';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A GET of a persisted query: its hash, and the query itself only when `register` is asked. */
async function persistedGet(
  query: string,
  variables: Record<string, unknown>,
  options: { register?: boolean; headers?: Record<string, string> } = {},
) {
  const params = new URLSearchParams({
    variables: JSON.stringify(variables),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(query) } }),
  });
  if (options.register) params.set('query', query);
  // Apollo's CSRF prevention: a GET must carry a header no simple cross-site request can.
  const res = await fetch(`${gw.url}/graphql?${params}`, {
    headers: { 'apollo-require-preflight': 'true', ...options.headers },
  });
  const body: any = res.status === 304 ? null : await res.json();
  return { status: res.status, headers: res.headers, body };
}

describe('persisted queries by GET', () => {
  it('when an anonymous GET names an unknown hash, then PERSISTED_QUERY_NOT_FOUND, not to be kept', async () => {
    const res = await persistedGet(`query Unknown${Date.now()} { health { status } }`, {});
    expect(res.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('when the offering tree is registered and asked again by hash, then a public answer with the keys of every record in it', async () => {
    const variables = { id: suite.catalog.offering.id };
    const registered = await persistedGet(OFFERING_TREE, variables, { register: true });
    expect(registered.status).toBe(200);
    const res = await persistedGet(OFFERING_TREE, variables);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.subjectOffering.id).toBe(suite.catalog.offering.id);
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    );
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    const keys = res.headers.get('surrogate-key')!.split(' ');
    expect(keys).toEqual(
      expect.arrayContaining([
        suite.catalog.offering.id,
        suite.catalog.university.id,
        suite.catalog.subject.id,
        suite.catalog.topic.id,
        suite.catalog.approved.id,
        suite.catalog.question.id,
        suite.catalog.solution.id,
      ]),
    );
    // The pending paper is not in an anonymous answer, nor its key.
    expect(keys).not.toContain(suite.catalog.pending.id);
  });

  it('when the ETag is sent back, then 304', async () => {
    const variables = { id: suite.catalog.offering.id };
    await persistedGet(OFFERING_TREE, variables, { register: true });
    const first = await persistedGet(OFFERING_TREE, variables);
    const again = await persistedGet(OFFERING_TREE, variables, {
      headers: { 'if-none-match': first.headers.get('etag')!, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  it('when a root list is asked, then its list key is among the keys', async () => {
    await persistedGet(PAPERS, {}, { register: true });
    const res = await persistedGet(PAPERS, {});
    expect(res.headers.get('surrogate-key')!.split(' ')).toContain('list:Paper');
  });

  it('when the caller is signed in, then the answer is private and names no key', async () => {
    await persistedGet(PAPERS, {}, { register: true });
    const res = await persistedGet(PAPERS, {}, { headers: callers.headers('normal') });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('surrogate-key')).toBeNull();
  });

  it('when the same query comes by POST, then it is not shared', async () => {
    const res = await gw.gql(PAPERS);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('surrogate-key')).toBeNull();
  });
});
