// Search input over both transports: the same answer from REST and GraphQL for every input; a
// query with nothing to search answers no hits and a hint that names the real reason (an emoji has
// no searchable word; one letter is too short); malformed input is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApps } from './support/apps.js';
import type { RunningApps } from './support/apps.js';

/** What each transport answered, in common terms: the total and hint, or the one refusal message. */
type Answer = { total: number; hint: string | null } | { refused: string };

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
    if (res.status === 200) return { total: body.pagination.total, hint: body.hint };
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
        query: 'query ($q: SearchText!) { search(q: $q) { pagination { total } hint } }',
        variables: { q },
      }),
    });
    const body = (await res.json()) as any;
    if (!body.errors)
      return { total: body.data.search.pagination.total, hint: body.data.search.hint };
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
    ['😀', /letters or digits/],
    ['!!!', /letters or digits/],
    ['e', /at least 2 letters/],
    ['a', /at least 2 letters/],
    ['the of', /common words/],
  ])('when q is %s, then no hits come with a hint naming the reason', async (q, reason) => {
    expect(await overRest(q)).toEqual({ total: 0, hint: expect.stringMatching(reason) });
  });

  it('when q holds a null byte, then the refusal names it', async () => {
    expect(await overRest('\u0000')).toEqual({ refused: expect.stringMatching(/null bytes/) });
  });
});
