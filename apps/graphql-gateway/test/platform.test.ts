import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from './support/harness.js';
import type { RunningGateway } from './support/harness.js';

describe('GraphQL gateway platform', () => {
  let gw: RunningGateway;
  beforeAll(async () => {
    gw = await startGateway({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => gw.close());

  it('when the health query runs, then it answers ok with uptime and version', async () => {
    const { status, body, headers } = await gw.gql('{ health { status uptimeSeconds version } }');
    expect(status).toBe(200);
    // What a query answers depends on the caller: shared caches must key on the token.
    expect(headers.get('vary')).toMatch(/authorization/i);
    expect(body).toEqual({
      data: { health: { status: 'ok', uptimeSeconds: expect.any(Number), version: 'test' } },
    });
  });

  it('when the health routes are asked, then they answer with the REST bodies', async () => {
    const live = await fetch(`${gw.url}/api/v1/health`);
    expect(live.status).toBe(200);
    expect(((await live.json()) as any).data.status).toBe('ok');
    const detailed = await fetch(`${gw.url}/api/v1/health/detailed`);
    expect(detailed.status).toBe(200);
    expect(((await detailed.json()) as any).data.checks.database.status).toBe('up');
  });

  it('when a query is invalid, then the error carries a client code and no stack', async () => {
    const { status, body } = await gw.gql('{ nope }');
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(JSON.stringify(body)).not.toContain('stacktrace');
  });

  it('when the rate limit is spent, then the gateway answers 429 with Retry-After', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i += 1) {
      last = await fetch(`${gw.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ health { status } }' }),
      });
      statuses.push(last.status);
    }
    // Two counted graphql requests ran before this test (the health query and `{ nope }`; the
    // health routes are not counted): the budget of 3 is spent by the first request here.
    expect(statuses).toEqual([200, 429, 429]);
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // A GraphQL endpoint answers GraphQL's shape only: no REST `success`/`error` envelope.
    expect((await last!.json()) as any).toEqual({
      errors: [
        {
          message: expect.stringMatching(/^Too many requests/),
          extensions: { code: 'RATE_LIMITED', requestId: last!.headers.get('x-request-id') },
        },
      ],
    });
  });
});
