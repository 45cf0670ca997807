import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { logRefusal, REFUSAL_LINE_BYTES } from './refusal-log.js';

function captured(name: string) {
  const lines: string[] = [];
  const logger = createLogger(
    { logLevel: 'info' },
    { name, destination: { write: (line: string) => lines.push(line) } },
  );
  return { logger, lines };
}

describe('logRefusal', () => {
  it('when a refusal is short, then its line keeps path and message whole, without a stack', () => {
    const { logger, lines } = captured('rest-api');
    logRefusal(logger, {
      reqId: 'req-1',
      method: 'GET',
      path: '/api/v1/papers?q=x',
      status: 404,
      code: 'NOT_FOUND',
      message: 'Paper not found',
    });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({
      level: 40,
      reqId: 'req-1',
      req: { method: 'GET', path: '/api/v1/papers?q=x' },
      res: { statusCode: 404 },
      msg: 'NOT_FOUND: Paper not found',
    });
    expect(lines[0]).not.toContain('stack');
  });

  it.each([
    ['a long path, message and request id', 'x'.repeat(4000), 'm'.repeat(4000), 'r'.repeat(128)],
    ['characters JSON escapes', '"\\\n'.repeat(500), '\u0001'.repeat(500), 'id'],
    ['characters of several bytes', '😀'.repeat(500), 'é'.repeat(500), 'id'],
  ])('when a refusal has %s, then its line is at most the limit', (_what, path, message, reqId) => {
    const { logger, lines } = captured('graphql-gateway');
    logRefusal(logger, {
      reqId,
      method: 'OPTIONS',
      path: `/graphql/${path}`,
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
      message,
    });
    expect(lines).toHaveLength(1);
    expect(Buffer.byteLength(lines[0]!)).toBeLessThanOrEqual(REFUSAL_LINE_BYTES);
    const line = JSON.parse(lines[0]!);
    expect(line.req.path).toMatch(/^\/graphql\/.*…$/s);
    expect(line.msg).toMatch(/^IDEMPOTENCY_KEY_REUSED: .*…$/s);
  });
});
