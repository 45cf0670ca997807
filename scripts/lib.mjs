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

/**
 * Runs steps side by side (each `{ label, title, command, args }`), for start-up steps that do not
 * depend on each other: a line announces each, every line a step prints is prefixed by its label,
 * an elapsed-time line names the steps still running every `everyMs` once they have run
 * `firstAfterMs`, and each long step's duration is told. Resolves once every step has succeeded;
 * when one fails, the others are stopped and the process exits with its code.
 */
export async function runSideBySide(steps, { firstAfterMs = 5_000, everyMs = 10_000 } = {}) {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  const running = new Map();
  for (const step of steps) console.log(`> [${step.label}] ${step.title}`);
  let heartbeat;
  const firstBeat = setTimeout(() => {
    const beat = () =>
      console.log(`  ... ${seconds()} s: ${[...running.keys()].join(', ')} still running`);
    beat();
    heartbeat = setInterval(beat, everyMs);
  }, firstAfterMs);
  const finished = steps.map((step) =>
    new Promise((resolve) => {
      const child = spawn(step.command, step.args, {
        cwd: root,
        env: step.env ?? process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      running.set(step.label, child);
      for (const stream of [child.stdout, child.stderr]) {
        prefixLines(
          stream,
          `[${step.label}] `,
          stream === child.stdout ? process.stdout : process.stderr,
        );
      }
      child.on('error', (error) => {
        console.error(`[${step.label}] ${error.message}`);
        resolve({ step, code: 1 });
      });
      child.on('close', (code, signal) => resolve({ step, code: code ?? (signal ? 1 : 0) }));
    }).then(({ step, code }) => {
      running.delete(step.label);
      if (code !== 0) {
        for (const [, other] of running) other.kill('SIGTERM');
        clearTimeout(firstBeat);
        clearInterval(heartbeat);
        console.error(`> [${step.label}] failed (exit ${code})`);
        process.exit(code);
      }
      if (Date.now() - started >= firstAfterMs) {
        console.log(`> [${step.label}] ${step.title}: done in ${seconds()} s`);
      }
    }),
  );
  await Promise.all(finished);
  clearTimeout(firstBeat);
  clearInterval(heartbeat);
}

/** Copies a stream to `out` line by line, each line prefixed (a step's output among others'). */
function prefixLines(stream, prefix, out) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split(/\r?\n|\r/);
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) out.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => {
    if (pending.trim()) out.write(`${prefix}${pending}\n`);
  });
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

const TURBO_BUILD = ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'];
const FERRETDB_TITLE =
  'the embedded database (FerretDB, built once with Go: about a minute the first time)';

/** Builds every package (turbo caches unchanged ones). */
export function buildAll() {
  pnpmWithProgress('building the packages (turbo run build; cached after the first time)', [
    ...TURBO_BUILD,
  ]);
}

/** Builds the embedded database binary once (Go); explains what to do when it cannot. */
export function ensureFerretDB() {
  if (process.env.MONGODB_URI) return;
  runWithProgress(FERRETDB_TITLE, process.execPath, [
    join(root, 'packages/ferretdb/dist/cli.js'),
    'build',
  ]);
}

/**
 * buildAll and ensureFerretDB side by side: the packages' TypeScript build and FerretDB's Go build
 * do not depend on each other (on a fresh clone they took 46 s and 88 s one after the other). The
 * Go build is driven by @qpc/ferretdb's own build output, so that package is built first (a few
 * seconds; cached after the first time). `withGoTests` (npm test) also readies the Go tests of our
 * FerretDB patches to run offline.
 */
export async function buildAllWithFerretDB({ withGoTests = false } = {}) {
  if (process.env.MONGODB_URI) {
    buildAll();
    return;
  }
  pnpmWithProgress('building the embedded database package (@qpc/ferretdb)', [
    ...TURBO_BUILD,
    '--filter=@qpc/ferretdb',
  ]);
  await runSideBySide([
    {
      label: 'packages',
      title: 'building the packages (turbo run build; cached after the first time)',
      command: 'npx',
      args: ['--yes', pnpmSpec, ...TURBO_BUILD],
    },
    {
      label: 'database',
      title: FERRETDB_TITLE,
      command: process.execPath,
      args: [
        join(root, 'packages/ferretdb/dist/cli.js'),
        'build',
        ...(withGoTests ? ['--with-go-tests'] : []),
      ],
    },
  ]);
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

/**
 * packages/ferretdb checks that its patch series applies with plain `patch -p1` (as an image build
 * may apply it): install Debian's package when missing.
 */
export function ensurePatchTool() {
  if (onPath('patch')) return;
  aptInstall('patch', 'patch is needed by the FerretDB patch series test');
}

/**
 * The OCR tests read scans with the native engine: Debian's Tesseract 5 with its English data,
 * and poppler's pdftoppm. `npm start` needs none of them (it falls back to tesseract.js).
 */
export function ensureOcrTools() {
  if (!onPath('tesseract')) aptInstall('tesseract-ocr', 'tesseract is needed by the OCR tests');
  if (!existsSync('/usr/share/tesseract-ocr/5/tessdata/eng.traineddata')) {
    aptInstall('tesseract-ocr-eng', "Tesseract's English data is needed by the OCR tests");
  }
  if (!onPath('pdftoppm')) aptInstall('poppler-utils', 'pdftoppm is needed by the OCR tests');
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
