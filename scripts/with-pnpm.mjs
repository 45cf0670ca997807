// Runs pnpm at the version pinned in package.json, on a machine that has only Node and npm.
// corepack fails on these machines ("No compatible signature found"), npx does not.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { QUIET_ENV } from './lib.mjs';

const pinned = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).packageManager;
const result = spawnSync('npx', ['--yes', pinned, ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: new URL('..', import.meta.url),
  // No Turborepo telemetry for `npm run build`, `lint`, `typecheck` either.
  env: { ...process.env, ...QUIET_ENV },
});
process.exit(result.status ?? 1);
