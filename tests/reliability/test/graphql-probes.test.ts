// Probes after graphql-cop's list, each one request, against a production gateway process.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseEnv, startService } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';

describe('GraphQL probes (production gateway)', () => {
  let gw: ServiceProcess;
  let url: string;

  beforeAll(async () => {
    gw = await startService(
      'graphql-gateway',
      baseEnv({ NODE_ENV: 'production', MONGODB_URI: `${inject('mongoUri')}graphql_probes` }),
    );
    url = `${gw.url}/graphql`;
  });
  afterAll(async () => gw?.stop());

  async function post(body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, json, text, headers: res.headers };
  }

  function errorCodes(json: any): string[] {
    return ((json?.errors ?? []) as { extensions?: { code?: string } }[]).map(
      (e) => e.extensions?.code ?? '',
    );
  }

  it('when introspection is asked in production, then it is refused', async () => {
    const { json } = await post({ query: '{ __schema { types { name } } }' });
    expect(json.data?.__schema).toBeUndefined();
    expect(json.errors?.length).toBeGreaterThan(0);
  });

  it('when a field is misspelled in production, then the error suggests no field names', async () => {
    const { json, text } = await post({ query: '{ universitie { items { id } } }' });
    expect(json.errors?.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/Did you mean/i);
  });

  it('when one request carries many aliases, then it is refused', async () => {
    const aliases = Array.from({ length: 100 }, (_, i) => `a${i}: health { status }`).join(' ');
    const { json } = await post({ query: `{ ${aliases} }` });
    expect(json.data ?? null).toBeNull();
    expect(json.errors?.length).toBeGreaterThan(0);
  });

  it('when operations are batched in an array, then the batch is refused', async () => {
    const { status, json } = await post([
      { query: '{ health { status } }' },
      { query: '{ health { status } }' },
    ]);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(Array.isArray(json)).toBe(false);
  });

  it('when a mutation is sent with GET, then it is refused', async () => {
    const query = encodeURIComponent(
      'mutation { deleteUniversity(id: "000000000000000000000000") }',
    );
    const res = await fetch(`${url}?query=${query}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await res.text()).not.toContain('"deleteUniversity":true');
  });

  it('when a mutation is sent url-encoded, then it is refused', async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=mutation%20%7B%20deleteUniversity(id%3A%20%22000000000000000000000000%22)%20%7D',
    });
    expect(res.status).toBe(400);
  });

  it('when a simple cross-site request (text/plain, no preflight) arrives, then CSRF prevention refuses it', async () => {
    const res = await fetch(`${url}?query=${encodeURIComponent('{ health { status } }')}`);
    expect(res.status).toBe(400);
  });

  it('when a query repeats directives many times, then it is refused', async () => {
    const directives = Array.from({ length: 200 }, () => '@include(if: true)').join(' ');
    const { json } = await post({ query: `{ health ${directives} { status } }` });
    expect(json.data ?? null).toBeNull();
    expect(json.errors?.length).toBeGreaterThan(0);
  });

  it('when fragments are circular, then validation refuses the query', async () => {
    const { status, json } = await post({
      query: '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }',
    });
    expect(status).toBe(400);
    expect(errorCodes(json)).toContain('GRAPHQL_VALIDATION_FAILED');
  });

  it('when a query is very deep, then the depth limit refuses it', async () => {
    let selection = 'id';
    for (let i = 0; i < 10; i += 1) selection = `subjectOffering { papers { ${selection} } }`;
    const { json } = await post({ query: `{ papers { items { ${selection} } } }` });
    expect(json.data ?? null).toBeNull();
    expect(JSON.stringify(json.errors)).toMatch(/depth/i);
  });

  it('when tracing is asked, then no tracing or timing data comes back', async () => {
    const { json, headers } = await post(
      { query: '{ health { status } }' },
      { 'apollo-federation-include-trace': 'ftv1' },
    );
    expect(json.data.health.status).toBe('ok');
    expect(json.extensions?.tracing).toBeUndefined();
    expect(json.extensions?.ftv1).toBeUndefined();
    expect(headers.get('x-powered-by')).toBeNull();
  });

  it('when the landing page is asked in production, then none is served', async () => {
    const res = await fetch(url, { headers: { accept: 'text/html' } });
    const text = await res.text();
    expect(text).not.toMatch(/<html/i);
  });
});
