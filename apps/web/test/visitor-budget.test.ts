// Behind the web page each visitor has its own rate-limit budget on every path the page forwards
// (`/graphql` to the gateway, a paper's file to the REST API): the web server sends the address of
// the connection it accepted as X-Forwarded-For (replacing the client's), and both apps trust that
// one loopback hop (`trustingThisServer`, which `npm start` and the test stack both apply). Visitors come from
// different loopback addresses (127.0.0.2, 127.0.0.3, ...) to be told apart.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { onePagePdf } from './support/pdf.js';
import type { Stack } from './support/stack.js';
import { useStack } from './support/use-stack.js';

const LIMIT = 3;

/** Sends one request to the web server from the address `from`; answers the status. */
function send(
  stack: Stack,
  from: string,
  path: string,
  init: { method: 'GET' | 'POST'; body?: string; headers?: Record<string, string> },
): Promise<number> {
  const url = new URL(`${stack.webUrl}${path}`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: init.method,
        localAddress: from,
        headers: init.headers ?? {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Posts a tiny query to the web server's /graphql from `from`. */
function ask(stack: Stack, from: string, headers: Record<string, string> = {}): Promise<number> {
  return send(stack, from, '/graphql', {
    method: 'POST',
    body: JSON.stringify({ query: '{ __typename }' }),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('a rate-limit budget per visitor behind the web page', () => {
  const stack = useStack({
    withoutBrowser: true,
    env: { RATE_LIMIT_MAX: String(LIMIT) },
  });

  it('when one visitor spends its budget, then another visitor still has its own', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect(await ask(stack, '127.0.0.2')).toBe(200);
    expect(await ask(stack, '127.0.0.2')).toBe(429);
    expect(await ask(stack, '127.0.0.3')).toBe(200);
  });

  it("when one visitor spends its budget on a paper's PDF, then another visitor still downloads it", async () => {
    const editor = await stack.tokenFor('editor');
    const slug = 'nfit-data-structures-end-term-2023';
    await stack.uploadPdf(slug, onePagePdf('Budget'), editor);
    const { paper } = await stack.graphql<{ paper: { id: string } }>(
      'query ($slug: Slug!) { paper(slug: $slug) { id } }',
      { slug },
      editor,
    );
    const download = (from: string, headers: Record<string, string> = {}) =>
      send(stack, from, `/api/v1/papers/${paper.id}/file`, { method: 'GET', headers });
    for (let i = 0; i < LIMIT; i += 1) expect(await download('127.0.0.4')).toBe(200);
    expect(await download('127.0.0.4')).toBe(429);
    // Naming someone else does not buy a fresh budget either.
    expect(await download('127.0.0.4', { 'x-forwarded-for': '203.0.113.9' })).toBe(429);
    expect(await download('127.0.0.5')).toBe(200);
  });

  it('when a limited visitor sends its own X-Forwarded-For, then it is still limited', async () => {
    for (const forwarded of ['203.0.113.7', '203.0.113.8, 127.0.0.9', '127.0.0.10']) {
      expect(await ask(stack, '127.0.0.2', { 'x-forwarded-for': forwarded }), forwarded).toBe(429);
    }
  });
});
