import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `packages/ferretdb/patches`: from `src/` and from `dist/` alike. */
export const PATCHES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'patches');

/** The patch files, applied in name order. */
export function patchFiles(dir = PATCHES_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.patch'))
    .sort()
    .map((name) => join(dir, name));
}

/** A short hash of the patches' names and contents: the patched binary's cache folder. */
export function patchSetHash(dir = PATCHES_DIR): string {
  const hash = createHash('sha256');
  for (const file of patchFiles(dir)) {
    hash.update(`${file.slice(dir.length)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * The FerretDB version a patch is written for, from its `FerretDB-Version: vX.Y.Z` header line
 * (the free text before the first `diff`, which `git apply` ignores).
 */
export function patchBaseVersion(text: string): string | null {
  const header = text.split(/^diff /m)[0] ?? '';
  return /^FerretDB-Version:\s*(\S+)\s*$/m.exec(header)?.[1] ?? null;
}

/** Throws, saying so, when a patch is not written for `version`. */
export function checkPatchVersion(file: string, text: string, version: string): void {
  const base = patchBaseVersion(text);
  if (base !== version) {
    throw new Error(
      `The patch ${file} applies to FerretDB ${base ?? '(no FerretDB-Version header)'} only, ` +
        `and this build is of FerretDB ${version}: port the patch to ${version} (and update its ` +
        `FerretDB-Version line), or build ${base ?? 'the version it was written for'}.`,
    );
  }
}

/**
 * Applies every patch to a writable copy of FerretDB's source, failing loudly when one is not
 * for `version` or does not apply cleanly (`git apply` accepts no fuzz). The copy lives inside
 * the workspace's git work tree: GIT_CEILING_DIRECTORIES keeps git from treating it as part of
 * that repository, so the patch's paths are relative to the copy.
 */
export function applyPatches(srcDir: string, version: string, dir = PATCHES_DIR): void {
  const files = patchFiles(dir);
  if (files.length === 0) throw new Error(`No FerretDB patches found in ${dir}.`);
  for (const file of files) {
    checkPatchVersion(file, readFileSync(file, 'utf8'), version);
    const result = spawnSync('git', ['apply', '--whitespace=nowarn', file], {
      cwd: srcDir,
      encoding: 'utf8',
      env: { ...process.env, GIT_CEILING_DIRECTORIES: dirname(srcDir) },
    });
    if (result.error) {
      throw new Error(`Applying ${file} needs git on PATH: ${result.error.message}`);
    }
    if (result.status !== 0) {
      throw new Error(
        `The patch ${file} does not apply to FerretDB ${version}'s source: ${result.stderr.trim()}`,
      );
    }
  }
}
