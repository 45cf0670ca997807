// Turns the raw results into docs/benchmarks.md (side-by-side table, targets, cost, throughput,
// overheads, round trips, files, memory) and docs/benchmarks.json. The hand-written analysis of
// the committed run lives in bench/analysis.md and is included as is.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { root } from './lib.mjs';
import { configLabel, mdTable, targetConfiguration } from './report-format.mjs';
import {
  configurationList,
  costTable,
  memoryTable,
  overheadTable,
  roundTripTable,
  sideBySideTable,
  throughputTable,
} from './report-tables.mjs';
import { evaluateTargets } from './report-targets.mjs';

/** How the CPU-judged configuration was measured by runs that did not record it (up to 2026-11-26). */
const CPU_FIGURE_BEFORE_RECORDED = {
  durationFactor: 2,
  requests: 24,
  warmupRequests: 4,
  idleSeconds: 2,
};

const targetTable = (rows) =>
  mdTable(
    ['target', 'measured', 'status', 'why (failures) / note'],
    rows.map((t) => [t.target, t.measured, `**${t.status}**`, t.why ?? '']),
    ['l', 'l', 'l', 'l'],
  );

/** What the driver's 100 ms pool check costs an idle process here, measured when the run recorded it. */
function timerCostText(cost) {
  if (!cost) return 'about 2 ms/s here';
  return `a bare Node process with only such a timer spent ${cost.withTimerMsPerSecond} ms/s of CPU at the start of this run, ${cost.idleMsPerSecond} ms/s with none`;
}

/** How a run's CPU per request leaves out the CPU an idle process spends anyway. */
function idleCpuText(settings, figure, timerCost) {
  const timers = `such as the driver's pool check every 100 ms, ${timerCostText(timerCost)}`;
  const judged = `On the configuration whose CPU the targets judge, a fast scenario runs ${figure.durationFactor}× as long, and a slow one serves ${figure.requests} requests${figure.requestSeconds ? ` (or as many as fit in ${figure.requestSeconds} s, where that is more)` : ''} after ${figure.warmupRequests} unmeasured ones (so V8 compiles the route's code before)`;
  if (settings.idleCpuFrom === 'twin')
    return `the process's CPU over a run less what its idle twin spent over the same seconds: the process of the same kind that counts round trips (below), started alike and serving nothing while the other is measured, so it wakes for the same timers (${timers}) under the same load of the machine; a slow request waits seconds while FerretDB and PostgreSQL hold both cores, and an idle rate read in a quiet window before the run was off by up to a millisecond per second of that wait (the ceiling (a), which has no twin, less its idle rate over 2 s). ${judged}.`;
  return `the process's CPU over a run less its idle CPU over the same seconds (measured over 2 s before the run for a scenario of slow requests, once per process otherwise: timers ${timers}). ${judged}, its idle rate measured over ${figure.idleSeconds} s before each round (idle CPU comes in bursts).`;
}

/** Where a run made steady-state passes: the configurations that had one. */
function steadyWhere(results, pass) {
  const keys = results.configurations.filter((c) => c.steady).map((c) => c.key);
  if (keys.length < 2)
    return `${pass.requests} requests over ${pass.scenarios} scenarios in ${Math.round(pass.seconds)} s`;
  return `on ${keys.join(' and ')}, so that growth compares like with like; ${pass.requests} requests over ${pass.scenarios} scenarios in ${Math.round(pass.seconds)} s on the first`;
}

/** The steady-state passes of the run (the CPU-judged configuration's figures), where it made them. */
function steadyText(results, figure) {
  const pass = results.configurations.find((c) => c.primary)?.steady;
  if (!figure.steady || !pass) return '';
  const { requests, connections, maxSeconds, settleSeconds } = figure.steady;
  return ` Before those runs, each side of every fast scenario served ${requests} requests on ${connections} connections (fewer where that took over ${maxSeconds} s per side), unmeasured, so both are measured in the steady state of a running server (${steadyWhere(results, pass)}): V8 keeps optimising a route's code over its first few thousand requests, the app's larger code for longer than (b)'s. Then ${settleSeconds} s of quiet, in which V8's memory reducer shrinks the heaps the pass grew (a few full collections, about 0.1 s of CPU in the app), and the slow scenarios run first, before fast runs grow the heaps again: each of their requests waits seconds, and those collections would otherwise fall on whichever slow run came next.`;
}

function setupLines(results) {
  const s = results.settings;
  const figure = s.cpuFigure ?? CPU_FIGURE_BEFORE_RECORDED;
  return [
    `- Machine: ${results.machine.cpu}, ${results.machine.cores} cores; memory ${results.machine.memoryGiB} GiB; ${results.machine.os}; Node ${results.machine.node}. Shared with other work while this ran (load average at the end: ${results.machine.loadAverageAtEnd.join(', ')}): compare figures within this run.`,
    ...configurationList(results),
    `- Latency runs (every configuration): one connection in closed loop (autocannon), ${s.duration} s after a warm-up of ${s.warmup} s or about ${s.warmupRequests ?? 0} requests, whichever is longer, at most ${s.warmupMax ?? s.warmup} s (CPU per request keeps falling over a route's first thousand requests or so while V8 compiles its code, on threads whose CPU counts), every response time kept (exact percentiles); a scenario whose single request takes long runs 3 to 8 requests within ${s.maxRun} s instead, and one slower than ${s.maxRequest} s is represented by that request alone (except where the CPU target judges, below). The app (production build, \`NODE_ENV=production\`, \`LOG_LEVEL=info\` to a file, tokens verified offline with \`CLERK_JWT_KEY\`, the rate limiter counting every request) and baseline (b) run the same requests, each warmed up first, then taking turns in ${s.rounds ?? 1} rounds of ${s.rounds ? +(s.duration / s.rounds).toFixed(2) : s.duration} s each (app, (b), app, (b), ...; each side's figures sum its rounds), so a drift of the shared machine's speed falls on both.`,
    `- CPU per request: ${idleCpuText(s, figure, results.machine.timerCost)}${steadyText(results, figure)}`,
    `- First configuration only: throughput with ${s.connections} connections × ${s.loadDuration} s (2 connections, and up to ${s.maxRun} s, for a scenario whose single request takes over 50 ms; none for the full question lists) against the app, (b) and (a), ${s.repeats} run(s) per target; the middleware overheads; the paper files; a ${s.soak} s memory soak.`,
    `- SQLite above its smallest scale runs the scenarios of the targets only (\`BENCH_SQLITE_ALL=1\` runs all). At a larger scale, a scenario whose single request took over ${s.maxRequest} s at the smaller scale of the same engine is left out (it would take about 5 times as long).`,
    '- Round trips are the database commands the driver sends for one request (command monitoring, in twin processes that are not measured), as `apps/graphql-gateway/test/round-trips.test.ts` counts them.',
  ];
}

export function renderMarkdown(results) {
  const targets = evaluateTargets(results);
  const base = targetConfiguration(results);
  const side = sideBySideTable(results);
  const analysisPath = join(root, 'bench', 'analysis.md');
  const analysis = existsSync(analysisPath) ? readFileSync(analysisPath, 'utf8').trim() : null;
  const parts = [
    '# Benchmarks',
    '',
    `Generated by \`${results.command}\` on ${results.generatedAt} (${Math.round(results.durationSeconds / 60)} min). Raw figures: [benchmarks.json](benchmarks.json). Do not edit the tables by hand: run the command again.`,
    '',
    '## Setup',
    '',
    ...setupLines(results),
    '',
    '## The engines side by side',
    '',
    'p50 in ms of the app with one connection; `→` columns: how much the p50 grew from the smaller to the larger catalog on that engine.',
    '',
    side.table,
    '',
    ...side.notes.map((n) => `${n}  `),
    '',
    '## Targets',
    '',
    `Judged on ${base ? configLabel(base) : '–'}${base?.engine === 'postgresql' && base.scale === 1 ? ' (the embedded default at scale 1)' : ' (the issues name PostgreSQL at scale 1: not in this run)'}, growth against ${targets.larger ? configLabel(results.configurations.find((c) => c.key === targets.larger)) : '–'}. Issues 12, 14 and 15:`,
    '',
    targetTable(targets.issue),
    '',
    `Node CPU per request of the app against baseline (b) (same requests, one connection, ${base ? configLabel(base) : '–'}${targets.cpu.some((row) => row.roundsShown) ? `; "rounds": the lowest and highest ratio of one round's app figure to the same round's (b) figure, which shows how much of a ratio is noise` : ''}):`,
    '',
    targetTable(targets.cpu),
  ];
  if (targets.earlier.length) {
    parts.push('', 'Earlier targets (first release):', '', targetTable(targets.earlier));
  }
  if (base) {
    parts.push(
      '',
      `## Cost per request (${configLabel(base)})`,
      '',
      costTable(base),
      '',
      '(b) = bare Express 5 running the same database commands as the service with `lean()`, no middleware, no validation, no mapping (`bench/floor.mjs`); for search it ranks what it reads with the ranking of the domain (`search/rank.ts`), so both answer the same hits. CPU ms/req = CPU time the process used during the run divided by the requests it received (`process.cpuUsage()`); DB CPU = FerretDB plus PostgreSQL and all its backends (`/proc`). Service time = Node CPU + DB CPU.',
    );
  }
  const primary = results.configurations.find((c) => c.primary && !c.failed);
  if (primary?.throughput) {
    parts.push(
      '',
      `## Throughput (${configLabel(primary)})`,
      '',
      throughputTable(primary),
      '',
      '(a) = bare Express 5 answering the captured real response as a constant (no database); (b) as above.',
    );
    const overhead = overheadTable(primary);
    if (overhead)
      parts.push(
        '',
        '### Middleware overheads',
        '',
        "`GET /api/v1/universities?search=...` with a valid bearer token, the same production build with each middleware switched off in turn (`createHttpApp`'s `disable`).",
        '',
        overhead,
      );
  }
  const rt = roundTripTable(results);
  if (rt) parts.push('', '## Database round trips and tree size', '', rt);
  const mem = primary && memoryTable(primary);
  if (mem)
    parts.push(
      '',
      '## Memory',
      '',
      `Both apps after a ${Math.min(15, results.settings.soak)} s settle, then ${results.settings.soak} s of mixed traffic (every scenario, plus an authenticated REST read and a cheap GraphQL read).`,
      '',
      mem,
    );
  parts.push(
    '',
    '## Reproduce',
    '',
    '```sh',
    'npm run bench                         # full run (about an hour): writes this file and benchmarks.json',
    'BENCH_SCALES=0.05 BENCH_ENGINES=postgresql BENCH_SOAK=5 BENCH_OUT=- npm run bench   # quick check',
    'BENCH_ONLY=rest.papers,graphql.tree BENCH_OUT=- npm run bench                       # some scenarios',
    'MONGODB_URI=mongodb://127.0.0.1:27017 npm run bench                                # against a MongoDB',
    'node bench/generate.mjs               # the catalog alone (BENCH_ENGINE, BENCH_SCALE)',
    'node bench/engine-probe.mjs           # which filter shapes the engine answers from an index',
    'node bench/auth-cost.mjs              # what resolving the caller behind a token costs',
    '```',
    '',
    'Settings: `BENCH_ENGINES`, `BENCH_SCALES` (or `BENCH_SCALE`), `BENCH_DURATION`, `BENCH_ROUNDS`, `BENCH_MAX_RUN`, `BENCH_MAX_REQUEST`, `BENCH_WARMUP`, `BENCH_LOAD_DURATION`, `BENCH_CONNECTIONS`, `BENCH_REPEATS`, `BENCH_SOAK`, `BENCH_SQLITE_ALL`, `BENCH_SEED`, `BENCH_ONLY`, `BENCH_OUT`, `BENCH_CPU_PROF`, `BENCH_KEEP` (see `bench/settings.mjs`).',
  );
  if (analysis) parts.push('', analysis);
  return { markdown: `${parts.join('\n')}\n`, targets };
}

/** The repository's Prettier style (so `npm run format:check` passes on the written files). */
async function prettified(text, parser) {
  try {
    const prettier = await import('prettier');
    const options =
      (await prettier.resolveConfig(
        join(root, 'docs', `benchmarks.${parser === 'json' ? 'json' : 'md'}`),
      )) ?? {};
    return await prettier.format(text, { ...options, parser });
  } catch {
    return text;
  }
}

/** Writes the report files (when `outDir` is set) and returns a summary for stdout. */
export async function writeReport(results, outDir) {
  const { markdown, targets } = renderMarkdown(results);
  if (outDir) {
    mkdirSync(outDir, { recursive: true });
    const json = `${JSON.stringify({ ...results, targets }, null, 2)}\n`;
    writeFileSync(join(outDir, 'benchmarks.json'), await prettified(json, 'json'));
    writeFileSync(join(outDir, 'benchmarks.md'), await prettified(markdown, 'markdown'));
  }
  const side = sideBySideTable(results);
  const lines = [side.table, ...side.notes, ''];
  for (const t of [...targets.issue, ...targets.cpu, ...targets.earlier])
    lines.push(`${t.status.padEnd(12)} ${t.target}: ${t.measured}${t.why ? ` (${t.why})` : ''}`);
  return { table: lines.join('\n') };
}

// Re-renders docs/benchmarks.md from a results file (after editing bench/analysis.md):
//   node bench/report.mjs docs/benchmarks.json
if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? join(root, 'docs', 'benchmarks.json');
  const results = JSON.parse(readFileSync(file, 'utf8'));
  delete results.targets;
  await writeReport(results, dirname(file));
  console.log(`re-rendered ${join(dirname(file), 'benchmarks.md')}`);
}
