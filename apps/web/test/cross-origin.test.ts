// Another team's web page, served from an origin of its own, calls REST and GraphQL from the
// visitor's browser (the contract's "Other origins"): Chromium enforces CORS, not the test.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from './support/stack.js';
import type { Stack } from './support/stack.js';

/** A bare page on a loopback port of its own: another origin than the apps and the web page. */
async function servePage(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>Another team</title><p>Another team</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Calls {
  rest: { status: number; etag: string | null; remaining: string | null } | { failed: string };
  graphql: { status: number; data: unknown } | { failed: string };
}

/** From inside the page: a signed-in REST read and a GraphQL query, as another team's app would. */
function callFrom(page: Page, stack: Stack, token: string): Promise<Calls> {
  return page.evaluate(
    async ({ restUrl, gatewayUrl, token }) => {
      const failed = (error: unknown) => ({ failed: String(error) });
      const headers = { authorization: `Bearer ${token}` };
      const rest = await fetch(`${restUrl}/universities?limit=1`, { headers }).then(
        (res) => ({
          status: res.status,
          etag: res.headers.get('etag'),
          remaining: res.headers.get('x-ratelimit-remaining'),
        }),
        failed,
      );
      const graphql = await fetch(gatewayUrl, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ me { externalId } }' }),
      }).then(async (res) => ({ status: res.status, data: (await res.json()).data }), failed);
      return { rest, graphql };
    },
    { restUrl: stack.restUrl, gatewayUrl: stack.gatewayUrl, token },
  );
}

describe('other origins in the browser (CORS_ORIGINS)', () => {
  let listed: Awaited<ReturnType<typeof servePage>>;
  let unlisted: Awaited<ReturnType<typeof servePage>>;
  let stack: Stack;

  beforeAll(async () => {
    [listed, unlisted] = await Promise.all([servePage(), servePage()]);
    stack = await startStack({ env: { CORS_ORIGINS: listed.origin } });
  });
  afterAll(async () => {
    await stack?.close();
    for (const page of [listed, unlisted]) page?.server.close();
  });

  it('when a page of a listed origin calls REST and GraphQL with a token, then both answer and it reads the exposed headers', async () => {
    const token = await stack.tokenFor('normal');
    const page = await stack.newPage();
    await page.goto(listed.origin);
    const calls = await callFrom(page, stack, token);
    expect(calls.rest).toEqual({
      status: 200,
      etag: expect.stringMatching(/^"/),
      remaining: expect.stringMatching(/^\d+$/),
    });
    expect(calls.graphql).toEqual({ status: 200, data: { me: { externalId: 'web_priya' } } });
  });

  it('when a page of an origin not listed calls them, then the browser refuses both answers (a CORS failure)', async () => {
    const token = await stack.tokenFor('normal');
    const page = await stack.newPage();
    await page.goto(unlisted.origin);
    const calls = await callFrom(page, stack, token);
    expect(calls).toEqual({
      rest: { failed: expect.stringMatching(/TypeError: Failed to fetch/) },
      graphql: { failed: expect.stringMatching(/TypeError: Failed to fetch/) },
    });
    // The server answered; only the browser held the answer back: it carried no CORS header.
    const direct = await fetch(`${stack.restUrl}/universities?limit=1`, {
      headers: { origin: unlisted.origin, authorization: `Bearer ${token}` },
    });
    expect(direct.status).toBe(200);
    expect(direct.headers.get('access-control-allow-origin')).toBeNull();
  });
});
