// One configuration (an engine at a scale): a fresh catalog, the built apps, capture processes and
// the baseline; each scenario captured, then measured against the baseline, the physical limit,
// req/s of the lists, the writes. Returns the figures; stops everything it started.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBenchDatabase } from './database.mjs';
import { loadCatalog } from './generate.mjs';
import { importBuilt, round, stats } from './lib.mjs';
import { fire, pairedLatency } from './measure.mjs';
import { measureMiddleware } from './middleware.mjs';
import { pickTargets } from './picks.mjs';
import { createServerPool } from './processes.mjs';
import { toWaves } from './replay.mjs';
import { buildScenarios, GRAPHQL_FULL_TREE, graphql, overheadScenario } from './scenarios.mjs';
import { measureSharedCache } from './shared-cache.mjs';
import { measureSqlLimits } from './sql-limit.mjs';
import { measureOcr } from './ocr.mjs';
import { measureDeactivation, measureDrafts, measureInserts } from './writes.mjs';

/** One request, timed: status, text, parsed body (null when not JSON), time. */
export async function send(url, request) {
  const started = performance.now();
  const res = await fetch(url + request.path, request);
  const text = await res.text();
  const ms = performance.now() - started;
  const json = res.headers.get('content-type')?.includes('application/json');
  return { status: res.status, text, body: json ? JSON.parse(text) : null, ms };
}

/** Why an answer is not a success, or null. */
function problemOf(reply) {
  const message = reply.body?.error?.message;
  if (reply.status !== 200) return `HTTP ${reply.status}: ${message ?? reply.text.slice(0, 200)}`;
  const errors = reply.body?.errors;
  return errors ? `GraphQL errors: ${JSON.stringify(errors).slice(0, 200)}` : null;
}

function appEnvironment(uri, keys, workDir, cachePort) {
  const skip = /^(SENTRY_|CLERK_|REDIS_|RATE_LIMIT_|EMBEDDED_|MONGODB_)/;
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !skip.test(k))),
    ...{ NODE_ENV: 'production', MONGODB_URI: uri, CLERK_JWT_KEY: keys.publicKey },
    ...{ RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'info', DATA_DIR: join(workDir, 'data') },
    ...{ SEED_SAMPLE_DATA: 'false', DB_SOCKET_TIMEOUT_MS: '300000' },
    CACHE_PURGE_URL: `http://127.0.0.1:${cachePort}/`,
  };
}

/** Session tokens signed with the run's key, as the apps verify them (CLERK_JWT_KEY). */
async function tokensFor(users, keys) {
  const { signSessionToken } = await importBuilt('packages/server-kit/dist/index.js');
  const claims = (u) => ({ sub: u.externalId, name: u.name, email: u.email });
  const sign = (u) => signSessionToken(keys.privateKey, claims(u), { expiresInSeconds: 6 * 3600 });
  return Promise.all(users.map(sign));
}

// A request's commands, recorded by the capture process: the second of two (caches then as under
// load), or the first where it took over `slowMs` (then also the scenario's single timing).
async function capture(pool, app, request, slowMs = Infinity) {
  const server = pool.get(`${app}-capture`);
  for (let attempt = 1; ; attempt += 1) {
    await server.request({ type: 'capture-start' });
    const reply = await send(server.url, request);
    const { commands } = await server.request({ type: 'capture-stop' });
    if (attempt === 2 || reply.ms > slowMs) return { reply, commands };
  }
}

/** Round trips of the full GraphQL tree at its smallest and largest, anonymous and as a user. */
async function treeRoundTrips(pool, pick, userToken) {
  const out = {};
  const callers = { anonymous: {}, 'normal user': { authorization: `Bearer ${userToken}` } };
  for (const [caller, headers] of Object.entries(callers)) {
    for (const [size, tree] of Object.entries({ small: pick.smallTree, large: pick.largeTree })) {
      const request = graphql(GRAPHQL_FULL_TREE, { id: tree.id }, headers);
      const { reply, commands } = await capture(pool, 'gateway', request);
      const figures = { roundTrips: commands.length, problem: problemOf(reply) };
      out[`${caller} ${size}`] = { ...tree, ...figures };
    }
  }
  return out;
}

/** Captures every scenario, registers its replay with the baseline; returns those that answered. */
async function captureScenarios(pool, scenarios, { maxRequest }, log) {
  const results = {};
  const active = [];
  for (const { name, label, app, requests, check } of scenarios) {
    const { reply, commands } = await capture(pool, app, requests(0)[0], maxRequest * 1000);
    const problem = problemOf(reply) ?? check?.(reply.body) ?? null;
    results[name] = { label, roundTrips: commands.length, problem };
    if (problem) {
      log(`  ! ${name}: not measured (${problem})`);
      continue;
    }
    const waves = toWaves(commands);
    await pool.get('baseline').request({ type: 'register', name, waves, body: reply.text });
    const slow = reply.ms > maxRequest * 1000;
    const { ms } = slow ? reply : await send(pool.get(app).url, requests(0)[0]);
    log(`  ${name.padEnd(28)} ${commands.length} commands; one request ${ms.toFixed(1)} ms`);
    results[name].singleMs = ms;
    active.push(scenarios.find((s) => s.name === name));
  }
  return { results, active };
}

/** The one-connection runs: the app and (b) in turns; one request where that took too long. */
async function latencyRuns({ pool, active, results, settings, db, log }) {
  for (const { name, app, requests } of active) {
    const r = results[name];
    if (r.singleMs > settings.maxRequest * 1000) {
      r.app = { ...stats([r.singleMs]), roundP50s: [r.singleMs], single: true };
      log(`  ${name.padEnd(28)} one request only: ${(r.singleMs / 1000).toFixed(1)} s`);
      continue;
    }
    const replay = () => [{ method: 'GET', path: `/replay/${name}` }];
    const sides = [
      { server: pool.get(app), requests },
      { server: pool.get('baseline'), requests: replay },
    ];
    [r.app, r.baseline] = await pairedLatency(sides, { singleMs: r.singleMs, settings, db });
    const failures = r.app.failures + r.baseline.failures;
    log(
      `  ${name.padEnd(28)} p50 ${r.app.p50?.toFixed(2)} ms, (b) ${r.baseline.p50?.toFixed(2)} ms; CPU ${r.app.cpuMs?.toFixed(2)} / ${r.baseline.cpuMs?.toFixed(2)} ms/req${failures ? `; ! ${failures} failures` : ''}`,
    );
  }
}

/** req/s of the lists at `connections`, long enough for a few rounds of every connection. */
async function throughputRuns({ pool, active, results, settings, log }) {
  for (const { name, app, requests, list } of active) {
    const r = results[name];
    if (!list || r.singleMs > 1000) continue;
    const { connections, loadSeconds, maxRun } = settings;
    const ms = r.app?.p50 ?? r.singleMs; // one request's time warm (the single one is cold)
    const seconds = Math.min(maxRun, Math.max(loadSeconds, (3 * connections * ms) / 1000));
    await pool.get(app).request({ type: 'cpu' }); // the peak RSS from here
    const run = await fire(pool.get(app).url, requests, { connections, seconds });
    const rps = run.times.length / run.seconds;
    const { peakRss } = await pool.get(app).request({ type: 'cpu' });
    r.throughput = { rps: round(rps, 1), seconds, failures: run.failures };
    r.throughput.peakRssMiB = peakRss / 2 ** 20;
    log(`  ${name.padEnd(28)} ${r.throughput.rps} req/s`);
  }
}

export async function runConfiguration({ config, settings, keys, log }) {
  const workDir = mkdtempSync(join(tmpdir(), 'qpc-bench-run-'));
  const startedAt = Date.now();
  const tag = `[${config.key}]`;
  log(`\n> ${tag} starting the database, loading the catalog (scale ${config.scale})`);
  const db = await openBenchDatabase({ engine: config.engine });
  // The shared cache's port, which the apps purge (shared-cache.mjs starts it later).
  const port = await (await importBuilt('packages/ferretdb/dist/index.js')).freePort();
  const pool = createServerPool({ workDir, env: appEnvironment(db.uri, keys, workDir, port) });
  try {
    const { catalog, collections, ...loaded } = await loadCatalog(db, settings.seed, config.scale);
    log(`> ${tag} ${JSON.stringify(loaded)}`);
    const pick = pickTargets(catalog);
    const auth = await tokensFor(catalog.loadUsers, keys);
    const role = (r) => catalog.docs.users.find((u) => u.role === r);
    const [admin, editor] = await tokensFor([role('admin'), role('editor')], keys);

    log(`> ${tag} starting the apps, capture processes and baseline`);
    await pool.start('rest', 'rest'); // first alone: its startup migrations run once
    // The driver's command monitoring, on in the capture processes only (db.uri has no query).
    const capturing = { MONGODB_URI: `${db.uri}?monitorCommands=true`, BENCH_CAPTURE: '1' };
    await Promise.all([
      pool.start('gateway', 'gateway'),
      pool.start('rest-capture', 'rest', capturing),
      pool.start('gateway-capture', 'gateway', capturing),
      pool.start('baseline', 'baseline'),
      config.primary && pool.start('middleware', 'middleware'),
    ]);

    const wanted = (name) => !settings.only.length || settings.only.some((p) => name.startsWith(p));
    const all = buildScenarios({ pick, auth, admin }).filter((s) => wanted(s.name));
    const { results, active } = await captureScenarios(pool, all, settings, log);
    const roundTrips = await treeRoundTrips(pool, pick, auth[0]);
    const context = { pool, active, results, settings, db, log };
    log(`> ${tag} one connection: the app and (b) take turns in ${settings.rounds} rounds`);
    await latencyRuns(context);
    if (db.postgresUrl) {
      const names = active.map((s) => s.name);
      const seconds = Math.min(2, settings.duration);
      const limits = await measureSqlLimits({ db, names, collections, seconds });
      for (const [name, limit] of Object.entries(limits)) results[name].sql = limit;
    }
    log(`> ${tag} lists at ${settings.connections} connections`);
    await throughputRuns(context);
    const overhead = overheadScenario(auth[1]);
    const middleware = config.primary ? await measureMiddleware({ ...context, overhead }) : null;

    log(`> ${tag} the shared cache`);
    const shared = { ...context, catalog, pick, port, admin };
    const sharedCache = wanted('cache') ? await measureSharedCache(shared) : null;

    log(`> ${tag} writes`);
    const url = pool.get('rest').url;
    const [offeringId, universityId] = [pick.syllabusOfferingId, pick.largestUniversityId];
    const writes = {
      insert: () => measureInserts({ url, token: editor, target: pick.insert }),
      drafts: () => measureDrafts({ url, token: editor, offeringId, db }),
      ocr: () =>
        measureOcr({
          ...{ url, token: editor, offeringId, questionIds: pick.questionIds, db, log },
          startJsApp: async () =>
            (await pool.start('rest-ocr-js', 'rest', { OCR_ENGINE: 'js' })).url,
        }),
      deactivation: () => measureDeactivation({ url, token: admin, universityId, db, collections }),
    };
    const figures = { scenarios: results, roundTrips, middleware };
    for (const [name, measure] of Object.entries(writes)) {
      figures[name] = wanted(name) ? await measure() : null;
      if (figures[name])
        log(`  ${name}: ${JSON.stringify(figures[name], (_, v) => round(v, 1) ?? v)}`);
    }
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    const { engineDescription } = db;
    return { ...config, engineDescription, seconds, catalog: loaded, ...figures, sharedCache };
  } finally {
    await pool.stopAll();
    await db.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}
