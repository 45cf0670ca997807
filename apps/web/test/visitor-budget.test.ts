// Behind the web page each visitor has its own rate-limit budget: the web server sends the
// address of the connection it accepted as X-Forwarded-For (replacing the client's), and the
// gateway trusts that one loopback hop (TRUST_PROXY=loopback, as `npm start` sets it). Visitors
// come from different loopback addresses (127.0.0.2, 127.0.0.3) to be told apart.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Stack } from './support/stack.js';
import { useStack } from './support/use-stack.js';

const LIMIT = 3;

/** Posts a tiny query to the web server's /graphql from `from`; answers the status. */
function ask(stack: Stack, from: string, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL(`${stack.webUrl}/graphql`);
  const body = JSON.stringify({ query: '{ __typename }' });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a rate-limit budget per visitor behind the web page', () => {
  const stack = useStack({
    withoutBrowser: true,
    env: { TRUST_PROXY: 'loopback', RATE_LIMIT_MAX: String(LIMIT) },
  });

  it('when one visitor spends its budget, then another visitor still has its own', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect(await ask(stack, '127.0.0.2')).toBe(200);
    expect(await ask(stack, '127.0.0.2')).toBe(429);
    expect(await ask(stack, '127.0.0.3')).toBe(200);
  });

  it('when a limited visitor sends its own X-Forwarded-For, then it is still limited', async () => {
    for (const forwarded of ['203.0.113.7', '203.0.113.8, 127.0.0.9', '127.0.0.10']) {
      expect(await ask(stack, '127.0.0.2', { 'x-forwarded-for': forwarded }), forwarded).toBe(429);
    }
  });
});
