// The benchmark: for each configuration (an embedded FerretDB backend at a catalog scale, see
// settings.mjs), a fresh database and catalog, the built apps and the floor as child processes,
// one-connection latency runs of every scenario (configuration.mjs); the first configuration also
// measures throughput, middleware overheads, paper files and memory (primary.mjs). Then the
// report: docs/benchmarks.md (side by side, targets) and docs/benchmarks.json (raw figures).
// `npm run bench` builds first (scripts/bench.mjs) and then runs this file.
import { generateKeyPairSync } from 'node:crypto';
import { cpus, freemem, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { runConfiguration } from './configuration.mjs';
import { round } from './lib.mjs';
import { CPU_FIGURE } from './load.mjs';
import { writeReport } from './report.mjs';
import { measureTimerCost } from './timer-cost.mjs';
import { configurations, readSettings } from './settings.mjs';

const log = (message) => process.stdout.write(`${message}\n`);
const settings = readSettings();
const startedAt = new Date();
const plan = configurations(settings);
log(`> settings: ${JSON.stringify({ ...settings, out: undefined })}`);
log(`> configurations: ${plan.map((c) => c.key).join(', ')}`);

// Keys and tokens: a fresh RSA pair; the public half is CLERK_JWT_KEY, as in production.
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

let interrupted = false;
process.on('SIGINT', () => {
  // Each configuration stops its processes in a finally block; a second ^C exits at once.
  if (interrupted) process.exit(130);
  interrupted = true;
  log('! interrupted: stopping after the current step');
});

// Before any configuration starts, while the machine holds none of the bench's processes.
const timerCost = await measureTimerCost();
log(
  `> a bare Node process: ${timerCost.withTimerMsPerSecond} ms/s of CPU with a 100 ms timer, ${timerCost.idleMsPerSecond} without`,
);

const results = [];
for (const config of plan) {
  if (interrupted) break;
  try {
    const previous = results
      .filter((r) => r.engine === config.engine && r.scale < config.scale && !r.failed)
      .at(-1);
    results.push(await runConfiguration({ config, settings, keys, log, previous }));
  } catch (error) {
    log(`! [${config.key}] failed: ${error.stack ?? error}`);
    results.push({ ...config, failed: String(error.message ?? error) });
  }
}

const finishedAt = new Date();
const cpu = cpus();
const report = {
  generatedAt: finishedAt.toISOString(),
  durationSeconds: Math.round((finishedAt - startedAt) / 1000),
  command: process.env.BENCH_COMMAND ?? 'npm run bench',
  settings: {
    ...settings,
    out: undefined,
    cpuProf: settings.cpuProf ? true : undefined,
    cpuFigure: CPU_FIGURE,
    idleCpuFrom: 'twin',
  },
  machine: {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    freeMemoryGiBAtEnd: round(freemem() / 2 ** 30, 1),
    node: process.version,
    os: `${process.platform} ${release()}`,
    loadAverageAtEnd: loadavg().map((v) => round(v, 2)),
    timerCost,
  },
  configurations: results,
};
const out = settings.out === '-' ? null : settings.out;
const { table } = await writeReport(report, out);
log('');
log(table);
if (out) log(`\n> wrote ${join(out, 'benchmarks.md')} and ${join(out, 'benchmarks.json')}`);
process.exit(results.some((r) => r.failed) ? 1 : 0);
