// Shared steps of `npm start`, `npm test` and `npm run bench`, for a fresh clone with only Node, npm and Go.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pnpmSpec = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager;

/**
 * Switches every child of these scripts inherits: no Turborepo telemetry (nor its notice on a
 * first run), no tool that honours DO_NOT_TRACK calling home, no npm update notice.
 */
export const QUIET_ENV = Object.freeze({
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  NPM_CONFIG_UPDATE_NOTIFIER: 'false',
});
Object.assign(process.env, QUIET_ENV);

const HEARTBEAT_SCRIPT = `
const [label, firstAfterMs, everyMs] = process.argv.slice(1);
const started = Date.now();
const beat = () => process.stdout.write('  ... ' + label + ': ' + Math.round((Date.now() - started) / 1000) + ' s\\n');
setTimeout(() => { beat(); setInterval(beat, Number(everyMs)); }, Number(firstAfterMs));
// Ends with its parent: the pipe on stdin closes when the parent exits, however it exits.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
`;

/**
 * Runs one step of start-up (a command that may take a minute, like the FerretDB build) with
 * progress: a line before it, an elapsed-time line every `everyMs` once it has run `firstAfterMs`,
 * and the time it took when it was long. The command keeps the terminal (its own output shows);
 * the heartbeat is a small side process, because the step itself runs synchronously.
 */
export function runWithProgress(label, command, args, options = {}) {
  const { firstAfterMs = 5_000, everyMs = 10_000, ...runOptions } = options;
  console.log(`> ${label}`);
  const started = Date.now();
  const heartbeat = spawn(
    process.execPath,
    ['-e', HEARTBEAT_SCRIPT, label, String(firstAfterMs), String(everyMs)],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  try {
    return run(command, args, runOptions);
  } finally {
    heartbeat.kill();
    const seconds = Math.round((Date.now() - started) / 1000);
    if (Date.now() - started >= firstAfterMs) console.log(`> ${label}: done in ${seconds} s`);
  }
}

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

/** pnpm as one step of start-up, with progress (see runWithProgress). */
export function pnpmWithProgress(label, args, options) {
  return runWithProgress(label, 'npx', ['--yes', pnpmSpec, ...args], options);
}

/** Absolute path of the pinned pnpm (fetched into npx's cache once), for offline runs. */
export function pnpmPath() {
  const found = spawnSync('npx', ['--yes', '-p', pnpmSpec, '-c', 'command -v pnpm'], {
    cwd: root,
    encoding: 'utf8',
  });
  const path = found.stdout.trim().split('\n').pop();
  if (found.status !== 0 || !path) {
    console.error(`could not locate ${pnpmSpec}: ${found.stderr}`);
    process.exit(1);
  }
  return path;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  pnpmWithProgress('installing dependencies (pnpm install --frozen-lockfile)', [
    'install',
    '--frozen-lockfile',
  ]);
}

/** Builds every package (turbo caches unchanged ones). */
export function buildAll() {
  pnpmWithProgress('building the packages (turbo run build; cached after the first time)', [
    'exec',
    'turbo',
    'run',
    'build',
    '--output-logs=errors-only',
  ]);
}

/** Builds the embedded database binary once (Go); explains what to do when it cannot. */
export function ensureFerretDB() {
  if (process.env.MONGODB_URI) return;
  runWithProgress(
    'the embedded database (FerretDB, built once with Go: about a minute the first time)',
    process.execPath,
    [join(root, 'packages/ferretdb/dist/cli.js'), 'build'],
  );
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Installs a Debian package as root, or explains what to install and stops. */
function aptInstall(pkg, why) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !onPath('apt-get')) {
    console.error(`${why}: install it (apt-get install ${pkg}) and run again.`);
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  runWithProgress(`installing ${pkg} (apt-get update)`, 'apt-get', ['update', '-qq'], { env });
  runWithProgress(
    `installing ${pkg} (Debian package)`,
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', pkg],
    { env },
  );
}

/** The reliability suite starts a real redis-server: install Debian's package when missing. */
export function ensureRedis() {
  if (onPath('redis-server')) return;
  aptInstall('redis-server', 'redis-server is needed by the reliability tests');
}

/**
 * The shared cache's tests and the bench start a real varnishd with the xkey vmod (Debian's
 * `varnish` and `varnish-modules`): install them when missing. Returns varnishd's path.
 */
export function ensureVarnish() {
  const bin = '/usr/sbin/varnishd';
  if (!existsSync(bin)) aptInstall('varnish', 'varnish is needed by the shared cache tests');
  const hasXkey = spawnSync('sh', ['-c', 'ls /usr/lib/*/varnish/vmods/libvmod_xkey.so'], {
    stdio: 'ignore',
  });
  if (hasXkey.status !== 0) {
    aptInstall('varnish-modules', 'varnish-modules (xkey) is needed by the shared cache tests');
  }
  return bin;
}

/**
 * The web page's browser tests drive Debian's Chromium: install it when missing. CHROMIUM_BIN
 * names another Chromium (or Chrome) binary instead. Returns the binary's path.
 */
export function ensureChromium() {
  const chosen = process.env.CHROMIUM_BIN;
  if (chosen) {
    if (existsSync(chosen)) return chosen;
    console.error(`CHROMIUM_BIN=${chosen} does not exist.`);
    process.exit(1);
  }
  const bin = '/usr/bin/chromium';
  if (!existsSync(bin)) aptInstall('chromium', 'chromium is needed by the browser tests');
  return bin;
}

/** The Node 24 line `npm test` also runs the apps' HTTP tests on (the image has Node 20). */
export const NODE24_VERSION = '24.21.0';

/**
 * Node 24 from the npm registry's `node` package (its install fetches the matching
 * `node-<os>-<arch>` registry package), kept in the git-ignored .cache/node-<version>/.
 * Returns the folder holding its `node` binary, to put first on PATH.
 */
export function ensureNode24() {
  const prefix = join(root, '.cache', `node-${NODE24_VERSION}`);
  // The `node` package's install script puts the binary in its bin/; with scripts disabled
  // (npm's ignore-scripts), the platform package it would have fetched is installed directly.
  const platformPackage = `node-${process.platform}-${process.arch}`;
  const candidates = [
    join(prefix, 'node_modules', 'node', 'bin'),
    join(prefix, 'node_modules', platformPackage, 'bin'),
  ];
  const working = () =>
    candidates.find(
      (bin) =>
        existsSync(join(bin, 'node')) &&
        spawnSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout?.trim() ===
          `v${NODE24_VERSION}`,
    );
  const found = working();
  if (found) return found;
  console.log(`> fetching Node ${NODE24_VERSION} (npm package node) into .cache/`);
  mkdirSync(prefix, { recursive: true });
  writeFileSync(join(prefix, 'package.json'), '{"private":true}\n');
  const install = (spec) =>
    run(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        spec,
      ],
      { allowFailure: true },
    );
  install(`node@${NODE24_VERSION}`);
  if (!working()) install(`${platformPackage}@${NODE24_VERSION}`);
  const installed = working();
  if (!installed) {
    console.error(`Node ${NODE24_VERSION} did not install into ${prefix}.`);
    process.exit(1);
  }
  return installed;
}

export const SCHEMATHESIS_VERSION = '4.32.5';

/** Schemathesis (pinned, from PyPI) in a git-ignored virtualenv under .cache/. */
export function ensureSchemathesis() {
  const venv = join(root, '.cache', 'venv');
  const bin = join(venv, 'bin', 'schemathesis');
  const marker = join(venv, `schemathesis-${SCHEMATHESIS_VERSION}`);
  if (existsSync(bin) && existsSync(marker)) return bin;
  run('python3', ['-m', 'venv', venv]);
  runWithProgress(
    `installing schemathesis ${SCHEMATHESIS_VERSION} into .cache/venv`,
    join(venv, 'bin', 'pip'),
    ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`],
  );
  run('touch', [marker]);
  return bin;
}
