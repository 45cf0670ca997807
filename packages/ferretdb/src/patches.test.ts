import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultBinaryPath, FERRETDB_VERSION, workspaceRoot } from './binary.js';
import { applyPatches, checkPatchVersion, patchFiles, patchSetHash } from './patches.js';

/** A patch of `file` from `before` to `after` (one line each), with its version header. */
function onePatch(file: string, before: string, after: string): string {
  return `FerretDB-Version: ${FERRETDB_VERSION}\n\ndiff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -1 +1 @@\n-${before}\n+${after}\n`;
}

/** FerretDB's module source from the Go module cache (fetched by the build, so offline here). */
function moduleSource(): string {
  const download = spawnSync(
    'go',
    ['mod', 'download', '-json', `github.com/FerretDB/FerretDB@${FERRETDB_VERSION}`],
    { encoding: 'utf8', cwd: tmpdir() },
  );
  const dir = (JSON.parse(download.stdout) as { Dir?: string }).Dir;
  if (!dir) throw new Error(`go mod download failed: ${download.stdout}${download.stderr}`);
  return dir;
}

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

  it('when the series is read, then it is one patch per concern, numbered in a row, each with a header saying why, what upstream code it changes and which test guards it', () => {
    const files = patchFiles();
    expect(files.length).toBeGreaterThan(1);
    files.forEach((file, i) => {
      expect(basename(file)).toMatch(
        new RegExp(`^${String(i + 1).padStart(4, '0')}-[a-z0-9-]+\\.patch$`),
      );
      const header = readFileSync(file, 'utf8').split(/^diff /m)[0]!;
      expect(header, file).toMatch(new RegExp(`^qpc ${i + 1}/${files.length}: `, 'm'));
      for (const part of ['Why: ', 'Upstream code it changes:', 'Guarded by: ']) {
        expect(header, `${file}: ${part}`).toContain(part);
      }
    });
  });

  it('when the READMEs name the series size, then they name its patches, lines and files', () => {
    const texts = patchFiles().map((file) => readFileSync(file, 'utf8'));
    const lines = texts.reduce((sum, text) => sum + text.split('\n').length - 1, 0);
    const touched = new Set(texts.flatMap((text) => text.match(/^\+\+\+ b\/\S+$/gm) ?? []));
    const tests = [...touched].filter((path) => path.endsWith('_test.go')).length;
    const size =
      `${texts.length} patches, ${lines.toLocaleString('en-US')} lines, touching ` +
      `${touched.size - tests} FerretDB files (and ${tests} test files)`;
    for (const readme of ['README.md', 'packages/ferretdb/README.md']) {
      const text = readFileSync(join(workspaceRoot(), readme), 'utf8').replace(/\s+/g, ' ');
      expect(text, readme).toContain(size);
    }
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

  it('when patches build on each other, then they are applied in name order, each onto the one before', () => {
    const dir = tempDir();
    const src = join(dir, 'src');
    const patches = join(dir, 'patches');
    for (const folder of [src, patches]) mkdirSync(folder, { recursive: true });
    writeFileSync(join(src, 'a.txt'), 'original\n');
    // Written so that 0010 comes before 0002 in creation order but not in name order.
    writeFileSync(join(patches, '0010-third.patch'), onePatch('a.txt', 'second', 'third'));
    writeFileSync(join(patches, '0001-first.patch'), onePatch('a.txt', 'original', 'first'));
    writeFileSync(join(patches, '0002-second.patch'), onePatch('a.txt', 'first', 'second'));
    applyPatches(src, FERRETDB_VERSION, patches);
    expect(readFileSync(join(src, 'a.txt'), 'utf8')).toBe('third\n');
  });

  it('when the series is applied with plain `patch -p1` in name order (as an image build may), then the source is the one the build makes with git apply', () => {
    const dir = tempDir();
    const [byGit, byPatch] = ['git', 'patch'].map((name) => join(dir, name));
    for (const copy of [byGit!, byPatch!]) {
      cpSync(moduleSource(), copy, { recursive: true });
      spawnSync('chmod', ['-R', 'u+w', copy]);
      chmodSync(copy, 0o755);
    }
    applyPatches(byGit!, FERRETDB_VERSION);
    for (const file of patchFiles()) {
      const result = spawnSync('patch', ['-p1', '--no-backup-if-mismatch', '--forward', '-s'], {
        cwd: byPatch,
        input: readFileSync(file),
        encoding: 'utf8',
      });
      expect(result.status, `${file}: ${result.stdout}${result.stderr}`).toBe(0);
    }
    const diff = spawnSync('diff', ['-r', '-q', byGit!, byPatch!], { encoding: 'utf8' });
    expect(diff.stdout + diff.stderr).toBe('');
    expect(diff.status).toBe(0);
  });

  it('when the patches change, are renamed or reordered, then the patched binary gets another cache folder, and the upstream one stays apart', () => {
    const dir = tempDir();
    writeFileSync(join(dir, '0001-x.patch'), 'one');
    const first = patchSetHash(dir);
    writeFileSync(join(dir, '0001-x.patch'), 'two');
    const changed = patchSetHash(dir);
    expect(changed).not.toBe(first);
    writeFileSync(join(dir, '0002-y.patch'), 'three');
    const added = patchSetHash(dir);
    expect(added).not.toBe(changed);
    renameSync(join(dir, '0001-x.patch'), join(dir, '0003-x.patch'));
    expect(patchSetHash(dir)).not.toBe(added);
    expect(defaultBinaryPath()).toContain(`${FERRETDB_VERSION}-qpc-${patchSetHash()}`);
    expect(defaultBinaryPath('upstream')).toMatch(
      new RegExp(`\\.cache/ferretdb/${FERRETDB_VERSION.replace(/\./g, '\\.')}/ferretdb$`),
    );
  });
});
