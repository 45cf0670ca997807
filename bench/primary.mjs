// What only the first configuration (the embedded default at scale 1) runs: throughput with
// several connections against the app, the floor and the ceiling; the middleware overheads; the
// paper files; the memory soak.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { measureFiles } from './files.mjs';
import { median, sleep } from './lib.mjs';
import { fire, measuredRun, sidesOf } from './load.mjs';
import { buildSoakExtras } from './scenarios.mjs';

/**
 * Connections and seconds of a throughput run: for a scenario whose single request is slow, 2
 * connections and long enough for about 8 requests even if the engine serves one at a time.
 */
function shapeFor(capture, scenario, target, settings, seconds) {
  const single = capture[scenario.name]?.singleMs?.[scenario.app] ?? 0;
  if (target === 'ceiling' || single <= 50) return { connections: settings.connections, seconds };
  return {
    connections: Math.min(2, settings.connections),
    seconds: Math.min(settings.maxRun, Math.max(seconds, (8 * single) / 1000)),
  };
}

function medianOf(list) {
  const pickMedian = (field) => median(list.map((r) => r[field]));
  return {
    rps: pickMedian('rps'),
    p50: pickMedian('p50'),
    p99: pickMedian('p99'),
    mean: pickMedian('mean'),
    requests: pickMedian('requests'),
    cpuPerRequestMs: pickMedian('cpuPerRequestMs'),
    dbCpuPerRequestMs: pickMedian('dbCpuPerRequestMs'),
    non2xx: list.reduce((n, r) => n + r.non2xx, 0),
    errors: list.reduce((n, r) => n + r.errors, 0),
    seconds: list[0]?.seconds,
    connections: list[0]?.connections,
  };
}

/** Throughput runs of the groups (scenario and targets), repeats interleaved, medians kept. */
async function throughputRuns({ pool, groups, capture, settings, dbPids, log }) {
  const runs = Object.fromEntries(
    groups.map((g) => [g.scenario.name, Object.fromEntries(g.targets.map((t) => [t, []]))]),
  );
  for (let repeat = 0; repeat < settings.repeats; repeat += 1) {
    for (const { scenario, targets, seconds } of groups) {
      // Rotate the order each repeat so a drift in machine load does not favour one target.
      const order = targets.map((_, i) => targets[(i + repeat) % targets.length]);
      for (const target of order) {
        const server = pool.get(target);
        const shape = shapeFor(
          capture,
          scenario,
          target,
          settings,
          seconds ?? settings.loadDuration,
        );
        const { connections } = shape;
        if (repeat === 0 && settings.warmup > 0) {
          await fire(server, scenario, target, { connections, seconds: settings.warmup });
          await server.request({ type: 'idle' });
        }
        const result = await measuredRun(server, scenario, target, shape, dbPids);
        runs[scenario.name][target].push(result);
        const flag =
          result.non2xx || result.errors
            ? `  (! ${result.non2xx} non-2xx, ${result.errors} errors)`
            : '';
        log(
          `  ${scenario.name.padEnd(30)} ${target.padEnd(16)} ${connections} conn ${result.rps.toFixed(1).padStart(7)} req/s  p50 ${result.p50?.toFixed(1) ?? '–'} ms  cpu ${result.cpuPerRequestMs?.toFixed(2) ?? '–'} ms/req${flag}`,
        );
      }
    }
  }
  const medians = {};
  for (const [name, byTarget] of Object.entries(runs)) {
    medians[name] = Object.fromEntries(
      Object.entries(byTarget).map(([target, list]) => [target, medianOf(list)]),
    );
  }
  return { runs, medians };
}

/** Mixed traffic on both apps; RSS and heap before and after (the existing soak). */
async function soak({ pool, active, pick, auth, settings, log }) {
  const extra = buildSoakExtras({ pick, auth });
  const mixFor = (app) => [...active, ...extra].filter((s) => s.app === app);
  const targets = ['rest', 'gateway'].map((name) => [name, mixFor(name)]);
  const slow = (s) => (s.heavy ? 1 : 3);
  const load = (seconds) =>
    Promise.all(
      targets.map(async ([name, list]) => {
        const results = await Promise.all(
          list.map((s) =>
            fire(pool.get(name), s, name, { connections: slow(s), seconds }).then((r) => r.result),
          ),
        );
        return {
          requests: results.reduce((n, r) => n + r.requests.total, 0),
          rps: results.reduce((n, r) => n + r.requests.average, 0),
          non2xx: results.reduce((n, r) => n + r.non2xx, 0),
          errors: results.reduce((n, r) => n + r.errors, 0),
          perScenario: Object.fromEntries(list.map((s, i) => [s.name, results[i].requests.total])),
        };
      }),
    );
  const snapshot = async (gc) =>
    Object.fromEntries(
      await Promise.all(
        targets.map(async ([name]) => [name, await pool.get(name).request({ type: 'memory', gc })]),
      ),
    );
  log(`> memory soak: ${settings.soak} s of mixed traffic on rest and gateway`);
  // A settle period with the same traffic, so "before" is a process already warm under this mix.
  await load(Math.min(15, settings.soak));
  const before = await snapshot(false);
  const beforeGc = await snapshot(true);
  const samples = [];
  const started = Date.now();
  let soaking = true;
  const sampler = (async () => {
    while (soaking) {
      await sleep(5_000);
      if (!soaking) break;
      samples.push({ t: Math.round((Date.now() - started) / 1000), ...(await snapshot(false)) });
    }
  })();
  const results = await load(settings.soak);
  soaking = false;
  await sampler;
  const after = await snapshot(false);
  const afterGc = await snapshot(true);
  const memory = {};
  targets.forEach(([name], i) => {
    memory[name] = {
      before: before[name],
      after: after[name],
      beforeAfterGc: beforeGc[name],
      afterAfterGc: afterGc[name],
      rssGrowth: (after[name].rss - before[name].rss) / before[name].rss,
      heapGrowthAfterGc:
        (afterGc[name].heapUsed - beforeGc[name].heapUsed) / beforeGc[name].heapUsed,
      samples: samples.map((s) => ({ t: s.t, rss: s[name].rss, heapUsed: s[name].heapUsed })),
      load: results[i],
    };
    log(
      `  ${name}: RSS ${(before[name].rss / 2 ** 20).toFixed(1)} -> ${(after[name].rss / 2 ** 20).toFixed(1)} MiB (${(memory[name].rssGrowth * 100).toFixed(1)}%), ${results[i].requests} requests`,
    );
  });
  return memory;
}

/** The extras of the first configuration; see the file comment. */
export async function runPrimaryExtras(context) {
  const { pool, active, capture, constants, overhead, settings, log } = context;
  const constantsFile = join(dirname(pool.get('rest').logFile), 'constants.json');
  writeFileSync(constantsFile, JSON.stringify(constants));
  await pool.start('ceiling', 'ceiling', { BENCH_CONSTANTS: constantsFile });

  log(`> throughput runs (${settings.connections} connections, ${settings.loadDuration} s)`);
  // The full question lists read the whole collection: their one-connection figures say it all.
  const groups = active
    .filter((scenario) => !scenario.heavy)
    .map((scenario) => ({
      scenario,
      targets: [...sidesOf(scenario, capture), 'ceiling'],
    }));
  if (overhead) {
    groups.push({
      scenario: overhead,
      seconds: Math.max(3, settings.loadDuration),
      targets: ['rest', 'rest-no-limiter', 'rest-no-logger', 'rest-no-auth', 'rest-bare', 'floor'],
    });
  }
  const throughput = await throughputRuns({ ...context, groups });

  let files = null;
  if (context.files) {
    log('> paper files');
    files = await measureFiles({ ...context, rest: pool.get('rest') });
    if (files.skipped) log(`  ! files: not measured (${files.skipped})`);
  }
  const memory = settings.soak > 0 ? await soak(context) : null;
  return { throughput, files, memory };
}
