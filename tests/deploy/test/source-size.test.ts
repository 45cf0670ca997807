// The 400-line rule of the style guide: no hand-written source file over 400 lines. Generated
// files (under a `generated` folder), build output and dependencies are left out.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/packaged.js';

const MAX_LINES = 400;
const ROOTS = ['apps', 'packages', 'scripts', 'bench', 'tests'];
const SKIPPED = new Set(['node_modules', 'dist', 'generated', '.cache', '.turbo']);
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** Every hand-written source file under a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** A file's line count as `wc -l` gives it. */
function lineCount(file: string): number {
  return readFileSync(file, 'utf8').split('\n').length - 1;
}

describe('source file size', () => {
  it(`when every source file is counted, then none has more than ${MAX_LINES} lines`, () => {
    const files = ROOTS.flatMap((root) => sourceFiles(join(repoRoot, root)));
    expect(files.length).toBeGreaterThan(100);
    const oversized = files
      .map((file) => ({ file: relative(repoRoot, file), lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(oversized).toEqual([]);
  });
});
