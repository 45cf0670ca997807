// `npm test`: installs what is missing, builds, then runs every test of every package.
// The tests run in a network namespace with only loopback when the machine allows it (root and
// `unshare`), so any hidden call home fails the suite. Extra arguments go to turbo
// (e.g. `npm test -- --filter @qpc/domain`). QPC_TEST_NETWORK=host runs without isolation.
// A full run (no arguments) then builds the apps and runs their runtime tests once more on Node 24
// (fetched from the npm registry into .cache/), the runtime line after the image's Node 20.
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import {
  buildAllWithFerretDB,
  ensureChromium,
  ensureDependencies,
  ensureNode24,
  ensureOcrTools,
  ensurePatchTool,
  ensureRedis,
  ensureSchemathesis,
  ensureVarnish,
  pnpmPath,
  root,
} from './lib.mjs';

const extraArgs = process.argv.slice(2);
const isFullRun = extraArgs.length === 0;

ensureDependencies();
// Side by side; the Go tests of our FerretDB patches are readied to run without the network.
await buildAllWithFerretDB({ withGoTests: true });
ensurePatchTool();
ensureRedis();
ensureOcrTools();
ensureVarnish();
const env = {
  ...process.env,
  SCHEMATHESIS_BIN: ensureSchemathesis(),
  CHROMIUM_BIN: ensureChromium(),
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
};
// Fetched now: inside the network namespace npm could not reach the registry.
const node24 = isFullRun ? ensureNode24() : null;

// pnpm from npx's cache, resolved now: inside the network namespace npx could not fetch it.
// turbo looks pnpm up on PATH to run each package's script.
const pnpm = pnpmPath();
env.PATH = `${dirname(pnpm)}:${env.PATH}`;
const canIsolate =
  process.env.QPC_TEST_NETWORK !== 'host' &&
  process.platform === 'linux' &&
  spawnSync('unshare', ['-n', '--', 'sh', '-c', 'ip link set lo up']).status === 0;
if (canIsolate) {
  console.log('> running tests with outbound network blocked (network namespace, loopback only)');
  env.QPC_NETWORK_ISOLATED = '1';
} else {
  console.log('> running tests on the host network (no network namespace available)');
}

/** Runs a command in the namespace (when available) with `runEnv`; returns its exit status. */
function runTests(command, runEnv) {
  const result = canIsolate
    ? spawnSync(
        'unshare',
        ['-n', '--', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', ...command],
        { cwd: root, stdio: 'inherit', env: runEnv },
      )
    : spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit', env: runEnv });
  return result.status ?? 1;
}

// Two packages at a time: each suite waits on its app processes, browser and database about as much
// as it computes (on 2 cores, the Node 20 suites took 23 min one at a time, 16 min two at a time).
const turbo = [pnpm, 'exec', 'turbo', 'run'];
const status = runTests(
  [...turbo, 'test', '--concurrency=2', '--output-logs=full', ...extraArgs],
  env,
);
if (status !== 0 || !node24) process.exit(status);

// The same build and each app's `test:runtime` files under Node 24: `node` on PATH is Node 24 for
// pnpm, turbo's tasks, tsc and vitest alike. --force rebuilds instead of reusing Node 20's output.
// Those files are the ones whose behaviour rests on the runtime rather than on our code: starting,
// signals and shutdown, token crypto, streamed uploads and ranged downloads, error answers, a
// broad read-and-write file and idempotent replays (both suites whole took 5 of npm test's 27 min).
const env24 = { ...env, PATH: `${node24}:${env.PATH}` };
const version = spawnSync('node', ['--version'], { env: env24, encoding: 'utf8' }).stdout.trim();
console.log(`> building the apps and running their runtime tests again on Node ${version}`);
process.exit(
  runTests(
    [
      ...turbo,
      'test:runtime',
      '--filter=@qpc/rest-api',
      '--filter=@qpc/graphql-gateway',
      '--force',
      '--concurrency=2',
      '--output-logs=full',
    ],
    env24,
  ),
);
