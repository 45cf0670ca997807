// The contract: unknown query parameters are 400 on every route, not only on lists. The walk
// takes every GET operation of the served OpenAPI document, so a new route is covered without
// editing this test. The check comes before the route's work: placeholders stand in for ids.
import { makeUser } from '@qpc/domain/testing';
import type { TestUser } from '@qpc/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from './support/api.js';
import type { Call } from './support/api.js';
import { startApp } from './support/harness.js';
import type { RunningApp } from './support/harness.js';

const PLACEHOLDERS: Record<string, string> = {
  slug: 'some-slug',
  externalId: 'user_someone',
};
const AN_ID = '0123456789abcdef01234567';

describe('unknown query parameters', () => {
  let app: RunningApp;
  let call: Call;
  let admin: TestUser;

  beforeAll(async () => {
    app = await startApp();
    call = client(app.url);
    admin = await makeUser('admin');
  });
  afterAll(async () => app.close());

  it('when any GET route of the document gets an unknown parameter, then it answers 400 naming it', async () => {
    type Parameter = { name: string; in: string; required?: boolean };
    const document = (await call('GET', '/api/v1/openapi.json')).body as {
      paths: Record<string, { get?: { parameters?: Parameter[] } }>;
    };
    const gets = Object.entries(document.paths).filter(([, operations]) => operations.get);
    // A required parameter (search's q) is sent, so the unknown one is the only thing wrong.
    const required = new Map(
      gets.map(([path, operations]) => [
        path,
        (operations.get!.parameters ?? [])
          .filter((p) => p.in === 'query' && p.required)
          .map((p) => `${p.name}=stack&`)
          .join(''),
      ]),
    );
    const paths = gets.map(([path]) =>
      path.replace(/\{(\w+)\}/g, (_, name: string) => PLACEHOLDERS[name] ?? AN_ID),
    );
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
    for (const [i, path] of paths.entries()) {
      const query = `${required.get(gets[i]![0])}unknownParameter=1`;
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
