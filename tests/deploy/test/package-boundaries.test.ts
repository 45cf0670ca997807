// Packages meet through their published entries (`main`, `exports`), never through another
// package's build output: no source file imports, requires or points a URL at a path inside
// another workspace package's dist/ (`@qpc/x/dist/...` or `../../x/dist/...`). A package may
// read its own dist/ (its tests of the built output do).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/packaged.js';
import { repositorySources } from './support/sources.js';

/** The module specifier of an import, export-from, dynamic import, require or `new URL`. */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bnew URL\(\s*)(['"`])([^'"`]+)\1/g;

/** The folder of the nearest package.json at or above `path`. */
function packageRoot(path: string): string {
  let dir = path;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The specifiers in `source` (a file at `file`) that lead into another package's dist/. */
function distImports(file: string, source: string): string[] {
  const found: string[] = [];
  for (const [, , specifier] of source.matchAll(SPECIFIER)) {
    if (/^@qpc\/[^/]+\/dist(\/|$)/.test(specifier!)) found.push(specifier!);
    if (!specifier!.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier!);
    const parts = target.split(sep);
    const dist = parts.lastIndexOf('dist');
    if (dist < 0) continue;
    const owner = parts.slice(0, dist).join(sep);
    if (packageRoot(owner) !== packageRoot(dirname(file))) found.push(specifier!);
  }
  return found;
}

describe('package boundaries', () => {
  it("when every source file's imports are read, then none leads into another package's dist/", () => {
    const files = repositorySources();
    expect(files.length).toBeGreaterThan(100);
    const crossings = files.flatMap((file) =>
      distImports(file, readFileSync(file, 'utf8')).map(
        (specifier) => `${relative(repoRoot, file)}: ${specifier}`,
      ),
    );
    expect(crossings).toEqual([]);
  });

  it('when a file reaches into dist/, then the check names it, and a read of its own dist/ passes', () => {
    const file = join(repoRoot, 'packages', 'client', 'test', 'support', 'apps.ts');
    // Split so that this file's own text holds no such import.
    const source = [
      "import { createApp } from '@qpc/rest-api/" + "dist/app.js';",
      "const app = await import('../../../../apps/graphql-gateway/" + "dist/app.js');",
      "const built = new URL('../../" + "dist/index.js', import.meta.url);",
      "import { startAppProcess } from '@qpc/server-kit/testing';",
    ].join('\n');
    expect(distImports(file, source)).toEqual([
      '@qpc/rest-api/dist/app.js',
      '../../../../apps/graphql-gateway/dist/app.js',
    ]);
  });
});
