// The benchmark (`npm run bench`, which builds first: scripts/bench.mjs). Options:
//   --scales 1,5      catalog scales (1 = 20,000 questions); `--scales 1` is the quick run;
//                     `--scales 50` (1,000,000 questions) only on demand: over 10 the run
//                     restarts itself with a 16 GiB heap (the catalog is built in memory)
//   --sqlite          the embedded SQLite backend too, after PostgreSQL (not in the default run)
//   --only a,b        scenario name prefixes (and `insert`, `deactivat`)
//   --duration 2.5    seconds per side of each one-connection measurement (over all rounds)
//   --rounds 3  --warmup 0.5  --max-request 15  --max-run 20  --connections 10  --load-seconds 2
//   --seed 42         the catalog's seed
//   --out docs        where benchmarks.md and benchmarks.json go (`-`: nowhere)
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { runConfiguration } from './configuration.mjs';
import { root, round } from './lib.mjs';
import { durationLine, writeReport } from './report.mjs';

const DEFAULTS = {
  ...{ scales: '1,5', only: '', duration: 2.5, rounds: 3, warmup: 0.5, seed: 42 },
  ...{ 'max-request': 15, 'max-run': 20, connections: 10, 'load-seconds': 2 },
};
const { values } = parseArgs({
  options: {
    ...Object.fromEntries(
      Object.entries(DEFAULTS).map(([k, v]) => [k, { type: 'string', default: String(v) }]),
    ),
    sqlite: { type: 'boolean', default: false },
    out: { type: 'string', default: join(root, 'docs') },
  },
});
const positive = (text, what) => {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${what}: "${text}" is not positive`);
  return value;
};
const number = (name) => positive(values[name], `--${name}`);
const settings = {
  scales: values.scales.split(',').map((s) => positive(s, '--scales')),
  engines: values.sqlite ? ['postgresql', 'sqlite'] : ['postgresql'],
  only: values.only.split(',').filter(Boolean),
  duration: number('duration'),
  rounds: Math.round(number('rounds')),
  warmup: number('warmup'),
  maxRequest: number('max-request'),
  maxRun: number('max-run'),
  connections: Math.round(number('connections')),
  loadSeconds: number('load-seconds'),
  seed: Math.round(number('seed')),
};
const out = values.out === '-' ? null : values.out;
const LARGE_HEAP_MIB = 16_384;
if (
  Math.max(...settings.scales) > 10 &&
  getHeapStatistics().heap_size_limit < LARGE_HEAP_MIB * 2 ** 20 * 0.9
) {
  const args = [
    `--max-old-space-size=${LARGE_HEAP_MIB}`,
    ...process.execArgv,
    ...process.argv.slice(1),
  ];
  process.exit(spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1);
}
const startedAt = new Date();
// Each line with the minutes and seconds since the start: where a run's time goes.
const clock = () => new Date(Date.now() - startedAt).toISOString().slice(14, 19);
const log = (message) =>
  process.stdout.write(`${message.replace(/^\n*/, (lead) => `${lead}${clock()} `)}\n`);
log(`> ${JSON.stringify(settings)}`);

let interrupted = false;
process.on('SIGINT', () => {
  // Each configuration stops its processes in a finally block; a second ^C exits at once.
  if (interrupted) process.exit(130);
  interrupted = true;
  log('! interrupted: stopping after the current configuration');
});

// Tokens: a fresh RSA pair; its public half is CLERK_JWT_KEY, as in production.
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const configurations = [];
for (const engine of settings.engines) {
  for (const scale of settings.scales) {
    if (interrupted) break;
    const config = { key: `${engine}-s${scale}`, engine, scale };
    config.primary = configurations.length === 0;
    try {
      configurations.push(await runConfiguration({ config, settings, keys, log }));
    } catch (error) {
      log(`! [${config.key}] failed: ${error.stack ?? error}`);
      configurations.push({ ...config, failed: String(error.message ?? error) });
    }
  }
}

const finishedAt = new Date();
const report = {
  generatedAt: finishedAt.toISOString(),
  durationSeconds: Math.round((finishedAt - startedAt) / 1000),
  command: process.env.BENCH_COMMAND ?? 'node bench/run.mjs',
  settings,
  machine: {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    os: `${process.platform} ${release()}`,
    loadAverage: loadavg().map((v) => round(v, 2)),
  },
  configurations,
};
const md = writeReport(report, out);
log(`\n${durationLine(report)}\n\n${md.split('\n').slice(1).join('\n')}`);
if (out) log(`> wrote ${join(out, 'benchmarks.md')} and ${join(out, 'benchmarks.json')}`);
process.exit(configurations.some((c) => c.failed) ? 1 : 0);
