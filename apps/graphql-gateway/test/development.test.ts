// Outside production: introspection, field suggestions and the offline GraphiQL page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from './support/harness.js';
import type { RunningGateway } from './support/harness.js';

let gw: RunningGateway;

beforeAll(async () => {
  gw = await startGateway({ NODE_ENV: 'development' });
});
afterAll(async () => gw.close());

describe('introspection and suggestions in development', () => {
  it('when the schema is introspected, then every type and field comes with a description', async () => {
    const { status, body } = await gw.gql(`{ __schema { types { name kind description
      fields { name description } inputFields { name description } enumValues { name description } } } }`);
    expect(status).toBe(200);
    const ours = (body.data.__schema.types as any[]).filter(
      (t) =>
        !t.name.startsWith('__') && !['String', 'Int', 'Float', 'Boolean', 'ID'].includes(t.name),
    );
    expect(ours.map((t) => t.name)).toEqual(
      expect.arrayContaining(['University', 'Paper', 'Pagination', 'ExamType', 'CreatePaperInput']),
    );
    const undocumented = ours.flatMap((t) => [
      ...(t.description ? [] : [t.name]),
      ...[...(t.fields ?? []), ...(t.inputFields ?? []), ...(t.enumValues ?? [])]
        .filter((f: { description: string | null }) => !f.description)
        .map((f: { name: string }) => `${t.name}.${f.name}`),
    ]);
    expect(undocumented).toEqual([]);
  });

  it('when the schema is introspected, then enum values are the REST strings in upper case', async () => {
    const { body } = await gw.gql(
      '{ e: __type(name: "ExamType") { enumValues { name } } r: __type(name: "Role") { enumValues { name } } }',
    );
    expect(body.data.e.enumValues.map((v: { name: string }) => v.name)).toEqual([
      'END_TERM',
      'MID_TERM',
      'SUPPLEMENTARY',
      'QUIZ',
    ]);
    expect(body.data.r.enumValues.map((v: { name: string }) => v.name)).toEqual([
      'ADMIN',
      'EDITOR',
      'NORMAL',
    ]);
  });

  it('when a field is misspelled, then the error suggests the right one', async () => {
    const { status, body } = await gw.gql('{ universitie { items { id } } }');
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(body.errors[0].message).toMatch(/Did you mean "universities"/);
  });
});

describe('offline GraphiQL', () => {
  async function page(path: string, accept = 'text/html,application/xhtml+xml') {
    const res = await fetch(`${gw.url}${path}`, { headers: { accept } });
    return { res, text: await res.text() };
  }

  it('when a browser opens /graphql, then GraphiQL is served with a self-only CSP and no inline script', async () => {
    const { res, text } = await page('/graphql');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    const scripts = [...text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/src="\/graphiql\/assets\//);
      expect(content?.trim()).toBe('');
    }
    expect(text).not.toMatch(/https?:\/\//);
  });

  it('when /graphiql is opened, then the same page comes', async () => {
    const viaGraphql = await page('/graphql');
    const viaGraphiql = await page('/graphiql');
    expect(viaGraphiql.res.status).toBe(200);
    expect(viaGraphiql.text).toBe(viaGraphql.text);
  });

  it('when the page loads its scripts and styles, then the gateway serves each one itself', async () => {
    const { text } = await page('/graphiql');
    const assets = [...text.matchAll(/(?:src|href)="(\/graphiql\/assets\/[^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(assets).toEqual(
      expect.arrayContaining([
        '/graphiql/assets/react.production.min.js',
        '/graphiql/assets/react-dom.production.min.js',
        '/graphiql/assets/graphiql.min.js',
        '/graphiql/assets/graphiql.min.css',
        '/graphiql/assets/init.js',
      ]),
    );
    for (const asset of assets) {
      const res = await fetch(`${gw.url}${asset}`);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('content-type'), asset).toMatch(
        asset.endsWith('.css') ? /text\/css/ : /javascript/,
      );
      expect((await res.text()).length, asset).toBeGreaterThan(20);
    }
    const init = await (await fetch(`${gw.url}/graphiql/assets/init.js`)).text();
    expect(init).toContain('GraphiQL.createFetcher');
    expect(init).toContain("'/graphql'");
  });

  it('when the page and its assets are loaded, then they are not counted against the rate limit; /graphql is', async () => {
    const { text } = await page('/graphiql');
    const assets = [...text.matchAll(/(?:src|href)="(\/graphiql\/assets\/[^"]+)"/g)].map(
      (m) => m[1]!,
    );
    for (const path of ['/graphiql', '/graphql', ...assets]) {
      const res = await fetch(`${gw.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-ratelimit-limit'), path).toBeNull();
    }
    const { headers } = await gw.gql('{ health { status } }');
    expect(headers.get('x-ratelimit-limit')).not.toBeNull();
  });

  it('when a file beside the assets is asked, then it is not served', async () => {
    const res = await fetch(`${gw.url}/graphiql/assets/package.json`);
    expect(res.status).toBe(404);
  });

  it('when a client asks /graphql for JSON, then Apollo answers, not the page', async () => {
    const { res, text } = await page(
      `/graphql?query=${encodeURIComponent('{ health { status } }')}`,
      'application/json',
    );
    expect(res.status).toBe(400); // a GET without a preflight header: CSRF prevention, from Apollo
    expect(text).not.toMatch(/<html/i);
  });
});
