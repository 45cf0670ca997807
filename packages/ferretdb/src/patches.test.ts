import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultBinaryPath, FERRETDB_VERSION } from './binary.js';
import { applyPatches, checkPatchVersion, patchFiles, patchSetHash } from './patches.js';

describe('our FerretDB patches', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'qpc-patches-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('when the build is of the version the patches are written for, then they are accepted', () => {
    const files = patchFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(() =>
        checkPatchVersion(file, readFileSync(file, 'utf8'), FERRETDB_VERSION),
      ).not.toThrow();
    }
  });

  it('when the build is of another FerretDB version, then it is refused with a message that says so', () => {
    const file = patchFiles()[0]!;
    expect(() => checkPatchVersion(file, readFileSync(file, 'utf8'), 'v1.25.0')).toThrow(
      /applies to FerretDB v1\.24\.2 only, and this build is of FerretDB v1\.25\.0/,
    );
  });

  it('when a patch does not apply to the source, then the build fails loudly', () => {
    const dir = tempDir();
    const src = join(dir, 'src');
    const patches = join(dir, 'patches');
    for (const folder of [src, patches]) mkdirSync(folder, { recursive: true });
    writeFileSync(join(src, 'a.txt'), 'something else\n');
    writeFileSync(
      join(patches, '0001-x.patch'),
      `FerretDB-Version: ${FERRETDB_VERSION}\n\ndiff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-original\n+changed\n`,
    );
    expect(() => applyPatches(src, FERRETDB_VERSION, patches)).toThrow(/does not apply/);
    expect(readFileSync(join(src, 'a.txt'), 'utf8')).toBe('something else\n');
  });

  it('when the patches change, then the patched binary gets another cache folder, and the upstream one stays apart', () => {
    const dir = tempDir();
    writeFileSync(join(dir, '0001-x.patch'), 'one');
    const first = patchSetHash(dir);
    writeFileSync(join(dir, '0001-x.patch'), 'two');
    expect(patchSetHash(dir)).not.toBe(first);
    expect(defaultBinaryPath()).toContain(`${FERRETDB_VERSION}-qpc-${patchSetHash()}`);
    expect(defaultBinaryPath('upstream')).toMatch(
      new RegExp(`\\.cache/ferretdb/${FERRETDB_VERSION.replace(/\./g, '\\.')}/ferretdb$`),
    );
  });
});
