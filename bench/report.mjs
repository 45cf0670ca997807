// Turns the raw results into docs/benchmarks.md (tables, targets, meaning) and docs/benchmarks.json.
// The hand-written analysis of the committed run lives in bench/analysis.md and is included as is.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { root } from './lib.mjs';

const MiB = 2 ** 20;
const fmt = (v, digits = 0) =>
  v === null || v === undefined || !Number.isFinite(v) ? '–' : v.toFixed(digits);
const ms = (v) =>
  v === null || v === undefined || !Number.isFinite(v) ? '–' : v < 10 ? v.toFixed(2) : v.toFixed(1);
const pct = (v, digits = 1) =>
  v === null || v === undefined || !Number.isFinite(v) ? '–' : `${(v * 100).toFixed(digits)}%`;
const ratio = (a, b) => (a && b ? a / b : null);

function mdTable(headers, rows, align) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(headers),
    line(headers.map((_, i) => (align?.[i] === 'l' ? ':--' : '--:'))),
    ...rows.map(line),
  ].join('\n');
}

/** Service time of a request: CPU in the serving process plus CPU in the database process. */
export function serviceMs(m) {
  if (!m || m.cpuPerRequestMs === null || m.cpuPerRequestMs === undefined) return null;
  return m.cpuPerRequestMs + (m.dbCpuPerRequestMs ?? 0);
}

/** Both verdicts agree: that; they differ: "unclear" (the shared machine's noise decides). */
function verdict(measuredOk, cpuOk) {
  if (measuredOk === null && cpuOk === null) return 'not measured';
  if (measuredOk === null) return cpuOk ? 'met' : 'missed';
  if (cpuOk === null) return measuredOk ? 'met' : 'missed';
  if (measuredOk === cpuOk) return measuredOk ? 'met' : 'missed';
  return 'unclear';
}

/**
 * The figures each target is judged on, and its status. Each target is judged twice: on the
 * load figures the issue names (requests/s, latency), and on CPU time per request (app process
 * plus database process), which does not move with what else runs on the machine. Where the two
 * disagree the status is "unclear".
 */
export function evaluateTargets(results) {
  const { medians, roundTrips, memory } = results;
  const targets = [];
  const ok = (value, test) =>
    value === null || value === undefined || !Number.isFinite(value) ? null : test(value);

  const restScenarios = Object.keys(medians).filter((n) => n.startsWith('rest.'));
  for (const name of restScenarios) {
    const m = medians[name];
    const measured = ratio(m.rest?.rps, m.floor?.rps);
    const cpu = ratio(serviceMs(m.floor), serviceMs(m.rest));
    targets.push({
      id: `rps-vs-floor:${name}`,
      target: `${name}: requests/s at least 0.8 of baseline (b)`,
      measured: `${fmt(m.rest?.rps, 1)} vs ${fmt(m.floor?.rps, 1)} req/s = ${fmt(measured, 2)}`,
      cpu: `${ms(serviceMs(m.floor))} vs ${ms(serviceMs(m.rest))} ms/req = ${fmt(cpu, 2)}`,
      value: measured,
      cpuValue: cpu,
      status: verdict(
        ok(measured, (v) => v >= 0.8),
        ok(cpu, (v) => v >= 0.8),
      ),
      ...(m['rest-tuned']
        ? {
            after: `tuned app: ${fmt(m['rest-tuned'].rps, 1)} req/s (${fmt(ratio(m['rest-tuned'].rps, m.floor?.rps), 2)} of (b)), ${ms(serviceMs(m['rest-tuned']))} ms/req of CPU (${fmt(ratio(serviceMs(m.floor), serviceMs(m['rest-tuned'])), 2)})`,
          }
        : {}),
    });
  }

  const o = medians['overhead.universities'];
  if (o?.rest && o['rest-bare']) {
    const full = o.rest.meanLatency;
    const share = (variant) => (o[variant] ? (full - o[variant].meanLatency) / full : null);
    const fullService = serviceMs(o.rest);
    // Service time saved (app CPU + database CPU): auth's user lookup runs in the database.
    const cpuShare = (variant) =>
      o[variant] && fullService ? (fullService - serviceMs(o[variant])) / fullService : null;
    const stack = share('rest-bare');
    const cpuStack = cpuShare('rest-bare');
    targets.push({
      id: 'middleware-stack',
      target: 'limiter + logger + auth together under 20% of latency',
      measured: `mean latency ${ms(full)} ms with all, ${ms(o['rest-bare'].meanLatency)} ms without = ${pct(stack)} (limiter ${pct(share('rest-no-limiter'))}, logger ${pct(share('rest-no-logger'))}, auth ${pct(share('rest-no-auth'))})`,
      cpu: `${ms(fullService)} ms/req with all, ${ms(serviceMs(o['rest-bare']))} without = ${pct(cpuStack)} (limiter ${pct(cpuShare('rest-no-limiter'))}, logger ${pct(cpuShare('rest-no-logger'))}, auth ${pct(cpuShare('rest-no-auth'))}${o.rest.dbCpuPerRequestMs !== null && o['rest-no-auth']?.dbCpuPerRequestMs != null ? `, of which database ${ms(o.rest.dbCpuPerRequestMs - o['rest-no-auth'].dbCpuPerRequestMs)} ms/req: the user lookup` : ''})`,
      value: stack,
      cpuValue: cpuStack,
      status: verdict(
        ok(stack, (v) => v < 0.2),
        ok(cpuStack, (v) => v < 0.2),
      ),
      ...(o['rest-tuned']
        ? {
            after: `with the actor cache (rest-tuned): ${ms(serviceMs(o['rest-tuned']))} ms/req, the stack = ${pct((serviceMs(o['rest-tuned']) - serviceMs(o['rest-bare'])) / serviceMs(o['rest-tuned']))} of it; mean latency ${ms(o['rest-tuned'].meanLatency)} ms`,
          }
        : {}),
    });
    if (o.floor) {
      const above = (full - o.floor.meanLatency) / full;
      const cpuAbove = fullService ? (fullService - serviceMs(o.floor)) / fullService : null;
      targets.push({
        id: 'stack-and-validation',
        target:
          'everything above the floor (middleware incl. auth, validation, mapping, Express) under 20% of latency',
        measured: `mean latency ${ms(full)} ms vs baseline (b) ${ms(o.floor.meanLatency)} ms = ${pct(above)}`,
        cpu: `${ms(fullService)} vs ${ms(serviceMs(o.floor))} ms/req = ${pct(cpuAbove)}`,
        value: above,
        cpuValue: cpuAbove,
        status: verdict(
          ok(above, (v) => v < 0.2),
          ok(cpuAbove, (v) => v < 0.2),
        ),
        ...(o['rest-tuned']
          ? {
              after: `with the actor cache (rest-tuned): ${ms(serviceMs(o['rest-tuned']))} vs ${ms(serviceMs(o.floor))} ms/req = ${pct((serviceMs(o['rest-tuned']) - serviceMs(o.floor)) / serviceMs(o['rest-tuned']))}`,
            }
          : {}),
      });
    }
  }

  const gq = medians['graphql.syllabus']?.gateway;
  const rs = medians['rest.syllabus']?.rest;
  if (gq && rs) {
    const r = gq.meanLatency / rs.meanLatency;
    const cpu = ratio(serviceMs(gq), serviceMs(rs));
    targets.push({
      id: 'graphql-syllabus-latency',
      target: 'GraphQL syllabus tree within 2x the REST syllabus latency',
      measured: `mean ${ms(gq.meanLatency)} vs ${ms(rs.meanLatency)} ms = ${fmt(r, 2)}x (p50 ${ms(gq.p50)} vs ${ms(rs.p50)} ms)`,
      cpu: `${ms(serviceMs(gq))} vs ${ms(serviceMs(rs))} ms/req = ${fmt(cpu, 2)}x`,
      value: r,
      cpuValue: cpu,
      status: verdict(
        ok(r, (v) => v <= 2),
        ok(cpu, (v) => v <= 2),
      ),
    });
  }
  for (const key of ['syllabus', 'deepTree']) {
    const t = roundTrips?.[key];
    if (!t?.small || !t?.large) continue;
    const good = !t.small.problem && !t.large.problem && t.small.roundTrips === t.large.roundTrips;
    targets.push({
      id: `graphql-round-trips:${key}`,
      target: `GraphQL ${key === 'syllabus' ? 'syllabus tree' : 'offering -> syllabus -> modules -> topics -> questions'}: round trips independent of tree size`,
      measured: `${t.small.roundTrips} round trips for ${t.small.modules} modules / ${t.small.topics} topics, ${t.large.roundTrips} for ${t.large.modules} / ${t.large.topics}${t.small.problem || t.large.problem ? ` (error: ${t.small.problem ?? t.large.problem})` : ''}`,
      cpu: '–',
      value: t.large.roundTrips - t.small.roundTrips,
      status: good ? 'met' : t.small.problem || t.large.problem ? 'not measured' : 'missed',
    });
  }

  for (const [app, m] of Object.entries(memory ?? {})) {
    targets.push({
      id: `rss-growth:${app}`,
      target: `${app}: RSS growth across the soak at most 10%`,
      measured: `${fmt(m.before.rss / MiB, 1)} -> ${fmt(m.after.rss / MiB, 1)} MiB = ${pct(m.rssGrowth)} over ${m.load.requests} requests (heap after GC ${fmt(m.beforeAfterGc.heapUsed / MiB, 1)} -> ${fmt(m.afterAfterGc.heapUsed / MiB, 1)} MiB)`,
      cpu: '–',
      value: m.rssGrowth,
      status: m.rssGrowth <= 0.1 ? 'met' : 'missed',
    });
  }
  return targets;
}

const rps = (v) =>
  v === null || v === undefined || !Number.isFinite(v)
    ? '–'
    : v < 100
      ? v.toFixed(1)
      : v.toFixed(0);
const appOf = (name) => (name.startsWith('graphql.') ? 'gateway' : 'rest');

/** Throughput and latency of each scenario against both baselines (also printed on stdout). */
export function mainTable(results) {
  const rows = [];
  for (const [name, m] of Object.entries(results.medians)) {
    if (name.startsWith('overhead.')) continue;
    const a = m[appOf(name)];
    const c = results.capture[name];
    const errors = (a?.non2xx ?? 0) + (a?.errors ?? 0);
    rows.push([
      c?.label ?? name,
      a ? `${a.connections} × ${a.seconds} s` : '–',
      rps(a?.rps),
      ms(a?.p50),
      ms(a?.p99),
      rps(m.floor?.rps),
      ms(m.floor?.p50),
      ms(m.floor?.p99),
      rps(m.ceiling?.rps),
      ms(m.ceiling?.p50),
      ms(m.ceiling?.p99),
      `**${fmt(ratio(a?.rps, m.floor?.rps), 2)}**`,
      fmt(ratio(a?.rps, m.ceiling?.rps), 4),
      m['rest-tuned']
        ? `${rps(m['rest-tuned'].rps)} (${fmt(ratio(m['rest-tuned'].rps, m.floor?.rps), 2)})`
        : '–',
      errors ? String(errors) : '0',
    ]);
  }
  return mdTable(
    [
      'scenario',
      'load',
      'app req/s',
      'app p50 ms',
      'app p99 ms',
      '(b) req/s',
      '(b) p50',
      '(b) p99',
      '(a) req/s',
      '(a) p50',
      '(a) p99',
      'app/(b)',
      'app/(a)',
      'tuned app req/s (/(b))',
      'app non-2xx + errors',
    ],
    rows,
    ['l'],
  );
}

/** What one request costs: CPU in the serving process and in the database, round trips, bytes. */
export function costTable(results) {
  const rows = [];
  for (const [name, m] of Object.entries(results.medians)) {
    if (name.startsWith('overhead.')) continue;
    const a = m[appOf(name)];
    const c = results.capture[name];
    rows.push([
      c?.label ?? name,
      ms(a?.cpuPerRequestMs),
      ms(m.floor?.cpuPerRequestMs),
      ms(m.ceiling?.cpuPerRequestMs),
      ms(a?.dbCpuPerRequestMs),
      ms(m.floor?.dbCpuPerRequestMs),
      `**${fmt(ratio(serviceMs(m.floor), serviceMs(a)), 2)}**`,
      fmt(ratio(m.floor?.cpuPerRequestMs, a?.cpuPerRequestMs), 2),
      m['rest-tuned']
        ? `${ms(m['rest-tuned'].cpuPerRequestMs)} + ${ms(m['rest-tuned'].dbCpuPerRequestMs)}`
        : '–',
      `${c?.roundTrips ?? '–'} / ${c?.floorRoundTrips ?? '–'}`,
      fmt(c?.bytes),
    ]);
  }
  return mdTable(
    [
      'scenario',
      'app CPU ms/req',
      '(b) CPU ms/req',
      '(a) CPU ms/req',
      'DB CPU ms/req (app)',
      'DB CPU ms/req ((b))',
      '(b)/app service time',
      '(b)/app Node CPU',
      'tuned app CPU + DB CPU ms/req',
      'DB round trips app / (b)',
      'response bytes',
    ],
    rows,
    ['l'],
  );
}

function overheadTable(results) {
  const o = results.medians['overhead.universities'];
  if (!o) return null;
  const full = o.rest?.meanLatency;
  const fullService = serviceMs(o.rest);
  const labels = {
    rest: 'all middleware on (production)',
    'rest-no-limiter': 'rate limiter off',
    'rest-no-logger': 'logger off',
    'rest-no-auth': 'auth off (request served anonymously)',
    'rest-bare': 'limiter, logger and auth off',
    'rest-tuned': 'all on, with the recommended changes (actor cache)',
    floor: 'baseline (b): queries only',
    ceiling: 'baseline (a): constant JSON',
  };
  const rows = Object.entries(labels)
    .filter(([k]) => o[k])
    .map(([k, label]) => [
      label,
      rps(o[k].rps),
      ms(o[k].meanLatency),
      ms(o[k].p50),
      ms(o[k].p99),
      k === 'rest' ? '–' : pct((full - o[k].meanLatency) / full),
      ms(o[k].cpuPerRequestMs),
      ms(o[k].dbCpuPerRequestMs),
      k === 'rest' || !fullService ? '–' : pct((fullService - serviceMs(o[k])) / fullService),
      String(o[k].non2xx + o[k].errors),
    ]);
  return mdTable(
    [
      'variant',
      'req/s',
      'mean ms',
      'p50 ms',
      'p99 ms',
      'latency saved vs all on',
      'app CPU ms/req',
      'DB CPU ms/req',
      'service time saved vs all on',
      'non-2xx + errors',
    ],
    rows,
    ['l'],
  );
}

function memoryTable(results) {
  if (!results.memory) return null;
  const rows = Object.entries(results.memory).map(([app, m]) => [
    app,
    fmt(m.before.rss / MiB, 1),
    fmt(m.after.rss / MiB, 1),
    pct(m.rssGrowth),
    fmt(Math.max(...m.samples.map((s) => s.rss), m.after.rss) / MiB, 1),
    fmt(m.before.heapUsed / MiB, 1),
    fmt(m.after.heapUsed / MiB, 1),
    fmt(m.beforeAfterGc.heapUsed / MiB, 1),
    fmt(m.afterAfterGc.heapUsed / MiB, 1),
    String(m.load.requests),
    fmt(m.load.rps),
  ]);
  return mdTable(
    [
      'app',
      'RSS before MiB',
      'RSS after MiB',
      'RSS growth',
      'RSS max MiB',
      'heap before',
      'heap after',
      'heap before (after GC)',
      'heap after (after GC)',
      'requests',
      'req/s',
    ],
    rows,
    ['l'],
  );
}

function roundTripTable(results) {
  const t = results.roundTrips;
  if (!t || !Object.keys(t).length) return null;
  const names = {
    syllabus: 'GraphQL syllabus tree',
    deepTree: 'GraphQL offering + syllabus + questions',
    restSyllabus: 'REST syllabus route',
  };
  const rows = [];
  for (const [key, label] of Object.entries(names)) {
    for (const size of ['small', 'large']) {
      const x = t[key]?.[size];
      if (!x) continue;
      rows.push([
        label,
        size,
        String(x.modules),
        String(x.topics),
        x.problem ? `error: ${x.problem.slice(0, 80)}` : String(x.roundTrips),
        fmt(x.bytes),
      ]);
    }
  }
  return mdTable(['request', 'tree', 'modules', 'topics', 'DB round trips', 'bytes'], rows, [
    'l',
    'l',
  ]);
}

export function renderMarkdown(results) {
  const s = results.settings;
  const targets = evaluateTargets(results);
  const skipped = Object.entries(results.capture).filter(([, c]) => c.problem);
  const analysisPath = join(root, 'bench', 'analysis.md');
  const analysis = existsSync(analysisPath) ? readFileSync(analysisPath, 'utf8').trim() : null;
  const parts = [
    '# Benchmarks',
    '',
    `Generated by \`${results.command}\` on ${results.generatedAt} (${Math.round(results.durationSeconds / 60)} min). Raw figures: [benchmarks.json](benchmarks.json). Do not edit the tables by hand: run the command again.`,
    '',
    '## Machine and setup',
    '',
    `- CPU: ${results.machine.cpu}, ${results.machine.cores} cores; memory ${results.machine.memoryGiB} GiB; ${results.machine.os}; Node ${results.machine.node}.`,
    `- Database engine: **${results.engine}**.`,
    `- Catalog (seed ${results.catalog.seed}, scale ${results.catalog.scale}, loaded in ${results.catalog.seconds} s): ${Object.entries(
      results.catalog.counts,
    )
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}.`,
    `- Load: autocannon in closed loop, ${s.repeats} runs per target (the median of each figure is kept) after a ${s.warmup} s warm-up per target; targets interleaved, their order rotated each round. Fast scenarios: ${s.connections} connections × ${s.duration} s. Scenarios that scan collections on the embedded engine: ${Math.min(s.slowConnections, s.connections)} connections × ${2 * s.duration} s (${3 * s.duration} s for the vote), for the app and baseline (b) alike; baseline (a) always ${s.connections} × ${s.duration} s. Memory soak: ${s.soak} s.`,
    `- Apps: the production build (\`apps/*/dist\`) with \`NODE_ENV=production\`, \`LOG_LEVEL=info\` (logs to a file), tokens verified offline with \`CLERK_JWT_KEY\` (a key pair generated for the run), \`RATE_LIMIT_MAX=1000000000\` (the limiter still counts every request). Each app and each baseline is its own child process; autocannon runs in the parent.`,
    `- The machine was shared with other work while this ran (load average at the end: ${results.machine.loadAverageAtEnd.join(', ')}). Absolute figures move with that; the ratios compare runs made minutes apart in the same run and are what the targets use.`,
    '',
    '## Results',
    '',
    mainTable(results),
    '',
    '### Cost per request',
    '',
    costTable(results),
    '',
    '(a) = bare Express 5 answering a constant JSON of the same size (the ceiling); (b) = bare Express 5 running the same queries with `lean()`, no middleware (the floor of work); "tuned app" = the same production build with the two changes recommended below applied at start-up by the bench (`bench/tuned.mjs`: visibility checks read by `_id` alone; the caller behind a token cached for 30 s), for the routes they touch. `DB trips` = database commands for one request, counted in the process. `app/(b)` below 1 is what our layers cost; `app/(a)` shows how far the database work is from an empty handler. `load` = connections × seconds per run. CPU ms/req = CPU time the process used during the run divided by the requests it received (`process.cpuUsage()` in the app, `/proc/<pid>/stat` for the embedded database); `(b)/app service time` = (CPU of (b) + its database CPU) / (CPU of the app + its database CPU), the throughput ratio to expect on a machine nobody else uses; `(b)/app Node CPU` = the same ratio for the Node process alone, which is where the app/(b) ratio heads on a database much faster than this one.',
  ];
  if (skipped.length) {
    parts.push(
      '',
      'Not measured in this run (the route did not answer 200):',
      '',
      ...skipped.map(([n, c]) => `- ${n}: ${c.problem}`),
    );
  }
  const overhead = overheadTable(results);
  if (overhead) {
    parts.push(
      '',
      '## Middleware overheads',
      '',
      `\`GET /api/v1/universities?search=...\` with a valid bearer token (auth verifies the JWT and looks the user up), the cheapest read on this engine, so middleware is a visible share: the same production build with each middleware switched off in turn through \`createHttpApp\`'s \`disable\` option, then all three, then all on with the recommended actor cache (\`bench/tuned.mjs\`); ${s.connections} connections × ${s.duration} s. "Service time" = app CPU + database CPU per request; auth's user lookup is database work.`,
      '',
      overhead,
    );
  }
  const rt = roundTripTable(results);
  if (rt)
    parts.push(
      '',
      '## Database round trips and tree size',
      '',
      'One request each, for the smallest and the largest syllabus of the catalog.',
      '',
      rt,
    );
  const mem = memoryTable(results);
  if (mem) {
    parts.push(
      '',
      '## Memory',
      '',
      `Both apps after all the runs above and a ${Math.min(15, s.soak)} s settle under the same traffic, then ${s.soak} s of mixed traffic on both at once: every scenario of the app plus an authenticated REST read and a cheap GraphQL read (universities), each with its own connections (1 for the scan-bound scenarios, 3 for the others). RSS is read without forcing a GC; the "after GC" heap figures come from a forced \`gc()\` in the app process. Requests per scenario are in benchmarks.json.`,
      '',
      mem,
    );
  }
  parts.push(
    '',
    '## Targets',
    '',
    mdTable(
      [
        'target',
        'measured under load',
        'CPU per request (app + database)',
        'status',
        'with the recommended changes',
      ],
      targets.map((t) => [t.target, t.measured, t.cpu, `**${t.status}**`, t.after ?? '']),
      ['l', 'l', 'l', 'l', 'l'],
    ),
    '',
    'Status: **met** or **missed** when both measures agree; **unclear** when the load figures and the CPU figures disagree (the load figures move with whatever else the machine runs; CPU per request does not).',
    '',
    '## What the figures mean',
    '',
    '- **req/s** is the mean throughput of a run with a fixed number of connections, each sending its next request when the previous one is answered (closed loop). With the CPU saturated, throughput is the inverse of the CPU time a request costs across app, database and load generator; latency is then mostly queueing (about connections / throughput).',
    "- **p50 / p99** are autocannon's latency percentiles in milliseconds, medians over the runs.",
    '- **Baseline (b)** issues the same database commands the domain service issues for that answer (same filters, sorts, limits, counts), so the gap between the app and (b) is what the service layer, validation, DTO mapping, the middleware and the response envelope cost. It is not an upper bound on what a cleverer query plan could do.',
    '- **Baseline (a)** answers the captured real response as a constant: HTTP, routing and JSON serialisation of the same number of bytes, with no database. The gap between (b) and (a) is the database engine.',
    "- With the embedded FerretDB only a filter that is exactly `{_id: value}` uses an index (not `{_id, status}`, not `{_id: {$in: [...]}}`); every other filter scans its collection in the FerretDB process, one statement at a time. Its absolute figures are the engine's; set `MONGODB_URI` to run the same benchmark against a MongoDB (database `qpc_bench`, dropped first).",
    '- Other processes shared the 2 cores during the run, so compare ratios inside this run rather than absolute figures across runs.',
    '',
    '## Reproduce',
    '',
    '```sh',
    'npm run bench                                   # full run, writes this file and benchmarks.json',
    'BENCH_DURATION=2 BENCH_REPEATS=1 BENCH_SOAK=10 BENCH_SCALE=0.2 BENCH_OUT=- npm run bench   # quick check',
    'MONGODB_URI=mongodb://127.0.0.1:27017 npm run bench                          # against a MongoDB',
    'BENCH_CPU_PROF=.cache/bench-prof npm run bench && node bench/profile-summary.mjs .cache/bench-prof',
    'node bench/generate.mjs         # the catalog alone (embedded FerretDB in a temp dir, or MONGODB_URI)',
    'node bench/engine-probe.mjs     # which filter shapes the engine answers from an index',
    'node bench/auth-cost.mjs        # what resolving the caller behind a token costs',
    '```',
    '',
    'Settings: `BENCH_DURATION` (s per run), `BENCH_REPEATS`, `BENCH_WARMUP` (s), `BENCH_CONNECTIONS`, `BENCH_SLOW_CONNECTIONS`, `BENCH_SOAK` (s), `BENCH_SCALE`, `BENCH_SEED`, `BENCH_ONLY` (scenario names or prefixes), `BENCH_OUT` (`-` writes nothing), `BENCH_CPU_PROF` (directory for V8 CPU profiles of the app processes).',
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

/** Writes the report files (when `outDir` is set) and returns the main table for stdout. */
export async function writeReport(results, outDir) {
  const { markdown, targets } = renderMarkdown(results);
  if (outDir) {
    mkdirSync(outDir, { recursive: true });
    const json = `${JSON.stringify({ ...results, targets }, null, 2)}\n`;
    writeFileSync(join(outDir, 'benchmarks.json'), await prettified(json, 'json'));
    writeFileSync(join(outDir, 'benchmarks.md'), await prettified(markdown, 'markdown'));
  }
  const lines = [mainTable(results), '', costTable(results)];
  const overhead = overheadTable(results);
  if (overhead) lines.push('', overhead);
  lines.push(
    '',
    ...targets.map(
      (t) =>
        `${t.status.padEnd(12)} ${t.target}: ${t.measured}${t.cpu !== '–' ? ` | cpu: ${t.cpu}` : ''}${t.after ? ` | ${t.after}` : ''}`,
    ),
  );
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
