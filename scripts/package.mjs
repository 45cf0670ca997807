// `npm run package [-- rest-api graphql-gateway web] [--skip-build]`: writes out/<app>/, a
// self-contained folder per app (its dist/, production dependencies only, the workspace packages
// it uses copied in as real packages), which `npm start` serves against MONGODB_URI. The
// Dockerfile runs this same script in its build stage (for either app).
//
// It uses `pnpm deploy --prod` from the shared lockfile. pnpm 10 deploys that way only with
// injected workspace packages: the setting is given on the command line (the workspace itself
// keeps linked packages), with copies rather than hard links so out/ shares no file with the
// checkout or the store. The deploy's node_modules is flat (node-linker=hoisted, as npm lays it
// out) and its few links (.bin) are removed: the folder holds no symbolic link at all, so it
// survives any copy (`cp -rL`, `scp -r`, a zip without links). It installs from pnpm's store
// (--prefer-offline): after `pnpm install` it needs no network, so it runs inside the tests'
// network namespace.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  lstatSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { ensureDependencies, root, run } from './lib.mjs';

const APPS = ['rest-api', 'graphql-gateway'];
/** Packaged only when named (`npm run package -- web`): the web page's image and compose use it. */
const ON_REQUEST = ['web'];
/** Each app's start file, in its dist/. */
const START_FILE = { web: 'dist/server/server.js' };
const startFileOf = (app) => START_FILE[app] ?? 'dist/server.js';

/** Packages that must never be in a packaged app: build and test tools, the embedded database. */
const FORBIDDEN = [
  '@qpc/ferretdb',
  'typescript',
  'vitest',
  'vite',
  'turbo',
  'esbuild',
  'rollup',
  'eslint',
  'prettier',
  'supertest',
];

const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pinnedPnpm = rootManifest.packageManager;

/** pnpm at the pinned version: the one on PATH when it matches (offline), else through npx. */
function pnpmCommand() {
  const local = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (local.status === 0 && `pnpm@${local.stdout.trim()}` === pinnedPnpm) return ['pnpm'];
  return ['npx', '--yes', pinnedPnpm];
}

function sizeOf(path) {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.isSymbolicLink() ? 0 : stat.size;
  let total = 0;
  for (const entry of readdirSync(path)) total += sizeOf(join(path, entry));
  return total;
}

/**
 * pnpm hard-links injected workspace packages to the checkout's files whatever the import
 * method: give out/ its own copies, so a rebuild cannot change a packaged app (nor the reverse).
 */
function unshareHardLinks(path) {
  const stat = lstatSync(path);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) unshareHardLinks(join(path, entry));
  } else if (stat.isFile() && stat.nlink > 1) {
    copyFileSync(path, `${path}.copy`);
    renameSync(`${path}.copy`, path);
  }
}

/** The names of the packages in a flat `node_modules` and in those nested in its packages. */
function installedPackages(modules) {
  if (!existsSync(modules)) return [];
  const names = [];
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const scoped = entry.startsWith('@')
      ? readdirSync(join(modules, entry)).map((name) => `${entry}/${name}`)
      : [entry];
    for (const name of scoped) {
      names.push(name, ...installedPackages(join(modules, name, 'node_modules')));
    }
  }
  return names;
}

/** The symbolic links under `path`. */
function linksUnder(path) {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return [path];
  if (!stat.isDirectory()) return [];
  return readdirSync(path).flatMap((entry) => linksUnder(join(path, entry)));
}

/** Removes every `node_modules/.bin` under `path`: links to the packages' command-line scripts. */
function removeBinFolders(path) {
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const child = join(path, entry.name);
    if (entry.name === '.bin' && basename(path) === 'node_modules') {
      rmSync(child, { recursive: true, force: true });
    } else {
      removeBinFolders(child);
    }
  }
}

/**
 * Removes what only pnpm and a shell use: the `.bin` folders (the app runs `node dist/server.js`)
 * and pnpm's records of the install (they name the build machine's paths). Then the folder must
 * hold no link at all.
 */
function removeLinksAndRecords(dir, app) {
  const modules = join(dir, 'node_modules');
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.pnpm') || entry === '.modules.yaml') {
      rmSync(join(modules, entry), { recursive: true, force: true });
    }
  }
  removeBinFolders(dir);
  const links = linksUnder(dir);
  if (links.length > 0) {
    throw new Error(
      `${app}: out/${app} still holds symbolic links: ${links.slice(0, 5).join(', ')}`,
    );
  }
}

/** A plain manifest for the packaged app: its start script, exact versions, no build paths. */
function writeManifest(dir, app) {
  const path = join(dir, 'package.json');
  const deployed = JSON.parse(readFileSync(path, 'utf8'));
  const dependencies = {};
  for (const [name, spec] of Object.entries(deployed.dependencies ?? {})) {
    dependencies[name] = spec.includes('file:')
      ? JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version
      : spec.replace(/\(.*$/, '');
  }
  const manifest = {
    name: deployed.name,
    version: deployed.version,
    private: true,
    description: `${deployed.description} Packaged by \`npm run package\`: dependencies are installed, do not install again.`,
    type: deployed.type,
    main: deployed.main,
    engines: rootManifest.engines,
    scripts: { start: `node ${startFileOf(app)}` },
    dependencies,
  };
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
  // The deploy lockfile names the build machine's paths; the installed tree is the record.
  rmSync(join(dir, 'pnpm-lock.yaml'), { force: true });
  if (!existsSync(join(dir, startFileOf(app)))) {
    throw new Error(`${app}: ${startFileOf(app)} is missing; build first (npm run build)`);
  }
}

/** Deploys one app into out/<app>; returns its size in bytes. */
function packageApp(app, outRoot = join(root, 'out')) {
  const target = join(outRoot, app);
  rmSync(target, { recursive: true, force: true });
  const [command, ...prefix] = pnpmCommand();
  run(command, [
    ...prefix,
    '--config.inject-workspace-packages=true',
    '--config.package-import-method=copy',
    '--config.node-linker=hoisted',
    '--filter',
    `@qpc/${app}`,
    'deploy',
    '--prod',
    '--prefer-offline',
    target,
  ]);
  unshareHardLinks(target);
  removeLinksAndRecords(target, app);
  writeManifest(target, app);
  const installed = installedPackages(join(target, 'node_modules'));
  const forbidden = installed.filter((name) => FORBIDDEN.includes(name));
  if (forbidden.length > 0) {
    throw new Error(`${app}: out/${app} holds packages it must not ship: ${forbidden.join(', ')}`);
  }
  return sizeOf(target);
}

const args = process.argv.slice(2);
const skipBuild = args.includes('--skip-build');
const apps = args.filter((a) => !a.startsWith('--'));
for (const app of apps) {
  if (!APPS.includes(app) && !ON_REQUEST.includes(app)) {
    console.error(`unknown app "${app}": one of ${[...APPS, ...ON_REQUEST].join(', ')}`);
    process.exit(2);
  }
}
const chosen = apps.length > 0 ? apps : APPS;
process.env.TURBO_TELEMETRY_DISABLED = '1';
process.env.DO_NOT_TRACK = '1';
if (!skipBuild) {
  ensureDependencies();
  const [command, ...prefix] = pnpmCommand();
  run(command, [
    ...prefix,
    'exec',
    'turbo',
    'run',
    'build',
    '--output-logs=errors-only',
    ...chosen.map((app) => `--filter=@qpc/${app}...`),
  ]);
}
for (const app of chosen) {
  const bytes = packageApp(app);
  console.log(
    `> out/${app}: ${(bytes / 1024 / 1024).toFixed(1)} MiB (npm start in it serves ${app})`,
  );
}
