// The targets (issue 35's and the earlier ones), judged on the embedded default (PostgreSQL):
// p50 with one connection, growth from the smallest to the largest scale, the writes, the
// middleware, the shared cache. Row status: met, missed, not measured or reported.
import { INSERT_BEFORE, INSERT_BEFORE_57 } from './writes.mjs';

/** [scenario, what, p50 limit in ms: one for every scale, or by scale]; issue 35's first. */
const EARLIER_TARGETS = [
  ['questions-no-total', 'GET /questions page 1 without the total', 20],
  ['questions', 'GET /questions page 1 with the total', { 1: 25, 5: 40 }],
  ['questions-type', 'GET /questions?type=long', 25],
  ['questions-marks', 'GET /questions?sort=-marks', 30],
  ['questions-page-500', 'GET /questions page 500', 60],
  ['papers', 'GET /papers page 1', 25],
  ['graphql.papers', 'GraphQL papers(limit: 20) with offering and subject', 40],
  ['universities', 'GET /universities?search=…', 25],
  ['users', "the admin's GET /users", 25],
  ['search-common', 'a two-common-word search', { 5: 100 }],
  ['papers-offering', 'GET /papers?subjectOfferingId (earlier)', 25],
  ['syllabus', 'GET /subject-offerings/:id/syllabus (earlier)', 25],
  ['module-questions', 'GET /modules/:id/questions (earlier)', 25],
  ['question', 'GET /questions/:id (earlier)', 10],
  ['vote', 'PATCH /solutions/:id/vote (earlier)', 40],
  ['graphql.tree', "the README's full GraphQL offering tree (earlier)", 150],
  ['search', 'a two-word search, rare words (earlier)', 100],
  ['coverage', 'coverage of the largest offering (earlier)', 100],
  ['similar', 'GET /questions/:id/similar (issue 38)', { 5: 30 }],
];
const SUGGESTING = {
  subject: "a subject's prefix",
  topic: "a topic word's prefix",
  word: "a frequent word's prefix",
  'two-words': 'a second word being typed',
};
/** Issue 57's, by scale: common and rare words, and suggestions as a student types. */
export const P50_TARGETS = [
  ...EARLIER_TARGETS,
  ['search-common', 'a two-common-word search (issue 57)', { 5: 30, 50: 150 }],
  ['search', 'a two-rare-word search (issue 57)', { 5: 15, 50: 30 }],
  ...Object.entries(SUGGESTING).map(([kind, what]) => [
    `suggest-${kind}`,
    `GET /search/suggest, ${what} (issue 57)`,
    { 5: 20, 50: 40 },
  ]),
];
/** Growth is judged on every list without its total (targets 2-9) and every earlier target. */
const GROWTH = [
  ...EARLIER_TARGETS.slice(1, 9).map(([name]) => `${name}-no-total`),
  ...EARLIER_TARGETS.slice(10).map(([name]) => name),
];
export const MAX_GROWTH = 1.3;
const MAX_INSERT_RATIO = 1.2;
const MAX_DELETE_MS = 2000;
const MAX_SETTLE_S = 60;
const MAX_TREE_ROUND_TRIPS = 15;
const MAX_MIDDLEWARE_SHARE = 0.2;
const MIN_CACHE_RPS = 5000;

export const fmt = (v, digits = 3) => {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  if (Math.abs(v) >= 100) return v.toFixed(0);
  return Number(v.toPrecision(digits)).toString();
};
const status = (ok) => (ok === null || ok === undefined ? 'not measured' : ok ? 'met' : 'missed');

/** "12.3 ms (p25–p75 10.1–15.0; rounds 11.9–12.8; n=300)". */
export function spreadOf(m) {
  if (!m) return '–';
  if (m.single) return `${fmt(m.p50)} ms (one request: too slow for a run)`;
  const p50s = m.roundP50s ?? [];
  const rounds =
    p50s.length > 1 ? `; rounds ${fmt(Math.min(...p50s))}–${fmt(Math.max(...p50s))}` : '';
  return `${fmt(m.p50)} ms (p25–p75 ${fmt(m.p25)}–${fmt(m.p75)}${rounds}; n=${m.n})`;
}

const scenarioOf = (config, name) => config?.scenarios?.[name];
const why = (config, name) => scenarioOf(config, name)?.problem ?? 'not measured in this run';
/** A row; `ok`: true, false, null (not measured) or a status of its own ('reported'). */
const row = (target, measured, ok, note = '') => {
  const state = typeof ok === 'string' ? ok : status(ok);
  return { target, measured, status: state, note };
};

function p50Rows(configs) {
  return P50_TARGETS.flatMap(([name, what, limits]) =>
    configs.flatMap((config) => {
      const limit = typeof limits === 'number' ? limits : limits[config.scale];
      if (limit === undefined) return [];
      const m = scenarioOf(config, name)?.app;
      const target = `${what}: p50 ≤ ${limit} ms (${config.key})`;
      return [row(target, spreadOf(m), m ? m.p50 <= limit : null, m ? '' : why(config, name))];
    }),
  );
}

function growthRows(small, large) {
  if (!small || !large || small === large) return [];
  return GROWTH.map((name) => {
    const [a, b] = [small, large].map((config) => scenarioOf(config, name)?.app);
    const growth = a && b ? b.p50 / a.p50 : null;
    const what = scenarioOf(small, name)?.label ?? name;
    return row(
      `${what}: p50 grows ≤ ${MAX_GROWTH}× from ${small.key} to ${large.key}`,
      growth === null ? '–' : `${fmt(a.p50)} → ${fmt(b.p50)} ms = ${fmt(growth)}×`,
      growth === null ? null : growth <= MAX_GROWTH,
      growth === null ? why(a ? large : small, name) : '',
    );
  });
}

function treeRow(config) {
  const tree = Object.entries(config.roundTrips ?? {});
  const counts = Object.fromEntries(tree.map(([k, t]) => [k, t.roundTrips]));
  const ok = tree.length
    ? counts['anonymous small'] === counts['anonymous large'] &&
      Math.max(...Object.values(counts)) <= MAX_TREE_ROUND_TRIPS
    : null;
  return row(
    `full GraphQL offering tree: ≤ ${MAX_TREE_ROUND_TRIPS} round trips, the same for every tree size (${config.key})`,
    tree.map(([k, t]) => `${k} ${t.roundTrips}`).join(', '),
    ok,
    tree.find(([, t]) => t.problem)?.[1].problem ?? '',
  );
}

/** A question insert against the figure before an issue, judged at the scale it was measured at. */
function insertRow({ insert: i, key, scale }, before, issue) {
  const judged = scale === before.scale;
  const how = before.how ? `, ${before.how}` : '';
  return row(
    `a question insert: p50 ≤ ${MAX_INSERT_RATIO}× before issue ${issue} (${before.p50} ms at scale ${before.scale}, ${before.commit}, ${before.date}${how}) (${key})`,
    i ? `${spreadOf(i)} = ${fmt(i.p50 / before.p50)}×` : '–',
    !judged ? 'reported' : i ? i.p50 <= MAX_INSERT_RATIO * before.p50 : null,
    judged ? '' : `judged at scale ${before.scale}, where the figure before was measured`,
  );
}

function writeRows(config) {
  const { drafts, ocr, deactivation: d, key, scale } = config;
  const settleJudged = scale === 5;
  const settled =
    d?.settleS === null ? `${d.left} of ${d.before} still visible` : `${fmt(d?.settleS)} s`;
  return [
    insertRow(config, INSERT_BEFORE, 35),
    insertRow(config, INSERT_BEFORE_57, 57),
    row(
      `drafts of a 20-page text PDF ready ≤ 3 s after the upload starts (${key})`,
      drafts ? spreadOf(drafts) : '–',
      drafts ? drafts.p50 <= 3000 : null,
    ),
    row(
      `drafts of a 10-page scan ready ≤ 60 s after the upload starts, native Tesseract (${key})`,
      ocr ? `${fmt(ocr.native.ms / 1000)} s (${ocr.native.drafts} drafts)` : '–',
      ocr ? ocr.native.ms <= 60_000 : null,
    ),
    row(
      `drafts of a 10-page scan, tesseract.js fallback (${key})`,
      ocr ? `${fmt(ocr.fallback.ms / 1000)} s (${ocr.fallback.drafts} drafts)` : '–',
      ocr ? 'reported' : null,
    ),
    row(
      `GET /questions/:id p50 while a scan is read ≤ 2× idle (${key})`,
      ocr
        ? `${fmt(ocr.duringOcr.p50)} ms vs ${fmt(ocr.idle.p50)} ms idle = ${fmt(ocr.duringOcr.p50 / ocr.idle.p50)}×`
        : '–',
      ocr ? ocr.duringOcr.p50 <= 2 * ocr.idle.p50 : null,
    ),
    row(
      `deactivating the largest university: the DELETE ≤ ${MAX_DELETE_MS / 1000} s (${key})`,
      d ? `${fmt(d.deleteMs)} ms` : '–',
      d ? d.deleteMs <= MAX_DELETE_MS : null,
    ),
    row(
      `deactivating the largest university: none of its papers, questions, solutions visible within ${MAX_SETTLE_S} s (${key})`,
      d ? `${settled} (${d.before} visible before)` : '–',
      !d ? null : settleJudged ? d.settleS !== null && d.settleS <= MAX_SETTLE_S : 'reported',
      settleJudged ? '' : 'judged at scale 5',
    ),
  ];
}

/** Reads through the shared cache (issue 54): req/s, origin hits; a write showing within 1 s. */
function cacheRows({ sharedCache: c, key }) {
  if (!c) return [];
  const reads = Object.entries(c.reads).map(([label, r]) =>
    row(
      `${label} through the shared cache: ≥ ${MIN_CACHE_RPS} req/s (${c.connections} connections, ${c.seconds} s), the origin asked once (${key})`,
      `${fmt(r.rps)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms; origin ${r.originHits}`,
      r.rps >= MIN_CACHE_RPS && r.originHits <= 1 && r.failures === 0,
    ),
  );
  const purge = `a write (a paper's rename) shows through the shared cache within 1 s (${key})`;
  return [...reads, row(purge, spreadOf(c.purge), c.purge.max <= 1000)];
}

function otherRows(config) {
  const gq = scenarioOf(config, 'graphql.syllabus')?.app;
  const rs = scenarioOf(config, 'syllabus')?.app;
  const mw = config.middleware;
  return [
    treeRow(config),
    row(
      `GraphQL syllabus tree within 2× the REST syllabus, p50 (${config.key})`,
      gq && rs ? `${fmt(gq.p50)} vs ${fmt(rs.p50)} ms = ${fmt(gq.p50 / rs.p50)}×` : '–',
      gq && rs ? gq.p50 <= 2 * rs.p50 : null,
    ),
    ...writeRows(config),
    ...cacheRows(config),
    ...(mw
      ? [
          row(
            `limiter + logger + auth together under ${MAX_MIDDLEWARE_SHARE * 100}% of the service time (Node + database CPU) of ${mw.label} (${config.key})`,
            `${fmt(mw.costs.all)} of ${fmt(mw.appServiceMs)} ms/request = ${fmt(mw.share * 100)}%`,
            mw.share < MAX_MIDDLEWARE_SHARE,
            `each alone: logger ${fmt(mw.costs.logger)}, limiter ${fmt(mw.costs.limiter)}, auth ${fmt(mw.costs.auth)} ms/request`,
          ),
        ]
      : []),
  ];
}

/** Every target row of a run (its PostgreSQL configurations). */
export function evaluateTargets(results) {
  const configs = results.filter((c) => c.engine === 'postgresql' && !c.failed);
  const bySize = [...configs].sort((a, b) => a.scale - b.scale);
  const growth = growthRows(bySize[0], bySize.at(-1));
  return [...p50Rows(configs), ...growth, ...configs.flatMap(otherRows)];
}
