// The contract: unknown query parameters are 400 on every route, not only on lists. The walk
// takes every GET operation of the served OpenAPI document, so a new route is covered without
// editing this test. The check comes before the route's work: placeholders stand in for ids.
import { describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';
import { AN_ID, documentedOperations } from './support/openapi-walk.js';

describe('unknown query parameters', () => {
  const { call, admin } = useApp();

  it('when any GET route of the document gets an unknown parameter, then it answers 400 naming it', async () => {
    type Parameter = { name: string; in: string; required?: boolean };
    const gets = (await documentedOperations<{ parameters?: Parameter[] }>(call)).filter(
      ({ method }) => method === 'get',
    );
    const paths = gets.map(({ concretePath }) => concretePath);
    // Lists, single items, /similar, /coverage, /drafts, the file, health and the reference.
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/universities',
        `/api/v1/questions/${AN_ID}/similar`,
        `/api/v1/subject-offerings/${AN_ID}/coverage`,
        `/api/v1/papers/${AN_ID}/drafts`,
        `/api/v1/papers/${AN_ID}/file`,
        '/api/v1/health/detailed',
        '/api/v1/openapi.json',
      ]),
    );
    const refused: string[] = [];
    for (const { concretePath: path, operation } of gets) {
      // A required parameter (search's q) is sent, so the unknown one is the only thing wrong.
      const required = (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=stack&`)
        .join('');
      const query = `${required}unknownParameter=1`;
      const res = await call('GET', `${path}?${query}`, { token: admin.token });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details, path).toEqual([
        {
          path: 'unknownParameter',
          message: expect.stringMatching(/^unknownParameter is not allowed/),
        },
      ]);
      refused.push(path);
    }
    expect(refused).toHaveLength(paths.length);
  });

  it('when a route that takes no parameters gets none, then it answers as before', async () => {
    expect((await call('GET', '/api/v1/health')).status).toBe(200);
    expect((await call('GET', '/api/v1/openapi.json')).status).toBe(200);
    expect((await call('GET', `/questions/${AN_ID}/similar`)).status).toBe(404);
  });
});
