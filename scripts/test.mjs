// `npm test`: installs what is missing, builds, then runs every test of every package.
// The tests run in a network namespace with only loopback when the machine allows it (root and
// `unshare`), so any hidden call home fails the suite. Extra arguments go to turbo
// (e.g. `npm test -- --filter @qpc/domain`). QPC_TEST_NETWORK=host runs without isolation.
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import {
  buildAll,
  ensureDependencies,
  ensureFerretDB,
  ensureRedis,
  ensureSchemathesis,
  pnpmPath,
  root,
} from './lib.mjs';

ensureDependencies();
buildAll();
ensureFerretDB();
ensureRedis();
const env = {
  ...process.env,
  SCHEMATHESIS_BIN: ensureSchemathesis(),
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
};

// pnpm from npx's cache, resolved now: inside the network namespace npx could not fetch it.
// turbo looks pnpm up on PATH to run each package's script.
const pnpm = pnpmPath();
env.PATH = `${dirname(pnpm)}:${env.PATH}`;
const turbo = [
  pnpm,
  'exec',
  'turbo',
  'run',
  'test',
  '--concurrency=1',
  '--output-logs=full',
  ...process.argv.slice(2),
];
const canIsolate =
  process.env.QPC_TEST_NETWORK !== 'host' &&
  process.platform === 'linux' &&
  spawnSync('unshare', ['-n', '--', 'sh', '-c', 'ip link set lo up']).status === 0;

let result;
if (canIsolate) {
  console.log('> running tests with outbound network blocked (network namespace, loopback only)');
  env.QPC_NETWORK_ISOLATED = '1';
  result = spawnSync(
    'unshare',
    ['-n', '--', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', ...turbo],
    {
      cwd: root,
      stdio: 'inherit',
      env,
    },
  );
} else {
  console.log('> running tests on the host network (no network namespace available)');
  result = spawnSync(turbo[0], turbo.slice(1), { cwd: root, stdio: 'inherit', env });
}
process.exit(result.status ?? 1);
