import { readFileSync } from 'node:fs';
import { buildSchema as buildFromSdl, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schemaSdl } from '../src/schema/sdl.js';

const committedPath = new URL('../../../packages/client/schema.graphql', import.meta.url);
const committed = readFileSync(committedPath, 'utf8');

describe('the committed SDL', () => {
  it('when the schema is printed again, then packages/client/schema.graphql is what it prints (else run `pnpm --filter @qpc/graphql-gateway sdl:write`)', () => {
    expect(
      committed,
      'schema.graphql differs from the schema: run `npx pnpm@10.34.8 --filter @qpc/graphql-gateway sdl:write`',
    ).toBe(schemaSdl());
  });

  it('when the committed SDL is built on its own, then it prints back to itself (a complete schema)', () => {
    expect(`${printSchema(buildFromSdl(committed))}\n`).toBe(committed);
  });

  it('when the descriptions are read, then none cites a REST route (they speak GraphQL)', () => {
    const routes = committed.match(/\b(?:GET|POST|PUT|PATCH|DELETE) \/\S*|\/api\/v1\S*/g) ?? [];
    expect(routes).toEqual([]);
  });
});
