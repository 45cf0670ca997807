import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocumentText } from '../src/openapi/committed.js';

const committedPath = new URL('../../../packages/client/openapi.json', import.meta.url);

describe('the committed OpenAPI document', () => {
  it('when the REST routes are described again, then packages/client/openapi.json is what they describe (else run `pnpm --filter @qpc/rest-api openapi:write`)', () => {
    const committed = JSON.parse(readFileSync(committedPath, 'utf8')) as Record<string, unknown>;
    const current = JSON.parse(openApiDocumentText()) as Record<string, unknown>;
    expect(
      committed,
      'openapi.json differs from the routes: run `npx pnpm@10.34.8 --filter @qpc/rest-api openapi:write`',
    ).toEqual(current);
  });
});
