// Query limits (depth, cost, aliases, directives, tokens), batching and CSRF prevention.
import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import type { OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_DIRECTIVES,
  MAX_TOKENS,
  NESTED_LIST_SIZE,
  NESTED_LIST_SIZES,
  costRefusal,
  operationCost,
} from '../src/limits.js';
import { buildSchema } from '../src/schema/index.js';
import { startGateway } from './support/harness.js';
import type { RunningGateway } from './support/harness.js';

// Deep enough for the contract's tree of offerings (the cost limit is what bounds it).
const MAX_DEPTH = 10;
const MAX_ALIASES = 4;
// The default: the contract's tree for a page of offerings must fit in it.
const MAX_COST = 50_000;

let gw: RunningGateway;

beforeAll(async () => {
  gw = await startGateway({
    GRAPHQL_MAX_DEPTH: String(MAX_DEPTH),
    GRAPHQL_MAX_ALIASES: String(MAX_ALIASES),
    GRAPHQL_MAX_COST: String(MAX_COST),
  });
});
afterAll(async () => gw.close());

function expectRefused(result: { status: number; body: any }, limit: string): void {
  expect(result.status).toBe(400);
  expect(result.body.data).toBeUndefined();
  expect(result.body.errors).toHaveLength(1);
  expect(result.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit });
}

/** A chain of nested selections `depth` levels deep (the root field is level 1). */
function nested(depth: number): string {
  // papers(1) items(2) then subjectOffering/papers pairs, closed by `id`.
  let selection = 'id';
  let level = 3;
  const levels: string[] = [];
  while (level < depth) {
    levels.push(levels.length % 2 === 0 ? 'subjectOffering' : 'papers');
    level += 1;
  }
  for (const field of levels.reverse()) selection = `${field} { ${selection} }`;
  return `{ papers { items { ${selection} } } }`;
}

describe('depth', () => {
  it('when a query is as deep as the limit, then it runs', async () => {
    const { status, body } = await gw.gql(nested(MAX_DEPTH));
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
  });

  it('when a query is one level deeper than the limit, then it is refused naming the depth', async () => {
    const result = await gw.gql(nested(MAX_DEPTH + 1));
    expectRefused(result, 'depth');
    expect(result.body.errors[0].message).toMatch(
      new RegExp(`depth limit of ${MAX_DEPTH} exceeded, found ${MAX_DEPTH + 1}`),
    );
  });
});

/** The cost figures the README states, read from it so the two cannot drift apart. */
function readmeCosts(): { fullTree: number; contractPage: number; contractDefault: number } {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8').replace(
    /\s+/g,
    ' ',
  );
  const full = /The full tree above costs (\d+)\./.exec(readme);
  const contract = /costs (\d+); without `limit` \(20 offerings\) (\d+), refused/.exec(readme);
  if (!full || !contract) throw new Error('README.md does not state the cost figures');
  return {
    fullTree: Number(full[1]),
    contractPage: Number(contract[1]),
    contractDefault: Number(contract[2]),
  };
}

describe('cost', () => {
  const figures = readmeCosts();
  const schema = buildSchema({ version: 'test', startedAt: Date.now() });
  const cost = (query: string, variables?: Record<string, unknown>) => {
    const document = parse(query);
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
    )!;
    return operationCost(schema, document, operation, variables);
  };

  it('when a query is costed, then each object counts once per expected instance and scalars are free', () => {
    expect(cost('{ health { status version } }')).toBe(1);
    // universities (1) + 20 items x (1 + 10 branches)
    expect(cost('{ universities { items { id branches { id } } pagination { total } } }')).toBe(
      1 + 20 * (1 + NESTED_LIST_SIZE) + 1,
    );
    expect(cost('{ universities(limit: 5) { items { id } } }')).toBe(1 + 5);
    expect(
      cost('query ($n: PageSize) { universities(limit: $n) { items { id } } }', { n: 50 }),
    ).toBe(1 + 50);
    expect(cost('query ($n: PageSize = 70) { universities(limit: $n) { items { id } } }')).toBe(
      1 + 70,
    );
    expect(
      cost('query ($n: PageSize = 70) { universities(limit: $n) { items { id } } }', { n: 3 }),
    ).toBe(1 + 3);
  });

  it('when fragments and inline fragments carry the fields, then they cost the same as inline fields', () => {
    const inline = cost('{ universities(limit: 3) { items { branches { semesters { id } } } } }');
    const spread = cost(
      '{ universities(limit: 3) { ...U } } fragment U on UniversityPage { items { ... on University { branches { ...B } } } } fragment B on Branch { semesters { id } }',
    );
    expect(spread).toBe(inline);
    expect(inline).toBe(1 + 3 * (1 + NESTED_LIST_SIZES['University.branches']! * (1 + 12)));
  });

  it('when nested lists are costed, then each counts the catalog bound for it, semesters their hard 12', () => {
    const sizes = NESTED_LIST_SIZES;
    expect(sizes['Branch.semesters']).toBe(12);
    expect(cost('{ subjectOffering(id: "x") { syllabus { modules { topics { id } } } } }')).toBe(
      1 + 1 + sizes['Syllabus.modules']! * (1 + sizes['Module.topics']!),
    );
    // A list's own `limit` wins, and a limit past the services' maximum costs the maximum.
    expect(cost('{ universities(limit: 100000) { items { id } } }')).toBe(1 + 100);
  });

  it('when the full syllabus tree is costed, then it stays far below the default limit of 50000', () => {
    const tree =
      cost(`{ subjectOffering(id: "x") { subject { id } university { id } branch { id } semester { id }
      syllabus { modules { topics { questions { solutions { id } } } questions { id } } } papers { questions { id } } } }`);
    expect(tree).toBe(figures.fullTree);
    expect(tree).toBeLessThan(50_000);
  });

  const contractTree = (limit: string) =>
    `{ subjectOfferings${limit} { items { syllabus { modules { topics { questions { solutions { id } } } } } } } }`;

  it("when the contract's nested tree is asked for a page of 10 offerings, then it runs", async () => {
    expect(cost(contractTree('(limit: 10)'))).toBe(figures.contractPage);
    const { status, body } = await gw.gql(contractTree('(limit: 10)'));
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.subjectOfferings.items).toEqual([]);
  });

  it('when the tree is asked for a default page of 20, then the refusal says the cost, the limit and which argument to lower', async () => {
    const refused = await gw.gql(contractTree(''));
    expectRefused(refused, 'cost');
    expect(cost(contractTree(''))).toBe(figures.contractDefault);
    expect(refused.body.errors[0].message).toBe(
      `Query cost ${figures.contractDefault} exceeds the limit of ${MAX_COST}. Lower \`limit\` on \`subjectOfferings\` (20 when not given) to at most 17, or select fewer nested lists.`,
    );
    expect(refused.body.errors[0].extensions).toMatchObject({
      cost: figures.contractDefault,
      maxCost: MAX_COST,
      lower: { field: 'subjectOfferings', argument: 'limit', atMost: 17 },
    });
    // The advice holds: at 17 it runs, at 18 it is refused.
    expect((await gw.gql(contractTree('(limit: 17)'))).status).toBe(200);
    expectRefused(await gw.gql(contractTree('(limit: 18)')), 'cost');
  });

  it('when a page size multiplies a deep tree past the limit, then the query is refused before it runs', async () => {
    const query =
      'query ($n: PageSize) { offerings: subjectOfferings(limit: $n) { items { syllabus { modules { topics { questions { solutions { id } } } } } } } }';
    const small = await gw.gql(query, { n: 2 });
    expect(small.status).toBe(200);
    expect(small.body.errors).toBeUndefined();
    const large = await gw.gql(query, { n: 100 });
    expectRefused(large, 'cost');
    expect(large.body.errors[0].message).toMatch(
      /^Query cost 293801 exceeds the limit of 50000\. Lower `limit` on `offerings` \(now 100\) to at most 17/,
    );
  });

  it('when no list of a refused query takes a limit, then the refusal says to select fewer nested lists', () => {
    expect(costRefusal(60_000, MAX_COST, null)).toBe(
      `Query cost 60000 exceeds the limit of ${MAX_COST}. Select fewer nested lists.`,
    );
    expect(
      costRefusal(60_000, MAX_COST, { path: 'papers', limit: 5, isGiven: true, atMost: 0 }),
    ).toMatch(/Even `limit: 1` on `papers` does not fit/);
  });
});

describe('aliases, directives, tokens', () => {
  const aliases = (n: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `a${i}: health { status }`).join(' ')} }`;

  it('when a query has as many aliases as allowed, then it runs', async () => {
    const { status, body } = await gw.gql(aliases(MAX_ALIASES));
    expect(status).toBe(200);
    expect(Object.keys(body.data)).toHaveLength(MAX_ALIASES);
  });

  it('when a query has one alias too many, then it is refused', async () => {
    expectRefused(await gw.gql(aliases(MAX_ALIASES + 1)), 'aliases');
  });

  it('when a query carries more directives than allowed, then it is refused', async () => {
    const fields = Array.from(
      { length: MAX_DIRECTIVES + 1 },
      () => 'status @include(if: true)',
    ).join(' ');
    const result = await gw.gql(`{ health { ${fields} } }`);
    expect(result.status).toBe(400);
    expect(result.body.errors.map((e: any) => e.extensions.limit)).toContain('directives');
    expect(result.body.data).toBeUndefined();
  });

  it('when a document has more tokens than allowed, then the parser refuses it', async () => {
    const fields = Array.from({ length: MAX_TOKENS }, () => 'status').join(' ');
    expectRefused(await gw.gql(`{ health { ${fields} } }`), 'tokens');
  });
});

describe('batching and CSRF prevention', () => {
  it('when operations are batched in a JSON array, then the request is refused as a whole', async () => {
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { query: '{ health { status } }' },
        { query: '{ health { status } }' },
      ]),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(Array.isArray(body)).toBe(false);
    expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(body.errors[0].message).toMatch(/batching/i);
  });

  it('when a GET query comes without a preflight header, then CSRF prevention refuses it; with one, it runs', async () => {
    const url = `${gw.url}/graphql?query=${encodeURIComponent('{ health { status } }')}`;
    const simple = await fetch(url);
    expect(simple.status).toBe(400);
    expect(((await simple.json()) as any).errors[0].message).toMatch(/Cross-Site Request Forgery/);
    const preflighted = await fetch(url, { headers: { 'apollo-require-preflight': 'true' } });
    expect(preflighted.status).toBe(200);
    expect(((await preflighted.json()) as any).data.health.status).toBe('ok');
  });

  it('when a mutation comes by GET, then it is refused and nothing runs', async () => {
    const query = encodeURIComponent(
      'mutation { deleteUniversity(id: "aaaaaaaaaaaaaaaaaaaaaaaa") }',
    );
    const res = await fetch(`${gw.url}/graphql?query=${query}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(405);
    expect(await res.text()).not.toContain('"deleteUniversity"');
  });
});
