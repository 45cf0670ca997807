import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { freePort } from '@qpc/ferretdb';

export const repoRoot = resolve(new URL('../../../../', import.meta.url).pathname);

export type AppName = 'rest-api' | 'graphql-gateway' | 'web';

/** The variable each app reads its port from. */
export const PORT_VARIABLE: Record<AppName, string> = {
  'rest-api': 'PORT',
  'graphql-gateway': 'GRAPHQL_PORT',
  web: 'WEB_PORT',
};

/** Runs `npm run package` (without the build: turbo built the apps before this package's tests). */
export function runPackageStep(apps: AppName[] = []): { status: number | null; output: string } {
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, 'scripts/package.mjs'), '--skip-build', ...apps],
    { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } },
  );
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** A fresh folder under the system's temporary directory, never inside the checkout. */
export function outsideCheckout(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (!relative(repoRoot, dir).startsWith('..')) throw new Error(`${dir} is inside the checkout`);
  return dir;
}

/**
 * Copies a folder as `cp -rL`, `scp -r` or a zip without links would: every link is followed,
 * its target copied in its place (a link to a folder becomes a second copy of that folder).
 */
export function copyFollowingLinks(from: string, to: string): void {
  const result = spawnSync('cp', ['-rL', from, to], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cp -rL ${from} ${to} failed: ${result.stderr}`);
}

/** Removes a folder with `rm -rf` (much faster than fs.rmSync over tens of thousands of files). */
export function removeFolder(dir: string): void {
  spawnSync('rm', ['-rf', dir]);
}

/** Every symbolic link under `dir`, wherever it points. */
export function linksIn(dir: string): string[] {
  const stat = lstatSync(dir);
  if (stat.isSymbolicLink()) return [dir];
  if (!stat.isDirectory()) return [];
  return readdirSync(dir).flatMap((entry) => linksIn(join(dir, entry)));
}

/**
 * Package names in a flat `node_modules` (the packaged layout, as npm lays it out), with the
 * packages nested in a package's own `node_modules` (another version than the top one).
 */
export function installedPackageNames(dir: string): string[] {
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) return [];
  return readdirSync(modules)
    .filter((entry) => !entry.startsWith('.'))
    .flatMap((entry) =>
      entry.startsWith('@')
        ? readdirSync(join(modules, entry)).map((name) => `${entry}/${name}`)
        : [entry],
    )
    .flatMap((name) => [name, ...installedPackageNames(join(modules, name))]);
}

/** Total size of the files under `dir` (links not followed), in bytes. */
export function folderBytes(dir: string): number {
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) return stat.isFile() ? stat.size : 0;
  return readdirSync(dir).reduce((sum, entry) => sum + folderBytes(join(dir, entry)), 0);
}

export interface RunningProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves once the process and everything it started have exited. */
  closed: Promise<number | null>;
  stop: () => Promise<number | null>;
}

/**
 * Runs `command` in `cwd` in a process group of its own, with exactly `env` (plus PATH and the
 * port), and waits for the app's "listening on" line. `stop` sends one SIGTERM to the group (npm
 * does not pass signals on to the app it starts) and waits until every member has exited.
 */
export async function startInFolder(options: {
  app: AppName;
  cwd: string;
  command: string[];
  env: Record<string, string>;
}): Promise<RunningProcess> {
  const port = await freePort();
  const [file, ...args] = options.command;
  const child = spawn(file!, args, {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      npm_config_update_notifier: 'false',
      ...options.env,
      [PORT_VARIABLE[options.app]]: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  // 'close' fires when the pipes close: when npm and the app it started have both exited.
  const closed = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  let isClosed = false;
  void closed.then(() => (isClosed = true));
  const killGroup = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is already gone.
    }
  };
  const deadline = Date.now() + 60_000;
  while (!/\blistening on /.test(output)) {
    if (isClosed || Date.now() > deadline) {
      killGroup('SIGKILL');
      throw new Error(`${options.app} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    closed,
    async stop() {
      if (!isClosed) killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 15_000);
      const code = await closed;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs a command to its end in a folder with exactly `env` (plus PATH). */
export function runToEnd(
  command: string[],
  cwd: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): { status: number | null; output: string } {
  const [file, ...args] = command;
  const result = spawnSync(file!, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', npm_config_update_notifier: 'false', ...env },
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}
