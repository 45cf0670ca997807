// The targets of issues 12, 14 and 15, judged on the measurements of the run: at scale 1 on the
// embedded default (PostgreSQL), one connection, p50; growth against the same engine at the
// larger scale. Each row: what, measured, status (pass, fail, reported, not measured), and for a
// failure the figures that say where the time goes.
import {
  absenceOf,
  appLatency,
  configLabel,
  fmt,
  largerScaleOf,
  MiB,
  ms,
  pct,
  ratio,
  serviceMs,
  targetConfiguration,
} from './report-format.mjs';

export const P50_TARGETS = [
  ['rest.papers', 'GET /papers?subjectOfferingId', 25],
  ['rest.syllabus', 'GET /subject-offerings/:id/syllabus', 25],
  ['rest.module-questions', 'GET /modules/:id/questions', 25],
  ['rest.question', 'GET /questions/:id', 10],
  ['rest.vote', 'PATCH /solutions/:id/vote', 40],
  ['graphql.tree', "the README's full GraphQL offering tree", 150],
  ['rest.search', 'search, a two-word query (issue 14)', 100],
  ['rest.coverage', 'coverage of the largest offering (issue 14)', 100],
];
const GROWTH_TARGETS = [
  'rest.papers',
  'rest.syllabus',
  'rest.module-questions',
  'rest.question',
  'rest.vote',
  'graphql.tree',
  'rest.search',
];
const MAX_GROWTH = 1.5;
const MAX_CPU_RATIO = 1.3;
const MAX_TREE_ROUND_TRIPS = 15;
const MAX_DOWNLOAD_RSS_GROWTH = 50 * MiB;

const status = (ok) => (ok === null ? 'not measured' : ok ? 'pass' : 'fail');

/** Where a request's time goes: Node CPU, database CPU, round trips. */
function whereTimeGoes(config, name) {
  const m = appLatency(config, name);
  const c = config?.capture?.[name];
  if (!m) return '';
  const parts = [];
  if (m.cpuPerRequestMs != null) parts.push(`app CPU ${ms(m.cpuPerRequestMs)} ms`);
  if (m.dbCpuPerRequestMs != null) parts.push(`database CPU ${ms(m.dbCpuPerRequestMs)} ms`);
  if (c?.roundTrips != null) parts.push(`${c.roundTrips} round trips`);
  const floor = config.latency?.[name]?.floor;
  if (floor?.p50 != null) parts.push(`floor p50 ${ms(floor.p50)} ms`);
  return parts.length ? `per request: ${parts.join(', ')}` : '';
}

function p50Rows(results, base, larger) {
  const rows = [];
  for (const [name, label, limit] of P50_TARGETS) {
    const m = appLatency(base, name);
    const ok = m?.p50 == null ? null : m.p50 <= limit;
    rows.push({
      id: `p50:${name}`,
      target: `${label}: p50 ≤ ${limit} ms (${configLabel(base)}, one connection)`,
      measured: m ? `${ms(m.p50)} ms (p90 ${ms(m.p90)}, n=${m.samples})` : '–',
      status: status(ok),
      why: ok === false ? whereTimeGoes(base, name) : ok === null ? absenceOf(base, name) : '',
    });
  }
  for (const name of GROWTH_TARGETS) {
    const label = P50_TARGETS.find(([n]) => n === name)[1];
    const a = appLatency(base, name);
    const b = appLatency(larger, name);
    const growth = ratio(b?.p50, a?.p50);
    const ok = growth === null ? null : growth <= MAX_GROWTH;
    rows.push({
      id: `growth:${name}`,
      target: `${label}: p50 grows at most ${MAX_GROWTH}× from ${configLabel(base)} to ${larger ? configLabel(larger) : 'a larger scale'}`,
      measured: growth === null ? '–' : `${ms(a.p50)} -> ${ms(b.p50)} ms = ${fmt(growth, 2)}×`,
      status: status(ok),
      why:
        ok === false
          ? whereTimeGoes(larger, name)
          : ok === null
            ? (absenceOf(larger, name) ?? absenceOf(base, name) ?? 'no larger scale in this run')
            : '',
    });
  }
  return rows;
}

function treeRows(base) {
  const t = base?.roundTrips?.fullTree;
  const normal = base?.roundTrips?.fullTreeNormalUser;
  if (!t?.small || !t?.large) return [];
  const problem = t.small.problem ?? t.large.problem;
  const equal = t.small.roundTrips === t.large.roundTrips;
  const within = Math.max(t.small.roundTrips, t.large.roundTrips) <= MAX_TREE_ROUND_TRIPS;
  return [
    {
      id: 'round-trips:full-tree',
      target: `full GraphQL offering tree: round trips ≤ ${MAX_TREE_ROUND_TRIPS} and equal for every tree size (anonymous caller)`,
      measured: `${t.small.roundTrips} for ${t.small.modules} modules / ${t.small.topics} topics, ${t.large.roundTrips} for ${t.large.modules} / ${t.large.topics}; a normal user: ${normal?.small.roundTrips ?? '–'} / ${normal?.large.roundTrips ?? '–'}`,
      status: problem ? 'not measured' : status(equal && within),
      why:
        problem ?? (!equal ? 'the count grows with the tree' : !within ? 'too many commands' : ''),
    },
  ];
}

function includeTotalRows(base, larger) {
  const names = [
    'rest.questions',
    'rest.questions-no-total',
    'rest.questions-type',
    'rest.questions-type-no-total',
  ];
  const cell = (config, name) => {
    const m = appLatency(config, name);
    return m ? `${ms(m.p50)} ms` : `– (${absenceOf(config, name) ?? 'not measured'})`;
  };
  return [
    {
      id: 'reported:questions-page-1',
      target: 'GET /questions page 1, with and without includeTotal: measured and explained',
      measured: names
        .map(
          (n) =>
            `${n.replace('rest.', '')}: ${cell(base, n)}${larger ? ` -> ${cell(larger, n)}` : ''}`,
        )
        .join('; '),
      status: 'reported',
      why: 'explained in the analysis below',
    },
  ];
}

/** True when either side's subtracted idle CPU per request is larger than its figure. */
function idleDominated(...sides) {
  return sides.some(
    (m) => m?.cpuPerRequestMs != null && (m.idleCpuPerRequestMs ?? 0) > m.cpuPerRequestMs,
  );
}

/**
 * The lowest and highest ratio of one round's app figure to the same round's floor figure (the
 * two took turns, round by round), as text; empty with fewer than two rounds on either side.
 */
function roundSpread(app, floor) {
  const a = app?.cpuPerRequestByRoundMs;
  const f = floor?.cpuPerRequestByRoundMs;
  if (!a || !f || a.length < 2 || a.length !== f.length) return '';
  const ratios = a.map((x, i) => ratio(x, f[i])).filter((r) => r !== null);
  if (ratios.length < 2) return '';
  return `rounds ${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}×`;
}

function cpuRows(base) {
  const rows = [];
  for (const [name, byTarget] of Object.entries(base?.latency ?? {})) {
    if (!name.startsWith('rest.')) continue;
    const app = byTarget.rest;
    const floor = byTarget.floor;
    const value = ratio(app?.cpuPerRequestMs, floor?.cpuPerRequestMs);
    const ok = value === null ? null : value <= MAX_CPU_RATIO;
    const spread = roundSpread(app, floor);
    rows.push({
      id: `cpu:${name}`,
      target: `${name}: app Node CPU per request ≤ ${MAX_CPU_RATIO}× the floor's`,
      measured: `${ms(app?.cpuPerRequestMs)} vs ${ms(floor?.cpuPerRequestMs)} ms = ${fmt(value, 2)}×`,
      status: status(ok),
      why: [
        ok === false
          ? `${ms(app.cpuPerRequestMs - floor.cpuPerRequestMs)} ms/request of Node CPU above the floor (${base.capture?.[name]?.roundTrips ?? '–'} vs ${base.capture?.[name]?.floorRoundTrips ?? '–'} round trips)`
          : ok === null
            ? floor
              ? 'no CPU figure (fewer than 8 requests: too slow for one)'
              : 'no floor for this scenario'
            : '',
        spread,
        idleDominated(app, floor)
          ? `idle CPU subtracted per request (${ms(app.idleCpuPerRequestMs)} / ${ms(floor.idleCpuPerRequestMs)} ms) exceeds the request's own: a rough figure`
          : '',
      ]
        .filter(Boolean)
        .join('; '),
      roundsShown: spread !== '',
    });
  }
  return rows;
}

function fileRows(base) {
  const f = base?.files;
  if (!f) return [];
  if (f.skipped)
    return [
      {
        id: 'files',
        target:
          'paper files: 5 MiB upload and download throughput; RSS growth during 20 parallel downloads < 50 MiB',
        measured: '–',
        status: 'not measured',
        why: f.skipped,
      },
    ];
  const growth = f.parallel.worst.rssGrowth;
  return [
    {
      id: 'files:throughput',
      target: 'paper files: upload and download of a 5 MiB PDF, throughput',
      measured: `upload p50 ${ms(f.uploads.p50)} ms (${fmt(f.fileBytes / MiB / (f.uploads.p50 / 1000), 1)} MiB/s); download p50 ${ms(f.download.p50)} ms (${fmt(f.download.bytesPerSecond / MiB, 1)} MiB/s, one connection); 20 at once: ${fmt(f.parallel.worst.mibPerSecond, 0)} MiB/s`,
      status: 'reported',
      why: '',
    },
    {
      id: 'files:rss',
      target: 'paper files: app RSS growth during 20 parallel downloads < 50 MiB',
      measured: `+${fmt(growth / MiB, 1)} MiB (${fmt(f.parallel.worst.rssBefore / MiB, 1)} -> ${fmt(f.parallel.worst.rssMax / MiB, 1)} MiB, worst of ${f.parallel.rounds.length} rounds)`,
      status: status(growth < MAX_DOWNLOAD_RSS_GROWTH),
      why: '',
    },
  ];
}

/** The earlier targets (first release): middleware share, GraphQL vs REST, memory soak. */
function earlierRows(base) {
  const rows = [];
  const o = base?.throughput?.medians?.['overhead.universities'];
  if (o?.rest && o['rest-bare']) {
    const full = serviceMs(o.rest);
    const share = full ? (full - serviceMs(o['rest-bare'])) / full : null;
    rows.push({
      id: 'middleware-stack',
      target: 'limiter + logger + auth together under 20% of service time (app + database CPU)',
      measured: `${ms(full)} ms/request with all, ${ms(serviceMs(o['rest-bare']))} without = ${pct(share)}`,
      status: status(share === null ? null : share < 0.2),
      why: '',
    });
  }
  const gq = appLatency(base, 'graphql.syllabus');
  const rs = appLatency(base, 'rest.syllabus');
  if (gq && rs) {
    const r = ratio(gq.p50, rs.p50);
    rows.push({
      id: 'graphql-syllabus-latency',
      target: 'GraphQL syllabus tree within 2× the REST syllabus (p50)',
      measured: `${ms(gq.p50)} vs ${ms(rs.p50)} ms = ${fmt(r, 2)}×`,
      status: status(r === null ? null : r <= 2),
      why: '',
    });
  }
  for (const [app, m] of Object.entries(base?.memory ?? {})) {
    rows.push({
      id: `rss-growth:${app}`,
      target: `${app}: RSS growth across the memory soak at most 10%`,
      measured: `${fmt(m.before.rss / MiB, 1)} -> ${fmt(m.after.rss / MiB, 1)} MiB = ${pct(m.rssGrowth)} over ${m.load.requests} requests`,
      status: status(m.rssGrowth <= 0.1),
      why: '',
    });
  }
  return rows;
}

/** Every target row of the run. */
export function evaluateTargets(results) {
  const base = targetConfiguration(results);
  if (!base) return { issue: [], cpu: [], earlier: [] };
  const larger = largerScaleOf(results, base);
  return {
    base: base.key,
    larger: larger?.key ?? null,
    issue: [
      ...p50Rows(results, base, larger),
      ...treeRows(base),
      ...includeTotalRows(base, larger),
      ...fileRows(base),
    ],
    cpu: cpuRows(base),
    earlier: earlierRows(base),
  };
}
