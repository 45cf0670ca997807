import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './packaged.js';

const ROOTS = ['apps', 'packages', 'scripts', 'bench', 'tests'];
const SKIPPED = new Set(['node_modules', 'dist', 'generated', '.cache', '.turbo']);
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** Every hand-written source file under a folder: no build output, dependency or generated file. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The hand-written source files of the repository (apps, packages, scripts, bench, tests). */
export function repositorySources(): string[] {
  return ROOTS.flatMap((root) => sourceFiles(join(repoRoot, root)));
}
