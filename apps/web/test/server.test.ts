import { get as httpGet } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../server/app.js';
import { clerkFrontendApiHost } from '../server/clerk.js';
import { fileFor } from '../server/static-files.js';
import { onePagePdf } from './support/pdf.js';
import { useStack } from './support/use-stack.js';

describe('the web server', () => {
  const stack = useStack({ withoutBrowser: true });

  it('when the page is requested, then it comes with a CSP allowing only its own origin and scripts only from files', async () => {
    const res = await fetch(stack.webUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toMatch(/https?:/);
    const html = await res.text();
    // Scripts come from files; the one inline element is data (JSON), which is never run.
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    for (const [, attributes, body] of scripts) {
      if (attributes === ' type="application/json" id="qpc-first-data"') {
        expect(() => JSON.parse(body!)).not.toThrow();
        continue;
      }
      expect(attributes).toMatch(/src="\/assets\/[\w.-]+\.js"/);
      expect(body!.trim()).toBe('');
    }
    expect(scripts.filter(([, attributes]) => attributes!.includes('src='))).toHaveLength(1);
    // Nothing from another host: every src and href is a path on this server (the first screen,
    // drawn on the server, also links the home page "/" and the skip link's "#view").
    for (const [, url] of html.matchAll(/(?:src|href)="([^"]+)"/g))
      expect(url).toMatch(/^(\/(\w|$)|#\w)/);
    expect(html).toContain('<div id="root">');
  });

  it('when an asset is requested, then it is served with its type and cached for good; the page itself is revalidated', async () => {
    const html = await (await fetch(stack.webUrl)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${stack.webUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(stack.webUrl)).headers.get('cache-control')).toBe('no-cache');
  });

  it('when an asset is requested by a browser that accepts compression, then the compressed copy the build wrote is sent, the same bytes once decoded', async () => {
    const html = await (await fetch(stack.webUrl)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    // node:http, not fetch: fetch would decode the body itself.
    const get = (acceptEncoding?: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        httpGet(`${stack.webUrl}${script}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await get('br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect((await get('identity')).headers['content-encoding']).toBeUndefined();
  });

  it("when one of the page's own routes is opened directly (a shared link), then the page is served", async () => {
    for (const path of ['/search?q=stack', '/p/nfit-data-structures-end-term-2023', '/review']) {
      const res = await fetch(`${stack.webUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
      expect(await res.text()).toContain('<meta name="qpc-clerk-publishable-key" content="" />');
    }
  });

  it('when a path would leave the page folder or names nothing, then 404; a write is 405', async () => {
    for (const path of [
      '/..%2f..%2f..%2fpackage.json',
      '/%2e%2e/server/app.js',
      '/missing.js',
      '/assets/missing',
      '/api/v1/papers',
    ]) {
      expect((await fetch(`${stack.webUrl}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(stack.webUrl, { method: 'POST' })).status).toBe(405);
    const root = '/srv/page';
    expect(fileFor(root, '/../etc/passwd')).toBeNull();
    expect(fileFor(root, '/%E0%A4%A')).toBeNull();
    expect(fileFor(root, '/a%00.js')).toBeNull();
    expect(fileFor(root, '/')).toBe('/srv/page/index.html');
  });

  it("when /graphql is posted, then the gateway's answer comes back with its status, request id and rate-limit headers", async () => {
    const res = await fetch(`${stack.webUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'web-proxy-test-1' },
      body: JSON.stringify({ query: '{ universities(limit: 1) { pagination { total } } }' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('web-proxy-test-1');
    expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({ data: { universities: { pagination: { total: 2 } } } });
  });

  it('when a bad token is forwarded, then the 401 and its error code come back unchanged', async () => {
    const res = await fetch(`${stack.webUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not.a.token' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe('UNAUTHENTICATED');
  });

  it("when a paper's PDF is asked for on the page's origin, then the REST API answers it with the caller's token: bytes, ranges, visibility", async () => {
    const editor = await stack.tokenFor('editor');
    const pdf = onePagePdf('Forwarded');
    await stack.uploadPdf('nfit-data-structures-end-term-2023', pdf, editor);
    await stack.uploadPdf('nfit-discrete-mathematics-quiz-2024', onePagePdf('Draft'), editor);
    const ids = await stack.graphql<{ a: { id: string }; d: { id: string } }>(
      'query { a: paper(slug: "nfit-data-structures-end-term-2023") { id } d: paper(slug: "nfit-discrete-mathematics-quiz-2024") { id } }',
      {},
      editor,
    );
    const approved = await fetch(`${stack.webUrl}/api/v1/papers/${ids.a.id}/file`);
    expect(approved.status).toBe(200);
    expect(approved.headers.get('content-type')).toBe('application/pdf');
    expect(approved.headers.get('content-disposition')).toContain(
      'nfit-data-structures-end-term-2023.pdf',
    );
    expect(Buffer.from(await approved.arrayBuffer()).equals(pdf)).toBe(true);
    const inline = await fetch(`${stack.webUrl}/api/v1/papers/${ids.a.id}/file?disposition=inline`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-disposition')).toMatch(
      /^inline; filename="nfit-data-structures-end-term-2023\.pdf"/,
    );
    expect(Buffer.from(await inline.arrayBuffer()).equals(pdf)).toBe(true);
    const range = await fetch(`${stack.webUrl}/api/v1/papers/${ids.a.id}/file`, {
      headers: { range: 'bytes=0-4' },
    });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('%PDF-');
    // A draft: hidden from visitors, there for its editor.
    const draft = `${stack.webUrl}/api/v1/papers/${ids.d.id}/file`;
    const hidden = await fetch(draft);
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    expect((await fetch(draft, { headers: { authorization: `Bearer ${editor}` } })).status).toBe(
      200,
    );
  });

  it('when an upload comes through the page without a token, then the API refuses it and nothing is stored', async () => {
    const { paper } = await stack.graphql<{ paper: { id: string; file: null | { size: number } } }>(
      'query { paper(slug: "nfit-digital-electronics-end-term-2023") { id file { size } } }',
    );
    const res = await fetch(`${stack.webUrl}/api/v1/papers/${paper.id}/file`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(onePagePdf('Anonymous')),
    });
    expect(res.status).toBe(401);
    const after = await stack.graphql<{ paper: { file: null } }>(
      'query { paper(slug: "nfit-digital-electronics-end-term-2023") { file { size } } }',
    );
    expect(after.paper.file).toBeNull();
  });

  it('when a Clerk publishable key is read, then its frontend API host is the only host the CSP adds; a key naming no host is refused', () => {
    const key = `pk_live_${Buffer.from('clerk.example.com$').toString('base64')}`;
    expect(clerkFrontendApiHost(key)).toBe('clerk.example.com');
    const csp = contentSecurityPolicy('clerk.example.com');
    expect(csp).toContain("script-src 'self' https://clerk.example.com;");
    expect(csp).toContain("img-src 'self' data: https://clerk.example.com;");
    for (const bad of [
      'pk_test_',
      `pk_test_${Buffer.from('no-dollar').toString('base64')}`,
      `pk_test_${Buffer.from('a b$').toString('base64')}`,
      'sk_test_abc',
    ]) {
      expect(() => clerkFrontendApiHost(bad), bad).toThrow(/frontend API host/);
    }
  });
});
