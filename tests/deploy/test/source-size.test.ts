// The 400-line rule of the style guide: no hand-written source file over 400 lines. Generated
// files (under a `generated` folder), build output and dependencies are left out.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/packaged.js';
import { repositorySources } from './support/sources.js';

const MAX_LINES = 400;

/** A file's line count as `wc -l` gives it. */
function lineCount(file: string): number {
  return readFileSync(file, 'utf8').split('\n').length - 1;
}

describe('source file size', () => {
  it(`when every source file is counted, then none has more than ${MAX_LINES} lines`, () => {
    const files = repositorySources();
    expect(files.length).toBeGreaterThan(100);
    const oversized = files
      .map((file) => ({ file: relative(repoRoot, file), lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(oversized).toEqual([]);
  });
});
