import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPatches, patchSetHash } from './patches.js';

export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';

/** Walks up from this file to the workspace root (the folder holding pnpm-workspace.yaml). */
export function workspaceRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'pnpm-workspace.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/**
 * `patched` (the default) is FerretDB with our patches (packages/ferretdb/patches); `upstream` is
 * FerretDB as released, the oracle of the differential test.
 */
export type FerretDBVariant = 'patched' | 'upstream';

/** Where the built binary lives: a git-ignored cache at the workspace root. */
export function defaultBinaryPath(variant: FerretDBVariant = 'patched'): string {
  const folder =
    variant === 'upstream' ? FERRETDB_VERSION : `${FERRETDB_VERSION}-qpc-${patchSetHash()}`;
  return join(workspaceRoot(), '.cache', 'ferretdb', folder, 'ferretdb');
}

export class FerretDBUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FerretDBUnavailableError';
  }
}

function run(cmd: string, args: string[], cwd: string): string {
  const result = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GOFLAGS: '-buildvcs=false', CGO_ENABLED: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new FerretDBUnavailableError(
      `\`${cmd} ${args.join(' ')}\` failed (exit ${result.status}):\n${result.stderr.slice(-4000)}`,
    );
  }
  return result.stdout;
}

function hasGo(): boolean {
  const probe = spawnSync('go', ['version'], { encoding: 'utf8' });
  return !probe.error && probe.status === 0;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * Serialises builds across processes (parallel test packages) with an atomic mkdir lock.
 * A lock older than ten minutes is taken to be left by a dead process.
 */
async function withBuildLock<T>(lockDir: string, fn: () => T): Promise<T> {
  mkdirSync(dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > 10 * 60_000)
          rmSync(lockDir, { recursive: true });
      } catch {
        /* lock vanished meanwhile */
      }
      await sleep(500);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Makes `src` a writable copy of FerretDB v1.24.2's source from the Go module proxy, with our
 * patches applied when `variant` is `patched`. `go install …@v1.24.2` is not enough: the proxy
 * refuses the version list it checks for deprecations, and the module zip lacks
 * `build/version/version.txt`, which the FerretDB release process generates and without which the
 * binary panics at start. So the source is downloaded, the version file written, and the binary
 * built from that copy.
 */
function prepareSource(src: string, variant: FerretDBVariant): void {
  const download = JSON.parse(
    run('go', ['mod', 'download', '-json', `${MODULE}@${FERRETDB_VERSION}`], dirname(src)),
  ) as { Dir?: string; Error?: string };
  if (!download.Dir)
    throw new FerretDBUnavailableError(`go mod download failed: ${download.Error}`);
  rmSync(src, { recursive: true, force: true });
  cpSync(download.Dir, src, { recursive: true });
  chmodRecursive(src);
  writeFileSync(join(src, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  if (variant === 'patched') applyPatches(src, FERRETDB_VERSION);
}

/** Builds FerretDB; the patched source is kept beside the binary, where its Go tests run. */
function build(binaryPath: string, variant: FerretDBVariant): void {
  const src = join(dirname(binaryPath), 'src');
  prepareSource(src, variant);
  run('go', ['build', '-trimpath', '-o', binaryPath, './cmd/ferretdb'], src);
  if (variant === 'upstream') rmSync(src, { recursive: true, force: true });
}

/** Patched builds of earlier patches (46 MB each) go once the current one is built. */
function removeStalePatchedBuilds(binaryPath: string): void {
  const current = dirname(binaryPath);
  const parent = dirname(current);
  for (const name of readdirSync(parent)) {
    const dir = join(parent, name);
    if (name.startsWith(`${FERRETDB_VERSION}-qpc-`) && dir !== current) {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

function chmodRecursive(dir: string): void {
  spawnSync('chmod', ['-R', 'u+w', dir]);
  chmodSync(dir, 0o755);
}

/**
 * Returns the path of a runnable FerretDB binary, building it once if needed: by default FerretDB
 * with our patches, `variant: 'upstream'` without them. `binaryPath` (FERRETDB_BIN) overrides both.
 * Throws FerretDBUnavailableError with what to do when Go is missing or the build fails.
 */
export async function ensureFerretDB(
  options: { binaryPath?: string | undefined; variant?: FerretDBVariant } = {},
): Promise<string> {
  const variant = options.variant ?? 'patched';
  const binaryPath = resolve(options.binaryPath ?? defaultBinaryPath(variant));
  if (existsSync(binaryPath)) return binaryPath;
  if (options.binaryPath) {
    throw new FerretDBUnavailableError(
      `FERRETDB_BIN points at ${binaryPath}, which does not exist.`,
    );
  }
  if (!hasGo()) {
    throw new FerretDBUnavailableError(
      'The embedded database (FerretDB 1.24.2) must be built once with Go, and `go` is not on PATH.\n' +
        'Either install Go 1.22 or later (https://go.dev/doc/install, or `apt-get install golang`) and run again,\n' +
        'or set MONGODB_URI to a MongoDB server to use instead of the embedded database.',
    );
  }
  mkdirSync(dirname(binaryPath), { recursive: true });
  await withBuildLock(`${dirname(binaryPath)}.lock`, () => {
    if (!existsSync(binaryPath)) {
      process.stderr.write(
        `Building FerretDB ${FERRETDB_VERSION} (${variant}) once into ${dirname(binaryPath)} ...\n`,
      );
      try {
        build(binaryPath, variant);
        if (variant === 'patched' && !options.binaryPath) removeStalePatchedBuilds(binaryPath);
      } catch (error) {
        throw new FerretDBUnavailableError(
          `Building FerretDB ${FERRETDB_VERSION} failed. Check that the Go module proxy is reachable, ` +
            `or set MONGODB_URI to a MongoDB server instead.\n${(error as Error).message}`,
        );
      }
    }
  });
  return binaryPath;
}

/** The FerretDB packages our patches add Go tests to (see go-tests.ts). */
export const GO_TEST_PACKAGES = [
  './internal/backends/postgresql/',
  './internal/handler/',
  './internal/handler/sjson/',
];

/** Written into the patched source once its Go tests are compiled (their modules fetched). */
const GO_TESTS_READY = '.qpc-go-tests-ready';

/**
 * Returns FerretDB's patched source tree, ready for `go test` without the network: made (again)
 * unless a previous call finished it, its test binaries compiled once, which fetches the modules
 * only tests need (testify...) into the module cache. `npm test` calls it before its network
 * namespace; inside it, nothing is fetched.
 */
export async function ensurePatchedSource(): Promise<string> {
  const cacheDir = dirname(defaultBinaryPath('patched'));
  const src = join(cacheDir, 'src');
  if (existsSync(join(src, GO_TESTS_READY))) return src;
  if (!hasGo())
    throw new FerretDBUnavailableError('The Go tests of our patches need `go` on PATH.');
  mkdirSync(cacheDir, { recursive: true });
  await withBuildLock(`${cacheDir}.lock`, () => {
    if (existsSync(join(src, GO_TESTS_READY))) return;
    prepareSource(src, 'patched');
    // FerretDB's testutil package finds the source's root by a `.git` above the working directory.
    mkdirSync(join(src, '.git'));
    run('go', ['test', '-count=1', '-run', '^$', ...GO_TEST_PACKAGES], src);
    writeFileSync(join(src, GO_TESTS_READY), '');
  });
  return src;
}
