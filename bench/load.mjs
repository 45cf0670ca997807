// Load generation and what a run measures: autocannon in closed loop against one server, every
// response time kept (exact percentiles, sub-millisecond: autocannon's own histogram rounds to
// whole milliseconds), the CPU the server process spent per request, and the CPU of the
// database processes (FerretDB, and PostgreSQL's server with all its backends) per request.
// `latencyRuns` runs a configuration's one-connection measurements of every scenario.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { targetPath } from './scenarios.mjs';

/** Runs serving fewer requests report no CPU per request. */
export const MIN_SERVED_FOR_CPU = 8;
/**
 * How the configuration whose CPU the targets judge is measured (a run records it with its
 * figures, so its report describes it whatever these become):
 * - `requests`: what a slow scenario serves per side at least, or as many as its single request
 *   fits in `requestSeconds`, whichever is more; each carries seconds of idle CPU, whose
 *   variation only many requests average out;
 * - `warmupRequests`: what it serves first, unmeasured, so V8 compiles its code before;
 * - `durationFactor`: how many times BENCH_DURATION a fast scenario runs; a run of a few hundred
 *   requests holds a varying number of full garbage collections, which more requests average out;
 * - `steady`: the unmeasured pass every fast scenario gets first (`steadyStatePass`, bench/steady.mjs).
 */
export const CPU_FIGURE = Object.freeze({
  requests: 24,
  requestSeconds: 60,
  warmupRequests: 4,
  durationFactor: 2,
  steady: Object.freeze({
    requests: 2000,
    connections: 4,
    maxSeconds: 20,
    batch: 200,
    settleSeconds: 20,
  }),
});
/** How long the idle rate of a server without an idle twin (`idleTwin`) is measured. */
export const IDLE_SECONDS = 2;

/** Nearest-rank percentile of ascending values (null when empty). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Latency figures of a list of response times in ms. */
export function latencyStats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.length ? sorted.reduce((s, v) => s + v, 0) / sorted.length : null;
  return {
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    mean,
  };
}

/**
 * Sends a scenario's requests to one server: `connections` connections for `seconds`, or
 * `amount` requests in all. Resolves with autocannon's result plus every 2xx response time.
 */
export async function fire(server, scenario, target, { connections, seconds, amount }) {
  const listFor = (clientIndex) =>
    scenario.requests(clientIndex).map((r) => ({ ...r, path: targetPath(scenario, r, target) }));
  let nextClient = 0;
  const times = [];
  const instance = autocannon({
    url: server.url,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    timeout: 120,
    requests: listFor(0),
    setupClient: (client) => {
      client.setRequests(listFor(nextClient));
      nextClient += 1;
    },
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  return { result, times };
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function statOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/**
 * CPU time (µs) of the database: each root process and all its descendants (PostgreSQL serves
 * every connection from a child of its postmaster). Null when there is nothing to read (an
 * external server, or no /proc).
 */
export function databaseCpuMicros(rootPids) {
  const roots = rootPids.filter(Boolean);
  if (roots.length === 0) return null;
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const children = new Map();
  const ticks = new Map();
  for (const name of pids) {
    const stat = statOf(name);
    if (!stat) continue;
    ticks.set(Number(name), stat.ticks);
    if (!children.has(stat.ppid)) children.set(stat.ppid, []);
    children.get(stat.ppid).push(Number(name));
  }
  let total = 0;
  const stack = [...roots];
  const seen = new Set();
  while (stack.length) {
    const pid = stack.pop();
    if (seen.has(pid)) continue;
    seen.add(pid);
    total += ticks.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return (total / clockTicks) * 1e6;
}

/**
 * CPU (µs per second) a server spends with no request at all, over `seconds` (timers: the
 * driver's pool check every 100 ms and its heartbeats; GC of earlier work). Measured once per
 * server, for a server that has no idle twin.
 */
async function idleCpuRate(server, seconds) {
  await server.request({ type: 'idle' });
  const before = await server.request({ type: 'cpu' });
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const after = await server.request({ type: 'cpu' });
  return (after.cpuMicros - before.cpuMicros) / ((performance.now() - started) / 1000);
}

/**
 * The load of one run and what it cost: the raw figures `summariseRuns` turns into a result.
 * The CPU that was not the run's is what the server's idle twin spent over the same seconds
 * (`idleTwin`: a process of the same kind, started alike, serving nothing then). The twin wakes
 * for the same timers under the same load of the machine: a slow request waits seconds while
 * FerretDB and PostgreSQL hold both cores, and an idle rate read in a quiet window before the
 * run was off by up to a millisecond for each second of that wait, more than the request's own
 * CPU (in the run of 2026-11-27, (b)'s unfiltered page read 0.8 to 5.7 ms from one round to the
 * next). A server without a twin (the ceiling) has its idle rate measured once instead.
 */
async function rawRun(server, scenario, target, shape, dbPids) {
  const twin = server.idleTwin?.();
  const idleRate = twin ? null : await (server.idleCpuRate ??= idleCpuRate(server, IDLE_SECONDS));
  const twinBefore = twin ? await twin.request({ type: 'cpu' }) : null;
  const before = await server.request({ type: 'cpu' });
  const dbBefore = databaseCpuMicros(dbPids);
  const started = performance.now();
  const { result, times } = await fire(server, scenario, target, shape);
  await server.request({ type: 'idle' });
  const after = await server.request({ type: 'cpu' });
  const twinAfter = twin ? await twin.request({ type: 'cpu' }) : null;
  const wallSeconds = (performance.now() - started) / 1000;
  const dbAfter = databaseCpuMicros(dbPids);
  const idleMicros = twin ? twinAfter.cpuMicros - twinBefore.cpuMicros : idleRate * wallSeconds;
  return {
    shape,
    times,
    result,
    wallSeconds,
    served: after.requests - before.requests,
    idleMicros,
    busyMicros: Math.max(0, after.cpuMicros - before.cpuMicros - idleMicros),
    dbMicros: dbBefore !== null && dbAfter !== null ? dbAfter - dbBefore : null,
  };
}

/** One result of several runs of a server: every response time, CPU over every request served. */
function summariseRuns(runs) {
  const sum = (pick) => runs.reduce((total, run) => total + pick(run), 0);
  const served = sum((r) => r.served);
  const wallSeconds = sum((r) => r.wallSeconds);
  const requests = sum((r) => r.result.requests.total);
  const dbMicros = runs.every((r) => r.dbMicros !== null) ? sum((r) => r.dbMicros) : null;
  const [{ shape }] = runs;
  return {
    ...latencyStats(runs.flatMap((r) => r.times)),
    connections: shape.connections,
    seconds: shape.amount ? null : sum((r) => r.shape.seconds),
    amount: shape.amount ? sum((r) => r.shape.amount) : null,
    rounds: runs.length,
    rps: wallSeconds > 0 ? requests / wallSeconds : runs[0].result.requests.average,
    requests,
    bytesPerSecond: sum((r) => r.result.throughput.average * r.wallSeconds) / wallSeconds,
    non2xx: sum((r) => r.result.non2xx),
    errors: sum((r) => r.result.errors),
    timeouts: sum((r) => r.result.timeouts),
    served,
    // Fewer requests than that, each long: the idle CPU around them outweighs their own.
    cpuPerRequestMs: served >= MIN_SERVED_FOR_CPU ? sum((r) => r.busyMicros) / served / 1000 : null,
    // Each round's own figure: how far they spread shows how noisy the sum is.
    cpuPerRequestByRoundMs:
      served >= MIN_SERVED_FOR_CPU
        ? runs.map((r) => (r.served > 0 ? r.busyMicros / r.served / 1000 : null))
        : null,
    idleCpuMsPerSecond: sum((r) => r.idleMicros) / wallSeconds / 1000,
    // The idle CPU subtracted, per request: how much of the raw figure was not the request's.
    idleCpuPerRequestMs: served > 0 ? sum((r) => r.idleMicros) / served / 1000 : null,
    dbCpuPerRequestMs:
      served >= MIN_SERVED_FOR_CPU && dbMicros !== null ? dbMicros / served / 1000 : null,
  };
}

/**
 * One measured run: the load, then (once every request it started is answered) the CPU the
 * server (less its idle CPU over the run) and the database spent per request served.
 */
export async function measuredRun(server, scenario, target, shape, dbPids) {
  return summariseRuns([await rawRun(server, scenario, target, shape, dbPids)]);
}

/**
 * The same scenario on several servers (the app and its floor), measured in `rounds` rounds that
 * take turns (app, floor, app, floor, ...), each run a `rounds`-th of the shape's seconds (or of
 * its requests, rounded up, for a shape that counts requests); each
 * server's result sums its rounds. A drift of the machine's speed during the measurement (a
 * shared VM's neighbours, frequency) then falls on both sides alike instead of on whichever ran
 * second. Returns the results in the order of `sides`.
 */
export async function pairedRuns(sides, scenario, shape, dbPids, rounds) {
  const runs = sides.map(() => []);
  const share = shape.amount
    ? { ...shape, amount: Math.ceil(shape.amount / rounds) }
    : { ...shape, seconds: shape.seconds / rounds };
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, { server, target }] of sides.entries())
      runs[i].push(await rawRun(server, scenario, target, share, dbPids));
  }
  return runs.map(summariseRuns);
}

/**
 * How to measure a scenario with one connection, from the time its single request took: a run
 * of `duration` seconds when that gives a few samples at least, else a few requests within
 * `maxRun` seconds, and nothing more than the single request when it took over `maxRequest`.
 * With `cpuFigure` (the configuration whose CPU the targets judge, which must judge every
 * scenario), a slow scenario serves CPU_FIGURE.requests (more where they take under
 * CPU_FIGURE.requestSeconds) after CPU_FIGURE.warmupRequests however long they take,
 * `maxRequest` or not, and a fast one runs CPU_FIGURE.durationFactor times as long.
 * `warmup`: the unmeasured run before, as a run's shape (or null). For a timed run it lasts
 * `settings.warmup` seconds, longer for a slower scenario (about `warmupRequests`
 * requests, at most `warmupMax` seconds): V8 compiles a route's code while it serves its first
 * few hundred requests, on threads whose CPU time counts, so a short warm-up charges compilation
 * to the measured run, the app's larger code more than the floor's.
 */
export function latencyPlan(singleMs, settings, { cpuFigure = false } = {}) {
  if (!cpuFigure && singleMs > settings.maxRequest * 1000) return { only: 'single' };
  if ((settings.duration * 1000) / Math.max(singleMs, 0.1) >= 8) {
    const byRequests = (singleMs * settings.warmupRequests) / 1000;
    const warmup = Math.min(settings.warmupMax, Math.max(settings.warmup, byRequests));
    const seconds = settings.duration * (cpuFigure ? CPU_FIGURE.durationFactor : 1);
    return {
      connections: 1,
      seconds,
      warmup: warmup > 0 ? { connections: 1, seconds: warmup } : null,
    };
  }
  const amount = Math.max(3, Math.min(8, Math.floor((settings.maxRun * 1000) / singleMs)));
  return {
    connections: 1,
    amount: cpuFigure
      ? Math.max(
          amount,
          CPU_FIGURE.requests,
          Math.floor((CPU_FIGURE.requestSeconds * 1000) / singleMs),
        )
      : amount,
    warmup: cpuFigure ? { connections: 1, amount: CPU_FIGURE.warmupRequests } : null,
  };
}

function logRun(log, scenario, target, result) {
  const cpu =
    result.cpuPerRequestMs == null ? '' : `  cpu ${result.cpuPerRequestMs.toFixed(2)} ms/req`;
  const dbCpu =
    result.dbCpuPerRequestMs == null
      ? ''
      : `  db cpu ${result.dbCpuPerRequestMs.toFixed(1)} ms/req`;
  const flag =
    result.non2xx || result.errors ? `  (! ${result.non2xx} non-2xx, ${result.errors} errors)` : '';
  log(
    `  ${scenario.name.padEnd(30)} ${target.padEnd(8)} p50 ${result.p50?.toFixed(2) ?? '–'} ms  p99 ${result.p99?.toFixed(1) ?? '–'} ms  n=${result.samples}${result.single ? ' (one request: too slow for a run)' : ''}${cpu}${dbCpu}${flag}`,
  );
}

/**
 * The shape every side is measured with when all are measured alike and there are several: a
 * duration, or a number of requests (the largest of theirs). Null otherwise: each side then runs
 * on its own.
 */
function commonShape(plans) {
  const [first, ...rest] = plans.map(({ plan }) => plan);
  if (!first || rest.length === 0) return null;
  if (first.seconds && rest.every((plan) => plan.seconds)) return first;
  if (first.amount && rest.every((plan) => plan.amount))
    return { ...first, amount: Math.max(first.amount, ...rest.map((plan) => plan.amount)) };
  return null;
}

/** The sides a scenario is measured on: its app, and (b) unless (b) could not answer it. */
export function sidesOf(scenario, capture) {
  return [scenario.app, ...(capture[scenario.name].floorProblem ? [] : ['floor'])];
}

/**
 * The one-connection runs of every scenario, on its app and its floor. Each side is warmed up
 * first; then, where both are measured alike, the two take turns in `settings.rounds` rounds
 * (`pairedRuns`), so that they are compared under the same machine conditions. `cpuFigure`: see
 * `latencyPlan`; the slow scenarios then run first. The result lists the scenarios in the order
 * of `active` whatever the order they ran in.
 */
export async function latencyRuns({
  pool,
  active,
  capture,
  settings,
  dbPids,
  log,
  cpuFigure = false,
}) {
  const latency = Object.fromEntries(active.map((scenario) => [scenario.name, {}]));
  const planned = active.map((scenario) => {
    const plans = sidesOf(scenario, capture).map((target) => {
      const singleMs = capture[scenario.name].singleMs[target];
      const plan = latencyPlan(singleMs, settings, { cpuFigure });
      return { target, singleMs, server: pool.get(target), plan };
    });
    return { scenario, plans, slow: plans.some(({ plan }) => plan.amount) };
  });
  // Where CPU is judged, the slow scenarios run first, while the processes are settled after
  // `steadyStatePass`: each of their requests carries seconds of idle time, and a fast run
  // just before grows the heap, which V8's memory reducer then shrinks with full collections
  // once the process goes quiet, on the clock of whichever slow run comes next.
  if (cpuFigure) planned.sort((a, b) => Number(b.slow) - Number(a.slow));
  for (const { scenario, plans } of planned) {
    for (const { server, target, plan } of plans) {
      if (plan.warmup) {
        await fire(server, scenario, target, plan.warmup);
        await server.request({ type: 'idle' });
      }
    }
    const shape = commonShape(plans);
    const paired = shape ? await pairedRuns(plans, scenario, shape, dbPids, settings.rounds) : [];
    for (const entry of plans) {
      const { target, singleMs, server, plan } = entry;
      let result;
      if (plan.only === 'single') {
        result = { samples: 1, p50: singleMs, p90: singleMs, p99: singleMs, single: true };
      } else if (shape) {
        result = paired[plans.indexOf(entry)];
      } else {
        result = await measuredRun(server, scenario, target, plan, dbPids);
      }
      latency[scenario.name][target] = result;
      logRun(log, scenario, target, result);
    }
  }
  return latency;
}
