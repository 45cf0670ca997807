// Shared steps of `npm start`, `npm test` and `npm run bench`, for a fresh clone with only Node, npm and Go.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pnpmSpec = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager;

/** Runs a command in the repository root, inheriting output; exits with its code on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0 && !options.allowFailure) process.exit(result.status ?? 1);
  return result.status ?? 1;
}

/** pnpm at the pinned version through npx (corepack fails on these machines). */
export function pnpm(args, options) {
  return run('npx', ['--yes', pnpmSpec, ...args], options);
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('> installing dependencies (pnpm install --frozen-lockfile)');
  pnpm(['install', '--frozen-lockfile']);
}

/** Builds every package (turbo caches unchanged ones). */
export function buildAll() {
  pnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']);
}

/** Builds the embedded database binary once (Go); explains what to do when it cannot. */
export function ensureFerretDB() {
  if (process.env.MONGODB_URI) return;
  run(process.execPath, [join(root, 'packages/ferretdb/dist/cli.js'), 'build']);
}
