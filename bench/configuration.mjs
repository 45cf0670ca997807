// One configuration of the benchmark (an engine at a scale): a fresh database and catalog, the
// built apps and the floor as child processes, one request of each scenario (its response, its
// round trips, its time), the one-connection latency runs, and for the first configuration the
// extras (primary.mjs). Returns the figures; stops everything it started.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBenchDatabase } from './database.mjs';
import { generateCatalog } from './generate.mjs';
import { importBuilt, round } from './lib.mjs';
import { latencyRuns } from './load.mjs';
import { steadyStatePass } from './steady.mjs';
import { pickTargets } from './picks.mjs';
import { runPrimaryExtras } from './primary.mjs';
import { createServerPool, monitoredUri, twinName } from './processes.mjs';
import {
  buildOverheadScenario,
  buildScenarios,
  fullTreeRequest,
  GRAPHQL_DEEP_TREE,
  GRAPHQL_SYLLABUS,
  targetPath,
} from './scenarios.mjs';

/** One request, timed: status, size, parsed body. */
export async function send(baseUrl, request) {
  const started = performance.now();
  const res = await fetch(baseUrl + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // kept as null: reported by problemOf
  }
  return { status: res.status, bytes: Buffer.byteLength(text), body, ms };
}

/** Why a response is not a success, or null (ids replaced by `:id`, so notes repeat across runs). */
export function problemOf(reply) {
  const message = reply.body?.error?.message?.replace(/\b[a-f0-9]{24}\b/g, ':id');
  if (reply.status === 404 && /^Route not found/.test(message ?? ''))
    return `not on this branch (404 ${message})`;
  if (reply.status !== 200)
    return `HTTP ${reply.status}: ${message ?? JSON.stringify(reply.body)?.slice(0, 300)}`;
  if (!reply.body) return 'not JSON';
  if (reply.body.errors)
    return `GraphQL errors: ${JSON.stringify(reply.body.errors).slice(0, 300)}`;
  if (reply.body.success === false) return JSON.stringify(reply.body).slice(0, 300);
  return null;
}

async function countRoundTrips(server, request) {
  await server.request({ type: 'count-start' });
  const reply = await send(server.url, request);
  const { roundTrips, commands } = await server.request({ type: 'count-stop' });
  return { roundTrips, commands, reply };
}

/**
 * Runs the startup migrations of the domain (connectDatabase's: the ancestor keys, and search's
 * keys and document frequencies where the domain has search) in the bench process, so the apps
 * find them done, and returns how many documents they had to fill: 0 when the generator wrote
 * the real shape. Null when this domain has no such migration.
 */
async function backfilledByMigrations() {
  const steps = [
    ['packages/domain/dist/migrations.js', 'backfillAncestorKeys'],
    ['packages/domain/dist/search/backfill.js', 'backfillSearch'],
  ];
  let updated = null;
  for (const [file, name] of steps) {
    const module = await importBuilt(file).catch(() => null);
    if (typeof module?.[name] !== 'function') continue;
    updated = (updated ?? 0) + (await module[name]()).updated;
  }
  return updated;
}

function appEnvironment(uri, keys, workDir) {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !/^(SENTRY_|CLERK_|REDIS_|RATE_LIMIT_|EMBEDDED_)/.test(k),
      ),
    ),
    NODE_ENV: 'production',
    MONGODB_URI: uri,
    CLERK_JWT_KEY: keys.publicKey,
    RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: 'info',
    DATA_DIR: join(workDir, 'data'),
    SEED_SAMPLE_DATA: 'false',
    // A scan-bound request on a slow engine can queue for seconds: no socket timeouts.
    DB_SOCKET_TIMEOUT_MS: '120000',
  };
}

async function tokensFor(users, keys, signSessionToken) {
  return Promise.all(
    users.map(async (u) => ({
      id: String(u._id),
      externalId: u.externalId,
      token: await signSessionToken(
        keys.privateKey,
        { sub: u.externalId, name: u.name, email: u.email },
        { expiresInSeconds: 6 * 3600 },
      ),
    })),
  );
}

/** Round trips of the trees at their smallest and largest, and of the full tree per caller. */
async function countTrees(pool, pick, normalUser) {
  const gateway = pool.get(twinName('gateway'));
  const rest = pool.get(twinName('rest'));
  const post = (query, id) => ({
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables: { id } }),
  });
  const requests = {
    syllabus: (id) => [gateway, post(GRAPHQL_SYLLABUS, id)],
    deepTree: (id) => [gateway, post(GRAPHQL_DEEP_TREE, id)],
    fullTree: (id) => [gateway, fullTreeRequest(id)],
    fullTreeNormalUser: (id) => [
      gateway,
      fullTreeRequest(id, { authorization: `Bearer ${normalUser.token}` }),
    ],
    restSyllabus: (id) => [
      rest,
      { method: 'GET', path: `/api/v1/subject-offerings/${id}/syllabus`, headers: {} },
    ],
  };
  const out = {};
  for (const [label, make] of Object.entries(requests)) {
    out[label] = {};
    for (const [size, tree] of [
      ['small', pick.smallTree],
      ['large', pick.largeTree],
    ]) {
      const [server, request] = make(tree.id);
      const { roundTrips, commands, reply } = await countRoundTrips(server, request);
      out[label][size] = {
        ...tree,
        roundTrips,
        commands,
        bytes: reply.bytes,
        problem: problemOf(reply),
      };
    }
  }
  return out;
}

/**
 * Captures one request of each scenario; returns the scenarios that answered as they should.
 * `cpuFigure`: the configuration whose CPU the targets judge, where (b) answers every scenario.
 */
async function captureScenarios(pool, scenarios, settings, log, { cpuFigure = false } = {}) {
  const capture = {};
  const constants = {};
  const active = [];
  for (const scenario of scenarios) {
    const request = scenario.requests(0)[0];
    const counted = await countRoundTrips(pool.get(twinName(scenario.app)), request);
    const problem = problemOf(counted.reply) ?? scenario.check?.(counted.reply.body) ?? null;
    capture[scenario.name] = {
      label: scenario.label,
      status: counted.reply.status,
      bytes: counted.reply.bytes,
      roundTrips: counted.roundTrips,
      commands: counted.commands,
      problem,
    };
    if (problem) {
      log(`  ! ${scenario.name}: not measured (${problem})`);
      continue;
    }
    const slow = settings.maxRequest * 1000;
    const floorRequest = { ...request, path: targetPath(scenario, request, 'floor') };
    // Elsewhere, an app request slower than BENCH_MAX_REQUEST is measured by that request alone,
    // without CPU figures: the floor's answer would add minutes and no comparison.
    const floorCounted =
      counted.reply.ms > slow && !cpuFigure
        ? { reply: { status: 501 }, roundTrips: null, commands: null }
        : await countRoundTrips(pool.get(twinName('floor')), floorRequest);
    const floorProblem =
      floorCounted.reply.status === 501 ? 'no baseline' : problemOf(floorCounted.reply);
    // The time of one request on the measured process (the twin's when that took longer than
    // BENCH_MAX_REQUEST: such a scenario is represented by one request, no need for another).
    const appTimed =
      counted.reply.ms > slow ? counted.reply : await send(pool.get(scenario.app).url, request);
    const floorTimed = floorProblem
      ? null
      : floorCounted.reply.ms > slow
        ? floorCounted.reply
        : await send(pool.get('floor').url, floorRequest);
    Object.assign(capture[scenario.name], {
      floorRoundTrips: floorCounted.roundTrips,
      floorCommands: floorCounted.commands,
      floorBytes: floorCounted.reply.bytes,
      floorProblem,
      singleMs: { [scenario.app]: appTimed.ms, floor: floorTimed?.ms ?? null },
    });
    if (floorProblem && floorProblem !== 'no baseline')
      log(`  ! ${scenario.name}: floor answered ${floorProblem}`);
    constants[scenario.name] = counted.reply.body;
    active.push(scenario);
  }
  return { capture, constants, active };
}

/** One-connection runs of every active scenario against the app and the floor. */
/**
 * Scenarios a configuration leaves out, with the reason: on a `coreOnly` configuration those of
 * no target; at a larger scale, those whose single request took longer than BENCH_MAX_REQUEST
 * at a smaller scale of the same engine (it would take about as many times longer as the
 * catalog is larger).
 */
function exclusionsOf(all, config, previous, settings) {
  const out = {};
  for (const scenario of all) {
    const before = previous?.capture?.[scenario.name]?.singleMs?.[scenario.app];
    if (before > settings.maxRequest * 1000)
      out[scenario.name] =
        `one request took ${(before / 1000).toFixed(1)} s at ${previous.key} (over BENCH_MAX_REQUEST)`;
    else if (config.coreOnly && !scenario.core)
      out[scenario.name] = 'targets only on this engine above its smallest scale';
  }
  return out;
}

/**
 * Runs one configuration; see the file comment. `previous`: the same engine's result at a
 * smaller scale, if any.
 */
export async function runConfiguration({ config, settings, keys, log, previous = null }) {
  const wanted = (name) =>
    settings.only.length === 0 ||
    settings.only.some((p) => (p.endsWith('$') ? name === p.slice(0, -1) : name.startsWith(p)));
  const workDir = mkdtempSync(join(tmpdir(), 'qpc-bench-run-'));
  const startedAt = Date.now();
  log(`\n> [${config.key}] starting the database`);
  const db = await openBenchDatabase({
    engine: config.engine === 'external' ? undefined : config.engine,
  });
  const pool = createServerPool({
    workDir,
    env: appEnvironment(db.uri, keys, workDir),
    cpuProf: settings.cpuProf && join(settings.cpuProf, config.key),
  });
  try {
    log(`> [${config.key}] ${db.engine}; generating the catalog (scale ${config.scale})`);
    const generated = await generateCatalog({
      seed: settings.seed,
      scale: config.scale,
      domain: db.domain,
    });
    const indexStarted = performance.now();
    const analyzed = await db.finishLoad();
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    const migrationStarted = performance.now();
    const backfilled = await backfilledByMigrations();
    const migrationSeconds = (performance.now() - migrationStarted) / 1000;
    log(
      `> [${config.key}] ${Object.entries(generated.counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(
          ', ',
        )}: inserted in ${generated.seconds.toFixed(1)} s, indexed in ${indexSeconds.toFixed(1)} s${analyzed ? ' (and analysed)' : ''}; startup migrations filled ${backfilled ?? '–'} documents`,
    );
    if (backfilled) log(`  ! the generator misses fields the app fills: ${backfilled} documents`);
    await db.disconnect();

    const { catalog } = generated;
    const pick = pickTargets(catalog);
    const { signSessionToken } = await importBuilt('packages/server-kit/dist/index.js');
    const auth = await tokensFor(catalog.loadUsers, keys, signSessionToken);
    const editor = catalog.docs.users.find((u) => u.role === 'editor');
    const [editorAuth] = await tokensFor([editor], keys, signSessionToken);
    const dbPids = [db.embedded?.process.pid, db.embedded?.postgres?.pid];

    log(`> [${config.key}] starting the apps and the floor`);
    await pool.start('rest', 'rest'); // first alone: startup migrations run once
    const monitored = { MONGODB_URI: monitoredUri(db.uri) };
    const starts = [
      ['gateway', 'gateway'],
      ['floor', 'floor'],
      ...['rest', 'gateway', 'floor'].map((kind) => [twinName(kind), kind, monitored]),
    ];
    if (config.primary && wanted('overhead')) {
      starts.push(
        ['rest-no-limiter', 'rest', { BENCH_DISABLE: 'rateLimit' }],
        ['rest-no-logger', 'rest', { BENCH_DISABLE: 'logger' }],
        ['rest-no-auth', 'rest', { BENCH_DISABLE: 'auth' }],
        ['rest-bare', 'rest', { BENCH_DISABLE: 'rateLimit,logger,auth' }],
      );
    }
    await Promise.all(starts.map(([name, kind, env]) => pool.start(name, kind, env)));

    const all = buildScenarios({ pick, auth }).filter((s) => wanted(s.name));
    const exclusions = exclusionsOf(all, config, previous, settings);
    const scenarios = all.filter((s) => !exclusions[s.name]);
    const excluded = Object.keys(exclusions);
    for (const [name, reason] of Object.entries(exclusions))
      log(`> [${config.key}] left out ${name}: ${reason}`);
    const { capture, constants, active } = await captureScenarios(pool, scenarios, settings, log, {
      cpuFigure: config.primary,
    });
    const roundTrips = await countTrees(pool, pick, auth[0]);
    log(
      `> [${config.key}] full tree: ${roundTrips.fullTree.small.roundTrips} / ${roundTrips.fullTree.large.roundTrips} round trips (small / large, anonymous), ${roundTrips.fullTreeNormalUser.large.roundTrips} for a normal user`,
    );
    // The configurations the targets judge are measured in the steady state of a running server:
    // the CPU target on the first, the growth between the scales of its engine.
    const steady = config.steadyState
      ? await steadyStatePass({ pool, active, capture, settings })
      : null;
    if (steady)
      log(
        `> [${config.key}] steady-state pass: ${steady.requests} requests over ${steady.scenarios} scenarios in ${steady.seconds.toFixed(0)} s, unmeasured`,
      );
    log(`> [${config.key}] one-connection runs`);
    const latency = await latencyRuns({
      pool,
      active,
      capture,
      settings,
      dbPids,
      log,
      // The configuration the CPU target judges: every REST scenario gets a CPU figure there.
      cpuFigure: config.primary,
    });
    const extras = config.primary
      ? await runPrimaryExtras({
          pool,
          active,
          capture,
          constants,
          pick,
          auth,
          editorToken: editorAuth.token,
          overhead: wanted('overhead') ? buildOverheadScenario({ pick, auth }) : null,
          files: wanted('files'),
          settings,
          dbPids,
          log,
        })
      : {};
    return {
      ...config,
      engineDescription: db.engine,
      backend: db.backend,
      seconds: Math.round((Date.now() - startedAt) / 1000),
      catalog: {
        seed: settings.seed,
        scale: config.scale,
        counts: generated.counts,
        insertSeconds: round(generated.seconds, 1),
        indexSeconds: round(indexSeconds, 1),
        migrationSeconds: round(migrationSeconds, 1),
        analyzed,
        backfilled,
      },
      picks: {
        ...pick,
        questionIds: pick.questionIds.length,
        voteSolutionIds: pick.voteSolutionIds.length,
      },
      excluded,
      exclusions,
      capture,
      roundTrips,
      steady,
      latency,
      ...extras,
    };
  } finally {
    await pool.stopAll();
    await db.close();
    if (!process.env.BENCH_KEEP) rmSync(workDir, { recursive: true, force: true });
    else log(`> logs kept in ${workDir}`);
  }
}
