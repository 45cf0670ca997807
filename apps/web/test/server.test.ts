import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileFor } from '../server/static-files.js';
import { startStack } from './support/stack.js';
import type { Stack } from './support/stack.js';

describe('the web server', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ withoutBrowser: true });
  });
  afterAll(async () => stack?.close());

  it('when the page is requested, then it comes with a CSP allowing only its own origin and scripts only from files', async () => {
    const res = await fetch(stack.webUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    const html = await res.text();
    for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(attributes).toMatch(/src="\/assets\/[\w.-]+\.js"/);
      expect(body!.trim()).toBe('');
    }
    // Nothing from another host: every src and href is a path on this server.
    for (const [, url] of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(url).toMatch(/^\/\w/);
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

  it('when a path would leave the page folder or names nothing, then 404; a write is 405', async () => {
    for (const path of ['/..%2f..%2f..%2fpackage.json', '/%2e%2e/server/app.js', '/missing.js']) {
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
});
