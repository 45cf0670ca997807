// The tables of docs/benchmarks.md.
import {
  absenceOf,
  appLatency,
  appOf,
  configLabel,
  fmt,
  mdTable,
  MiB,
  ms,
  pct,
  ratio,
  ranConfigurations,
  rps,
  serviceMs,
} from './report-format.mjs';

/** Every scenario name in the run, in the order the scenarios were defined. */
function scenarioNames(results) {
  const names = [];
  for (const c of ranConfigurations(results)) {
    for (const name of Object.keys(c.capture ?? {})) if (!names.includes(name)) names.push(name);
    for (const name of c.excluded ?? []) if (!names.includes(name)) names.push(name);
  }
  return names;
}

function labelOf(results, name) {
  for (const c of ranConfigurations(results)) if (c.capture?.[name]) return c.capture[name].label;
  return name;
}

/**
 * Scenario × configuration: the app's p50 with one connection, and per engine the growth from
 * its smallest to its largest scale. Footnotes say why a cell is empty or thin.
 */
export function sideBySideTable(results) {
  const configs = results.configurations;
  const engines = [...new Set(configs.map((c) => c.engine))];
  const columns = [];
  for (const engine of engines) {
    const own = configs.filter((c) => c.engine === engine).sort((a, b) => a.scale - b.scale);
    for (const c of own) columns.push({ kind: 'p50', config: c });
    if (own.length > 1) columns.push({ kind: 'growth', from: own[0], to: own[own.length - 1] });
  }
  const notes = [];
  const note = (text) => {
    let i = notes.indexOf(text);
    if (i < 0) {
      notes.push(text);
      i = notes.length - 1;
    }
    return `[${i + 1}]`;
  };
  const rows = scenarioNames(results).map((name) => [
    labelOf(results, name),
    ...columns.map((col) => {
      if (col.kind === 'growth') {
        const g = ratio(appLatency(col.to, name)?.p50, appLatency(col.from, name)?.p50);
        return g === null ? '–' : `${fmt(g, 2)}×`;
      }
      const m = appLatency(col.config, name);
      if (!m) return `– ${note(absenceOf(col.config, name) ?? 'not measured')}`;
      if (m.single)
        return `${ms(m.p50)} ${note('one request only: slower than BENCH_MAX_REQUEST')}`;
      return m.samples < 8 ? `${ms(m.p50)} (n=${m.samples})` : ms(m.p50);
    }),
  ]);
  const headers = [
    'scenario (p50 ms, one connection)',
    ...columns.map((col) =>
      col.kind === 'growth'
        ? `${configLabel(col.from).split(' ')[0]} s${col.from.scale} → s${col.to.scale}`
        : configLabel(col.config),
    ),
  ];
  return {
    table: mdTable(headers, rows, ['l']),
    notes: notes.map((text, i) => `[${i + 1}] ${text}`),
  };
}

/** What one request costs in a configuration: Node CPU of the app and the floor, database CPU. */
export function costTable(config) {
  const rows = Object.entries(config.latency ?? {}).map(([name, byTarget]) => {
    const a = byTarget[appOf(name)];
    const f = byTarget.floor;
    const c = config.capture[name];
    return [
      c?.label ?? name,
      `${ms(a?.p50)} / ${ms(f?.p50)}`,
      ms(a?.cpuPerRequestMs),
      ms(f?.cpuPerRequestMs),
      `**${fmt(ratio(a?.cpuPerRequestMs, f?.cpuPerRequestMs), 2)}**`,
      ms(a?.dbCpuPerRequestMs),
      ms(f?.dbCpuPerRequestMs),
      fmt(ratio(serviceMs(a), serviceMs(f)), 2),
      `${c?.roundTrips ?? '–'} / ${c?.floorProblem ? '–' : (c?.floorRoundTrips ?? '–')}`,
      fmt(c?.bytes),
    ];
  });
  return mdTable(
    [
      'scenario',
      'p50 ms app / (b)',
      'app Node CPU ms/req',
      '(b) Node CPU ms/req',
      'app/(b) Node CPU',
      'DB CPU ms/req (app)',
      'DB CPU ms/req ((b))',
      'app/(b) service time',
      'DB round trips app / (b)',
      'response bytes',
    ],
    rows,
    ['l'],
  );
}

/** Throughput of each scenario against both baselines (first configuration). */
export function throughputTable(config) {
  const medians = config.throughput?.medians ?? {};
  const rows = [];
  for (const [name, m] of Object.entries(medians)) {
    if (name.startsWith('overhead.')) continue;
    const a = m[appOf(name)];
    const errors = (a?.non2xx ?? 0) + (a?.errors ?? 0);
    rows.push([
      config.capture[name]?.label ?? name,
      a ? `${a.connections} × ${Number(fmt(a.seconds, 1))} s` : '–',
      rps(a?.rps),
      ms(a?.p50),
      ms(a?.p99),
      rps(m.floor?.rps),
      ms(m.floor?.p50),
      rps(m.ceiling?.rps),
      ms(m.ceiling?.p50),
      `**${fmt(ratio(a?.rps, m.floor?.rps), 2)}**`,
      fmt(ratio(a?.rps, m.ceiling?.rps), 3),
      String(errors),
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
      '(a) req/s',
      '(a) p50',
      'app/(b)',
      'app/(a)',
      'app non-2xx + errors',
    ],
    rows,
    ['l'],
  );
}

export function overheadTable(config) {
  const o = config.throughput?.medians?.['overhead.universities'];
  if (!o?.rest) return null;
  const full = o.rest.mean;
  const fullService = serviceMs(o.rest);
  const labels = {
    rest: 'all middleware on (production)',
    'rest-no-limiter': 'rate limiter off',
    'rest-no-logger': 'logger off',
    'rest-no-auth': 'auth off (request served anonymously)',
    'rest-bare': 'limiter, logger and auth off',
    floor: 'baseline (b): queries only',
  };
  const rows = Object.entries(labels)
    .filter(([k]) => o[k])
    .map(([k, label]) => [
      label,
      rps(o[k].rps),
      ms(o[k].mean),
      ms(o[k].p50),
      k === 'rest' ? '–' : pct((full - o[k].mean) / full),
      ms(o[k].cpuPerRequestMs),
      ms(o[k].dbCpuPerRequestMs),
      k === 'rest' || !fullService ? '–' : pct((fullService - serviceMs(o[k])) / fullService),
    ]);
  return mdTable(
    [
      'variant',
      'req/s',
      'mean ms',
      'p50 ms',
      'latency saved vs all on',
      'app CPU ms/req',
      'DB CPU ms/req',
      'service time saved vs all on',
    ],
    rows,
    ['l'],
  );
}

/** Round trips of the trees per configuration (they must not depend on the tree's size). */
export function roundTripTable(results) {
  const names = {
    fullTree: "GraphQL full offering tree (README's), anonymous",
    fullTreeNormalUser: 'GraphQL full offering tree, a normal user',
    deepTree: 'GraphQL offering + syllabus + questions',
    syllabus: 'GraphQL syllabus tree',
    restSyllabus: 'REST syllabus route',
  };
  const configs = ranConfigurations(results).filter((c) => c.roundTrips);
  if (!configs.length) return null;
  const rows = [];
  for (const [key, label] of Object.entries(names)) {
    const cells = configs.map((c) => {
      const t = c.roundTrips[key];
      if (!t) return '–';
      const one = (x) => (x.problem ? 'error' : String(x.roundTrips));
      return `${one(t.small)} / ${one(t.large)}`;
    });
    rows.push([label, ...cells]);
  }
  const sizes = configs.map((c) => {
    const t = c.roundTrips.fullTree;
    return `${t.small.modules}m ${t.small.topics}t / ${t.large.modules}m ${t.large.topics}t`;
  });
  rows.push(['tree sizes (modules, topics)', ...sizes]);
  return mdTable(['request (small / large tree)', ...configs.map(configLabel)], rows, ['l']);
}

export function memoryTable(config) {
  if (!config.memory) return null;
  const rows = Object.entries(config.memory).map(([app, m]) => [
    app,
    fmt(m.before.rss / MiB, 1),
    fmt(m.after.rss / MiB, 1),
    pct(m.rssGrowth),
    fmt(Math.max(...m.samples.map((s) => s.rss), m.after.rss) / MiB, 1),
    fmt(m.beforeAfterGc.heapUsed / MiB, 1),
    fmt(m.afterAfterGc.heapUsed / MiB, 1),
    String(m.load.requests),
  ]);
  return mdTable(
    [
      'app',
      'RSS before MiB',
      'RSS after MiB',
      'RSS growth',
      'RSS max MiB',
      'heap before (after GC)',
      'heap after (after GC)',
      'requests',
    ],
    rows,
    ['l'],
  );
}

/** One line per configuration: engine, catalog, load times. */
export function configurationList(results) {
  return results.configurations.map((c) => {
    if (c.failed) return `- **${configLabel(c)}**: failed (${c.failed}).`;
    const counts = Object.entries(c.catalog.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    const backfill =
      c.catalog.backfilled === null
        ? ''
        : `; the startup migrations found ${c.catalog.backfilled} documents to fill`;
    return `- **${configLabel(c)}**: ${c.engineDescription}. ${counts}; inserted in ${c.catalog.insertSeconds} s, indexed in ${c.catalog.indexSeconds} s${c.catalog.analyzed ? ' (PostgreSQL statistics refreshed)' : ''}${backfill}. Configuration took ${Math.round(c.seconds / 60)} min.`;
  });
}
