// Search input over both transports: the same answer from REST and GraphQL for every input, and a
// refusal that names the real reason (an emoji has no searchable word; one letter is too short).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApps } from './support/apps.js';
import type { RunningApps } from './support/apps.js';

/** What each transport answered, in common terms: the total, or the one refusal message. */
type Answer = { total: number } | { refused: string };

const INPUTS = [
  '😀',
  '😀 e',
  'e',
  'a',
  'a e',
  '1',
  'the of',
  'the e',
  '!!!',
  ' ',
  '',
  '\u200b',
  '\u0000',
  'a\u0000b',
  'x'.repeat(101),
  'ab',
  'é',
  'algorithm',
  'e algorithm',
  'Sorting of trees',
];

describe('search input over REST and GraphQL', () => {
  let apps: RunningApps;
  beforeAll(async () => {
    apps = await startApps();
  }, 60_000);
  afterAll(async () => apps?.close());

  async function overRest(q: string): Promise<Answer> {
    const res = await fetch(`${apps.restUrl}/api/v1/search?q=${encodeURIComponent(q)}`);
    const body = (await res.json()) as any;
    if (res.status === 200) return { total: body.pagination.total };
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toHaveLength(1);
    expect(body.error.details[0].message).toBe(body.error.message);
    return { refused: body.error.message };
  }

  async function overGraphql(q: string): Promise<Answer> {
    const res = await fetch(apps.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query ($q: SearchText!) { search(q: $q) { pagination { total } } }',
        variables: { q },
      }),
    });
    const body = (await res.json()) as any;
    if (!body.errors) return { total: body.data.search.pagination.total };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const message: string = body.errors[0].extensions.details[0].message;
    return { refused: message.replace(/^SearchText: /, '') };
  }

  it.each(INPUTS.map((q) => [JSON.stringify(q), q]))(
    'when q is %s, then REST and GraphQL answer alike',
    async (_shown, q) => {
      expect(await overGraphql(q)).toEqual(await overRest(q));
    },
  );

  it.each([
    ['😀', /no searchable word/],
    ['!!!', /no searchable word/],
    ['e', /at least 2 characters/],
    ['a', /at least 2 characters/],
    ['the of', /stop word/],
    ['\u0000', /null bytes/],
  ])('when q is %s, then the refusal names the reason', async (q, reason) => {
    const answer = await overRest(q);
    expect(answer).toEqual({ refused: expect.stringMatching(reason) });
  });
});
