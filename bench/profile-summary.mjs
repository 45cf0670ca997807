// Summarises V8 CPU profiles (node --cpu-prof, written by `BENCH_CPU_PROF=dir npm run bench`):
// busy time by package and the functions with the most self and inclusive time.
//
//   node bench/profile-summary.mjs <dir or .cpuprofile files> [--top 25] [--match text]
//
// `--match` also prints the inclusive share of functions whose name or file contains the text
// (e.g. `--match authenticate`), which is how the middleware costs were attributed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i === -1) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const top = Number(option('--top', 25));
const matches = [];
for (let i = args.indexOf('--match'); i !== -1; i = args.indexOf('--match'))
  matches.push(args.splice(i, 2)[1]);
const files = args.flatMap((p) =>
  statSync(p).isDirectory()
    ? readdirSync(p)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => join(p, f))
    : [p],
);
if (files.length === 0) {
  console.error(
    'usage: node bench/profile-summary.mjs <dir|file.cpuprofile>... [--top N] [--match text]',
  );
  process.exit(1);
}

/** Which package a script belongs to: a dependency, one of ours, or Node itself. */
function packageOf(url) {
  if (!url) return '(native/VM)';
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pnpm) return pnpm[1];
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  const ours = /\/(packages|apps)\/([^/]+)\//.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  if (url.includes('/bench/')) return 'bench';
  if (url.startsWith('node:')) return 'node core';
  return url;
}

const SPECIAL = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  let total = 0;
  let idle = 0;
  const perPackage = new Map();
  const perFunction = new Map();
  const inclusive = new Map();
  for (const [id, us] of self) {
    const node = byId.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    total += us;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    const pkg = SPECIAL.has(functionName) ? functionName : packageOf(url);
    perPackage.set(pkg, (perPackage.get(pkg) ?? 0) + us);
    const key = `${functionName || '(anonymous)'} ${url ? `${basename(url)}:${lineNumber + 1}` : ''} [${pkg}]`;
    perFunction.set(key, (perFunction.get(key) ?? 0) + us);
    // Inclusive: credit each distinct frame on the stack once.
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur).callFrame;
      const k = `${f.functionName || '(anonymous)'} ${f.url ? `${basename(f.url)}:${f.lineNumber + 1}` : ''} [${packageOf(f.url)}]`;
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  }
  const busy = total - idle;
  const share = (us) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
  const msOf = (us) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
  console.log(
    `\n== ${basename(file)}: ${(total / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s busy (${((busy / total) * 100).toFixed(0)}%)`,
  );
  console.log('-- self time by package (share of busy time)');
  for (const [pkg, us] of [...perPackage].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${share(us)} ${msOf(us)}  ${pkg}`);
  console.log('-- functions by self time');
  for (const [fn, us] of [...perFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${share(us)} ${msOf(us)}  ${fn}`);
  for (const text of matches) {
    console.log(`-- inclusive time of frames matching "${text}"`);
    for (const [fn, us] of [...inclusive]
      .filter(([k]) => k.includes(text))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)) {
      console.log(`${share(us)} ${msOf(us)}  ${fn}`);
    }
  }
}
