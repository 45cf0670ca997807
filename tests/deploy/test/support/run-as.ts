import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './packaged.js';

const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  packageManager: string;
};

/** The pinned pnpm: from PATH when it matches (npm test puts it there), else from npx's cache. */
export function pinnedPnpm(): string {
  const onPath = spawnSync('sh', ['-c', 'command -v pnpm && pnpm --version'], {
    encoding: 'utf8',
  });
  const [path, version] = onPath.stdout.trim().split('\n');
  if (onPath.status === 0 && path && `pnpm@${version}` === rootManifest.packageManager) return path;
  const viaNpx = spawnSync(
    'npx',
    ['--yes', '-p', rootManifest.packageManager, '-c', 'command -v pnpm'],
    { encoding: 'utf8' },
  );
  const found = viaNpx.stdout.trim().split('\n').pop();
  if (viaNpx.status !== 0 || !found) throw new Error(`no ${rootManifest.packageManager} here`);
  return found;
}

/** Runs `command` as the image's USER when we are root (setpriv), as ourselves otherwise. */
export function asUser(user: string, command: string[]): string[] {
  if (process.getuid?.() !== 0) return command;
  const [uid, gid = uid] = user.split(':');
  return ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--', ...command];
}
