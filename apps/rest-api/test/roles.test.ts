// The role matrix: one row per route, the status each kind of caller gets. A route missing from
// the app answers 404 and fails its row; a route missing from this table fails the coverage test.
import { beforeAll, describe, expect, it } from 'vitest';
import { pathShape } from '../src/openapi/document.js';
import { routeTable } from '../src/routes/table.js';
import { academicRows } from './support/academic-role-rows.js';
import { contentRows } from './support/content-role-rows.js';
import { useApp } from './support/harness.js';
import { CALLERS, makeRowContext } from './support/role-rows.js';
import type { Row } from './support/role-rows.js';
import { makeUser } from '@qpc/domain/testing';
import type { TestUser } from '@qpc/domain/testing';
import { rolesFor } from '@qpc/domain';

describe('role matrix', () => {
  const { call, callers } = useApp();
  let owner: TestUser;
  let tree: Awaited<ReturnType<typeof makeRowContext>>['tree'];
  let rows: Row[];
  beforeAll(async () => {
    // The fixture owner is nobody in the matrix, so every caller may vote on its solution.
    owner = await makeUser('admin');
    const context = await makeRowContext(owner);
    tree = context.tree;
    rows = [...academicRows(context), ...contentRows(context)];
  });

  it('when the matrix is compared with the route table and the OpenAPI document, then every route has exactly one row', async () => {
    const matrix = rows.map((r) => `${r.method} ${r.route}`).sort();
    expect(new Set(matrix).size).toBe(matrix.length);
    const table = routeTable.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(table.filter((key) => !matrix.includes(key))).toEqual([]);
    // The document names a shared parameter `{slugOrId}`: compare with parameter names erased.
    const documented = Object.entries(
      (await call('GET', '/openapi.json')).body.paths as Record<string, object>,
    )
      .flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => pathShape(`${m.toUpperCase()} ${path.replace('/api/v1', '')}`)),
      )
      .sort();
    expect(matrix.map(pathShape).sort()).toEqual(documented);
  });

  it("when each route's domain action is compared with its row, then the roles ACTIONS allow are exactly the callers who pass", () => {
    const failures: string[] = [];
    for (const route of routeTable) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      const row = rows.find((r) => `${r.method} ${r.route}` === key);
      if (!row) continue; // the coverage test above names it
      const action = route.action;
      for (const kind of CALLERS) {
        const mayCall =
          action === null ||
          (kind !== 'anonymous' &&
            kind !== 'deactivated' &&
            (rolesFor(action) as readonly string[]).includes(kind));
        const passes = row.expected[kind] !== 401 && row.expected[kind] !== 403;
        // Owner-only routes: the action is necessary, not sufficient (the row's resource is
        // nobody's in the matrix), so a caller the action refuses must never pass.
        const isWrong = route.ownerOnly ? passes && !mayCall : mayCall !== passes;
        if (isWrong)
          failures.push(
            `${key} (${action ?? 'public'}) as ${kind}: row says ${row.expected[kind]}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('when every route is called by every kind of caller, then each gets the contract status, a documented one', async () => {
    const paths = (await call('GET', '/openapi.json')).body.paths as Record<
      string,
      Record<string, { responses: object }>
    >;
    const failures: string[] = [];
    for (const row of rows) {
      const path =
        Object.keys(paths).find((p) => pathShape(p) === pathShape(`/api/v1${row.route}`)) ?? '';
      const documented = Object.keys(paths[path]?.[row.method.toLowerCase()]?.responses ?? {});
      for (const kind of CALLERS) {
        const { path, body, rawBody, headers } = await row.prepare();
        const token = kind === 'anonymous' ? undefined : callers[kind].token;
        const res = await call(row.method, path, { token, body, rawBody, headers });
        if (res.status !== row.expected[kind]) {
          failures.push(
            `${row.method} ${row.route} as ${kind}: expected ${row.expected[kind]}, got ${res.status} ${res.text.slice(0, 160)}`,
          );
        }
        if (!documented.includes(String(res.status)))
          failures.push(`${row.method} ${row.route}: ${res.status} is not documented`);
        if (res.status === 401) expect(res.body.error.code).toBe('UNAUTHENTICATED');
        if (res.status === 403) expect(res.body.error.code).toBe('FORBIDDEN');
      }
    }
    expect(failures).toEqual([]);
    // Each paper-file row parses its PDF in a worker thread: generous on a busy machine.
  }, 180_000);

  it('when a caller sends a token, then the answer is private; an anonymous read is public', async () => {
    const signedIn = await call('GET', `/universities/${tree.university.slug}`, {
      token: callers.normal.token,
    });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    const anonymous = await call('GET', `/universities/${tree.university.slug}`);
    expect(anonymous.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=60/);
  });
});
