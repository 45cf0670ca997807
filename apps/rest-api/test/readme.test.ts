// The README's route table names each route's domain action, and its legend gives each action's
// roles: both are checked against the route table and the domain's ACTIONS.
import { readFileSync } from 'node:fs';
import { ACTIONS } from '@qpc/domain';
import type { Action } from '@qpc/domain';
import { ROLES } from '@qpc/domain/schemas';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../src/routes/table.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const rows = readme
  .split('\n')
  .filter((line) => line.startsWith('|'))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

describe('README', () => {
  it('when the route table is read, then every route is there with its domain action', () => {
    const problems: string[] = [];
    for (const route of routeTable) {
      const row = rows.find(
        (r) => r[0] === route.method.toUpperCase() && r[1] === `\`${route.path}\``,
      );
      const expected = route.action === null ? 'public' : `\`${route.action}\``;
      if (!row) problems.push(`${route.method} ${route.path}: no row`);
      else if (!row[2]!.startsWith(expected))
        problems.push(`${route.method} ${route.path}: ${row[2]}`);
    }
    expect(problems).toEqual([]);
  });

  it('when the legend is read, then each action has exactly the roles ACTIONS gives it', () => {
    for (const [action, roles] of Object.entries(ACTIONS) as [Action, readonly string[]][]) {
      const row = rows.find((r) => r[0] === `\`${action}\``);
      const words = ROLES.every((role) => roles.includes(role))
        ? 'any active user'
        : roles.join(', ');
      expect(row?.[1], action).toBe(words);
    }
  });

  it('when the token instructions are read, then both READMEs show all three roles', () => {
    const root = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const text of [readme, root]) {
      for (const role of ROLES) expect(text).toContain(`--role ${role}`);
      expect(text).toContain('npm run token -- --help');
    }
  });
});
