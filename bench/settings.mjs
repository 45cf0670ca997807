// The benchmark's settings, from the environment (see docs/benchmarks.md, "Reproduce"):
//   BENCH_ENGINES=postgresql,sqlite  embedded FerretDB backends, side by side (ignored with MONGODB_URI)
//   BENCH_SCALES=1,5                 catalog sizes (BENCH_SCALE=x: that one scale only)
//   BENCH_DURATION=3       seconds of each one-connection latency run (the p50s of the targets)
//   BENCH_ROUNDS=3         app and floor take turns in this many rounds of that run (BENCH_DURATION in all)
//   BENCH_MAX_RUN=12       at most this many seconds for a run whose requests take long
//   BENCH_MAX_REQUEST=8    a scenario whose single request takes longer is measured by it alone
//   BENCH_WARMUP=1         seconds of warm-up before each run of a fast scenario, at least
//   BENCH_WARMUP_REQUESTS=1500 ... or about this many requests' worth   BENCH_WARMUP_MAX=8  seconds at most
//   BENCH_LOAD_DURATION=2  seconds of each throughput run (first configuration only)
//   BENCH_CONNECTIONS=10   connections of the throughput runs   BENCH_REPEATS=1  throughput runs per target
//   BENCH_SOAK=30          seconds of the memory soak (first configuration only)
//   BENCH_SQLITE_ALL=1     run every scenario on SQLite at its larger scales too (default: the
//                          scenarios of the targets only; the full question lists take tens of
//                          seconds per request there)
//   BENCH_SEED=42   BENCH_ONLY=a,b (scenario name prefixes; name$ is that name only)   BENCH_OUT=docs ("-" = nowhere)
//   BENCH_CPU_PROF=dir     V8 CPU profiles of the app processes (node --cpu-prof)
//   MONGODB_URI            run against that server (database qpc_bench, dropped first)
import { join, resolve } from 'node:path';
import { EMBEDDED_ENGINES } from './database.mjs';
import { root } from './lib.mjs';

const number = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
};

const list = (name, fallback) =>
  (process.env[name] ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function scales() {
  if (process.env.BENCH_SCALE) return [number('BENCH_SCALE', 1)];
  return list('BENCH_SCALES', '1,5').map((s) => {
    const value = Number(s);
    if (!Number.isFinite(value) || value <= 0)
      throw new Error(`BENCH_SCALES must list positive numbers, got "${s}"`);
    return value;
  });
}

function engines() {
  if (process.env.MONGODB_URI) return ['external'];
  const wanted = list('BENCH_ENGINES', EMBEDDED_ENGINES.join(','));
  for (const engine of wanted) {
    if (!EMBEDDED_ENGINES.includes(engine))
      throw new Error(`BENCH_ENGINES: unknown engine "${engine}" (${EMBEDDED_ENGINES.join(', ')})`);
  }
  return wanted;
}

/** Reads the settings; throws on a malformed value. */
export function readSettings() {
  return {
    engines: engines(),
    scales: scales(),
    duration: number('BENCH_DURATION', 3),
    maxRun: number('BENCH_MAX_RUN', 12),
    maxRequest: number('BENCH_MAX_REQUEST', 8),
    warmup: number('BENCH_WARMUP', 1),
    warmupRequests: number('BENCH_WARMUP_REQUESTS', 1500),
    warmupMax: number('BENCH_WARMUP_MAX', 8),
    rounds: Math.max(1, Math.round(number('BENCH_ROUNDS', 3))),
    loadDuration: number('BENCH_LOAD_DURATION', 2),
    connections: Math.max(1, Math.round(number('BENCH_CONNECTIONS', 10))),
    repeats: Math.max(1, Math.round(number('BENCH_REPEATS', 1))),
    soak: number('BENCH_SOAK', 30),
    sqliteAll: process.env.BENCH_SQLITE_ALL === '1',
    seed: Math.round(number('BENCH_SEED', 42)),
    only: list('BENCH_ONLY', ''),
    out: process.env.BENCH_OUT ?? join(root, 'docs'),
    cpuProf: process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : null,
  };
}

/**
 * The configurations of one run, in order: every scale of every engine. The first one (the
 * embedded default at the smallest scale) also gets the throughput runs, the middleware
 * overheads, the paper files and the memory soak. Every scale of the first engine (those the
 * targets judge: CPU on the first, growth between them) is measured after a steady-state pass.
 * SQLite above the smallest scale runs the targets' scenarios only unless BENCH_SQLITE_ALL=1.
 */
export function configurations(settings) {
  const out = [];
  const smallest = Math.min(...settings.scales);
  for (const engine of settings.engines) {
    for (const scale of settings.scales) {
      out.push({
        key: `${engine}-s${scale}`,
        engine,
        scale,
        primary: out.length === 0,
        steadyState: engine === settings.engines[0],
        coreOnly: engine === 'sqlite' && scale > smallest && !settings.sqliteAll,
      });
    }
  }
  return out;
}
