// Refused requests are cheap to log: one short line without a stack per 4xx, a 429 once per
// client and window at most; a flood of refused requests barely grows the log.
import { REFUSAL_LINE_BYTES } from '@qpc/server-kit';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

const LIMIT = 3;

describe('refusal logs', () => {
  const { app } = useApp({ RATE_LIMIT_MAX: String(LIMIT), LOG_LEVEL: 'info' });

  it('when a request is refused with 404, then it is one line, without a stack, within the limit', async () => {
    const before = app.logs().length;
    const res = await fetch(`${app.url}/api/v1/${'x'.repeat(2000)}`);
    expect(res.status).toBe(404);
    const text = app.logText().split('\n').filter(Boolean).slice(before);
    expect(text).toHaveLength(1);
    expect(Buffer.byteLength(text[0]!) + 1).toBeLessThanOrEqual(REFUSAL_LINE_BYTES);
    expect(text[0]).not.toContain('stack');
    expect(JSON.parse(text[0]!)).toMatchObject({
      level: 40,
      res: { statusCode: 404 },
      msg: expect.stringMatching(/^NOT_FOUND: /),
    });
  });

  it('when 200 requests go over the limit, then the log grows by at most 400 bytes each and shows one 429', async () => {
    // The earlier test's request counted too: use up what is left of the budget.
    let status = 200;
    while (status !== 429) status = (await fetch(`${app.url}/api/v1/universities`)).status;
    const before = Buffer.byteLength(app.logText());
    for (let i = 0; i < 200; i += 1) {
      const res = await fetch(`${app.url}/api/v1/universities`);
      expect(res.status).toBe(429);
      await res.arrayBuffer();
    }
    const grown = Buffer.byteLength(app.logText()) - before;
    expect(grown).toBeLessThanOrEqual(200 * 400);
    // The first refusal of the window was logged before `before`: the flood adds no line.
    expect(grown).toBe(0);
    const refused = app.logs().filter((line) => (line.res as any)?.statusCode === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.msg).toMatch(/^RATE_LIMITED: Too many requests/);
  });
});
