// The benchmark: fresh database, catalog, the built apps and both baselines as child processes,
// autocannon against each, the median of the repeats, overheads, a memory soak, then the report
// (docs/benchmarks.md) and the raw figures (docs/benchmarks.json). `npm run bench` builds first
// (scripts/bench.mjs) and then runs this file.
//
// Settings (environment):
//   BENCH_DURATION=4     seconds per measured run (x2 for slow scenarios, x3 for the vote)
//   BENCH_REPEATS=3      runs per target (median kept)   BENCH_WARMUP=2     seconds of warm-up per target
//   BENCH_CONNECTIONS=10 connections (fast scenarios)    BENCH_SLOW_CONNECTIONS=2  connections (slow ones)
//   BENCH_SOAK=60        seconds of the memory soak      BENCH_SCALE=1      catalog size (0.1 = a tenth)
//   BENCH_SEED=42        catalog seed                    BENCH_ONLY=a,b     only these scenarios (names or prefixes)
//   BENCH_OUT=docs       where the report goes ("-" = nowhere)
//   BENCH_CPU_PROF=dir   write V8 CPU profiles of the app processes to dir (node --cpu-prof)
//   MONGODB_URI          run against that server (database qpc_bench, dropped first) instead of FerretDB
import { execFileSync, fork } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, freemem, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { openBenchDatabase } from './database.mjs';
import { generateCatalog } from './generate.mjs';
import { importBuilt, median, root, round, sleep } from './lib.mjs';
import { writeReport } from './report.mjs';
import {
  buildOverheadScenario,
  buildSoakExtras,
  buildScenarios,
  GRAPHQL_DEEP_TREE,
  GRAPHQL_SYLLABUS,
  targetPath,
} from './scenarios.mjs';

const number = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
};

const settings = {
  duration: number('BENCH_DURATION', 4),
  repeats: Math.max(1, Math.round(number('BENCH_REPEATS', 3))),
  warmup: number('BENCH_WARMUP', 2),
  connections: Math.max(1, Math.round(number('BENCH_CONNECTIONS', 10))),
  slowConnections: Math.max(1, Math.round(number('BENCH_SLOW_CONNECTIONS', 2))),
  soak: number('BENCH_SOAK', 60),
  scale: number('BENCH_SCALE', 1),
  seed: Math.round(number('BENCH_SEED', 42)),
  only: (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  out: process.env.BENCH_OUT ?? join(root, 'docs'),
  cpuProf: process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : null,
};

const log = (message) => process.stdout.write(`${message}\n`);
const wanted = (name) =>
  settings.only.length === 0 || settings.only.some((p) => name === p || name.startsWith(p));
const startedAt = new Date();
const workDir = mkdtempSync(join(tmpdir(), 'qpc-bench-run-'));

// ---------------------------------------------------------------------------------------------
// Database and catalog
log(`> settings: ${JSON.stringify({ ...settings, out: undefined })}`);
log('> starting the database');
const db = await openBenchDatabase();
log(`> engine: ${db.engine}`);
log(`> generating the catalog (seed ${settings.seed}, scale ${settings.scale})`);
const generated = await generateCatalog({
  seed: settings.seed,
  scale: settings.scale,
  domain: db.domain,
});
log(
  `> ${Object.entries(generated.counts)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ')} in ${generated.seconds.toFixed(1)} s`,
);
await db.disconnect();

const { docs, offeringTree, loadUsers } = generated.catalog;
const hex = (id) => String(id);
const pick = (() => {
  const approvedByOffering = new Map();
  for (const p of docs.papers) {
    if (p.status === 'approved')
      approvedByOffering.set(
        hex(p.subjectOfferingId),
        (approvedByOffering.get(hex(p.subjectOfferingId)) ?? 0) + 1,
      );
  }
  const papersOfferingId = [...approvedByOffering.entries()].sort(
    (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
  )[0][0];
  const trees = [...offeringTree.values()]
    .map(({ offering, modules }) => ({
      id: hex(offering._id),
      modules: modules.length,
      topics: modules.reduce((n, m) => n + m.topics.length, 0),
    }))
    .sort((a, b) => a.modules + a.topics - (b.modules + b.topics) || (a.id < b.id ? -1 : 1));
  const approvedPapers = new Set(
    docs.papers.filter((p) => p.status === 'approved').map((p) => hex(p._id)),
  );
  const visibleQuestions = docs.questions.filter((q) => approvedPapers.has(hex(q.paperId)));
  const step = Math.max(1, Math.floor(visibleQuestions.length / 100));
  return {
    papersOfferingId,
    papersApproved: approvedByOffering.get(papersOfferingId),
    universitySearch: 'tech',
    syllabusOfferingId: trees[Math.floor(trees.length / 2)].id,
    syllabusTree: trees[Math.floor(trees.length / 2)],
    smallTree: trees[0],
    largeTree: trees[trees.length - 1],
    questionIds: visibleQuestions
      .filter((_, i) => i % step === 0)
      .slice(0, 100)
      .map((q) => hex(q._id)),
    voteSolutionIds: docs.solutions
      .slice(0, generated.catalog.size.voteSolutions)
      .map((s) => hex(s._id)),
    votingUsers: generated.catalog.size.preVotingLoadUsers,
  };
})();

// ---------------------------------------------------------------------------------------------
// Keys and tokens: a fresh RSA pair; the public half is CLERK_JWT_KEY, as in production.
const { signSessionToken } = await importBuilt('packages/server-kit/dist/index.js');
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const auth = await Promise.all(
  loadUsers.map(async (u) => ({
    id: hex(u._id),
    externalId: u.externalId,
    token: await signSessionToken(
      keys.privateKey,
      { sub: u.externalId, name: u.name, email: u.email },
      { expiresInSeconds: 6 * 3600 },
    ),
  })),
);

// ---------------------------------------------------------------------------------------------
// Processes under load
const appEnv = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(SENTRY_|CLERK_|REDIS_|RATE_LIMIT_)/.test(k)),
  ),
  NODE_ENV: 'production',
  MONGODB_URI: db.uri,
  CLERK_JWT_KEY: keys.publicKey,
  RATE_LIMIT_MAX: '1000000000',
  LOG_LEVEL: 'info',
  DATA_DIR: join(workDir, 'data'),
  SEED_SAMPLE_DATA: 'false',
  // A scan-bound request on the embedded engine can queue for seconds: no socket timeouts.
  DB_SOCKET_TIMEOUT_MS: '120000',
};

const servers = new Map();
let messageId = 0;

async function startServer(name, kind, extraEnv = {}) {
  const logFile = join(workDir, `${name}.log`);
  const fd = openSync(logFile, 'a');
  const execArgv = ['--expose-gc'];
  if (settings.cpuProf && kind !== 'ceiling') {
    mkdirSync(settings.cpuProf, { recursive: true });
    execArgv.push(
      '--cpu-prof',
      `--cpu-prof-dir=${settings.cpuProf}`,
      `--cpu-prof-name=${name}.cpuprofile`,
    );
  }
  const child = fork(join(root, 'bench/server.mjs'), [kind], {
    env: { ...appEnv, ...extraEnv },
    stdio: ['ignore', fd, fd, 'ipc'],
    execArgv,
  });
  closeSync(fd);
  const pending = new Map();
  child.on('message', (message) => {
    if (message?.id !== undefined && pending.has(message.id)) {
      pending.get(message.id)(message);
      pending.delete(message.id);
    }
  });
  const port = await new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s`)), 60_000);
    child.on('message', (m) => {
      if (m?.type === 'ready') {
        clearTimeout(timer);
        resolvePort(m.port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `${name} exited with code ${code}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`,
        ),
      );
    });
  });
  const server = {
    name,
    kind,
    child,
    logFile,
    url: `http://127.0.0.1:${port}`,
    request(message) {
      const id = (messageId += 1);
      return new Promise((resolveReply) => {
        pending.set(id, resolveReply);
        child.send({ ...message, id });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  servers.set(name, server);
  return server;
}

async function stopAll() {
  await Promise.all([...servers.values()].map((s) => s.stop().catch(() => undefined)));
}
process.on('SIGINT', async () => {
  await stopAll();
  await db.close();
  process.exit(130);
});

const variants = [
  { name: 'rest', kind: 'rest', disable: '' },
  { name: 'gateway', kind: 'gateway', disable: '' },
  { name: 'floor', kind: 'floor', disable: '' },
  { name: 'rest-no-limiter', kind: 'rest', disable: 'rateLimit', overhead: true },
  { name: 'rest-no-logger', kind: 'rest', disable: 'logger', overhead: true },
  { name: 'rest-no-auth', kind: 'rest', disable: 'auth', overhead: true },
  { name: 'rest-bare', kind: 'rest', disable: 'rateLimit,logger,auth', overhead: true },
  { name: 'rest-tuned', kind: 'rest', disable: '', tuned: true },
];
const scenarios = buildScenarios({ pick, auth }).filter((s) => wanted(s.name));
const overhead = wanted('overhead') ? buildOverheadScenario({ pick, auth }) : null;

log('> starting the apps and the baselines (production build, NODE_ENV=production)');
try {
  for (const v of variants) {
    if (v.overhead && !overhead) continue;
    await startServer(v.name, v.kind, {
      BENCH_DISABLE: v.disable,
      ...(v.tuned ? { BENCH_TUNED: '1' } : {}),
    });
  }
} catch (error) {
  log(`! ${error.message}`);
  await stopAll();
  await db.close();
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// One request of each scenario: the real response (its size sets baseline (a)), a check that the
// app and the floor both answer 200, and the database round trips each one takes.
async function send(baseUrl, request) {
  const res = await fetch(baseUrl + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await res.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // kept as null: reported below
  }
  return { status: res.status, bytes: Buffer.byteLength(text), body };
}

function problemOf(reply) {
  if (reply.status !== 200)
    return `HTTP ${reply.status}: ${JSON.stringify(reply.body)?.slice(0, 300)}`;
  if (!reply.body) return 'not JSON';
  if (reply.body.errors)
    return `GraphQL errors: ${JSON.stringify(reply.body.errors).slice(0, 300)}`;
  if (reply.body.success === false) return JSON.stringify(reply.body).slice(0, 300);
  return null;
}

async function countRoundTrips(server, request) {
  await server.request({ type: 'count-start' });
  const reply = await send(server.url, request);
  const { roundTrips } = await server.request({ type: 'count-stop' });
  return { roundTrips, reply };
}

const capture = {};
const constants = {};
const active = [];
for (const scenario of [...scenarios, ...(overhead ? [overhead] : [])]) {
  const request = scenario.requests(0)[0];
  const app = servers.get(scenario.app);
  const real = await countRoundTrips(app, request);
  const floor = await countRoundTrips(servers.get('floor'), {
    ...request,
    path: targetPath(scenario, request, 'floor'),
  });
  const tuned =
    scenario.tuned && servers.has('rest-tuned')
      ? await countRoundTrips(servers.get('rest-tuned'), request)
      : null;
  const problem = problemOf(real.reply);
  capture[scenario.name] = {
    label: scenario.label,
    status: real.reply.status,
    bytes: real.reply.bytes,
    floorBytes: floor.reply.bytes,
    roundTrips: real.roundTrips,
    floorRoundTrips: floor.roundTrips,
    ...(tuned ? { tunedRoundTrips: tuned.roundTrips, tunedBytes: tuned.reply.bytes } : {}),
    problem:
      problem ??
      (problemOf(floor.reply) ? `floor: ${problemOf(floor.reply)}` : null) ??
      (tuned && problemOf(tuned.reply) ? `rest-tuned: ${problemOf(tuned.reply)}` : null),
  };
  if (capture[scenario.name].problem) {
    log(`! ${scenario.name}: skipped (${capture[scenario.name].problem})`);
    continue;
  }
  constants[scenario.name] = real.reply.body;
  active.push(scenario);
}

// Round trips of GraphQL trees of different sizes: the contract says they do not grow.
const roundTrips = {};
if (servers.has('gateway')) {
  const gateway = servers.get('gateway');
  const post = (query, id) => ({
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables: { id } }),
  });
  for (const [label, query] of [
    ['syllabus', GRAPHQL_SYLLABUS],
    ['deepTree', GRAPHQL_DEEP_TREE],
  ]) {
    roundTrips[label] = {};
    for (const [size, tree] of [
      ['small', pick.smallTree],
      ['large', pick.largeTree],
    ]) {
      const { roundTrips: n, reply } = await countRoundTrips(gateway, post(query, tree.id));
      roundTrips[label][size] = {
        ...tree,
        roundTrips: n,
        bytes: reply.bytes,
        problem: problemOf(reply),
      };
    }
  }
  const rest = servers.get('rest');
  roundTrips.restSyllabus = {};
  for (const [size, tree] of [
    ['small', pick.smallTree],
    ['large', pick.largeTree],
  ]) {
    const { roundTrips: n, reply } = await countRoundTrips(rest, {
      method: 'GET',
      path: `/api/v1/subject-offerings/${tree.id}/syllabus`,
      headers: {},
    });
    roundTrips.restSyllabus[size] = {
      ...tree,
      roundTrips: n,
      bytes: reply.bytes,
      problem: problemOf(reply),
    };
  }
}

const constantsFile = join(workDir, 'constants.json');
writeFileSync(constantsFile, JSON.stringify(constants));
await startServer('ceiling', 'ceiling', { BENCH_CONSTANTS: constantsFile });

// ---------------------------------------------------------------------------------------------
// Load
/** Connections and seconds of a scenario: the ceiling, a constant, always gets the base figures. */
function shape(scenario, target) {
  if (!scenario.slow || target === 'ceiling')
    return { connections: settings.connections, seconds: settings.duration };
  return {
    connections: Math.min(settings.slowConnections, settings.connections),
    seconds: settings.duration * (scenario.weight ?? 2),
  };
}

const serverOf = (target) => servers.get(target);

function cannon(target, scenario, seconds, connections = shape(scenario, target).connections) {
  const server = serverOf(target);
  const listFor = (clientIndex) =>
    scenario.requests(clientIndex).map((r) => ({ ...r, path: targetPath(scenario, r, target) }));
  let nextClient = 0;
  return autocannon({
    url: server.url,
    connections,
    duration: seconds,
    timeout: 120,
    requests: listFor(0),
    setupClient: (client) => {
      client.setRequests(listFor(nextClient));
      nextClient += 1;
    },
  });
}

// CPU time of the database process (embedded engine only: /proc/<pid>/stat, utime + stime).
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
function databaseCpuMicros() {
  const pid = db.embedded?.process.pid;
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / clockTicks) * 1e6;
  } catch {
    return null;
  }
}

/** Runs the load and measures the CPU the target process and the database spent per request. */
async function measured(target, scenario, seconds) {
  const server = serverOf(target);
  const before = await server.request({ type: 'cpu' });
  const dbBefore = databaseCpuMicros();
  const result = summarise(await cannon(target, scenario, seconds));
  await server.request({ type: 'idle' });
  const after = await server.request({ type: 'cpu' });
  const dbAfter = databaseCpuMicros();
  const served = after.requests - before.requests;
  return {
    ...result,
    served,
    cpuPerRequestMs: served ? (after.cpuMicros - before.cpuMicros) / served / 1000 : null,
    dbCpuPerRequestMs:
      served && dbBefore !== null && dbAfter !== null ? (dbAfter - dbBefore) / served / 1000 : null,
  };
}

function summarise(result) {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    meanLatency: result.latency.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const groups = active
  .filter((scenario) => scenario !== overhead)
  .map((scenario) => ({
    scenario,
    targets: [scenario.app, 'floor', ...(scenario.tuned ? ['rest-tuned'] : []), 'ceiling'],
  }));
if (overhead && active.includes(overhead)) {
  groups.push({
    scenario: overhead,
    targets: [
      'rest',
      'rest-no-limiter',
      'rest-no-logger',
      'rest-no-auth',
      'rest-bare',
      'rest-tuned',
      'floor',
    ],
  });
}
const runs = Object.fromEntries(
  groups.map((g) => [g.scenario.name, Object.fromEntries(g.targets.map((t) => [t, []]))]),
);
const totalRuns = groups.reduce((n, g) => n + g.targets.length, 0) * settings.repeats;
const estimate =
  groups.reduce(
    (n, g) =>
      n +
      g.targets.reduce(
        (m, t) => m + shape(g.scenario, t).seconds * settings.repeats + settings.warmup,
        0,
      ),
    0,
  ) + settings.soak;
log(
  `> ${totalRuns} measured runs (about ${Math.ceil(estimate / 60)} min with warm-ups and the soak)`,
);

let done = 0;
for (let repeat = 0; repeat < settings.repeats; repeat += 1) {
  for (const { scenario, targets } of groups) {
    // Rotate the order each repeat so a drift in machine load does not favour one target.
    const order = targets.map((_, i) => targets[(i + repeat) % targets.length]);
    for (const target of order) {
      if (repeat === 0 && settings.warmup > 0) {
        await cannon(target, scenario, settings.warmup);
        await serverOf(target).request({ type: 'idle' });
      }
      const { seconds, connections } = shape(scenario, target);
      const result = { ...(await measured(target, scenario, seconds)), seconds, connections };
      runs[scenario.name][target].push(result);
      done += 1;
      const flag =
        result.non2xx || result.errors
          ? `  (! ${result.non2xx} non-2xx, ${result.errors} errors)`
          : '';
      const cpu =
        result.cpuPerRequestMs === null ? '' : `  cpu ${result.cpuPerRequestMs.toFixed(2)} ms/req`;
      const dbCpu =
        result.dbCpuPerRequestMs === null
          ? ''
          : `  db cpu ${result.dbCpuPerRequestMs.toFixed(1)} ms/req`;
      log(
        `  [${String(done).padStart(3)}/${totalRuns}] ${scenario.name.padEnd(21)} ${target.padEnd(15)} ${result.rps.toFixed(1).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms${cpu}${dbCpu}${flag}`,
      );
    }
  }
}

const medians = {};
for (const [scenarioName, byTarget] of Object.entries(runs)) {
  medians[scenarioName] = {};
  for (const [target, list] of Object.entries(byTarget)) {
    medians[scenarioName][target] = {
      rps: median(list.map((r) => r.rps)),
      p50: median(list.map((r) => r.p50)),
      p99: median(list.map((r) => r.p99)),
      meanLatency: median(list.map((r) => r.meanLatency)),
      requests: median(list.map((r) => r.requests)),
      cpuPerRequestMs: median(list.map((r) => r.cpuPerRequestMs)),
      dbCpuPerRequestMs: median(list.map((r) => r.dbCpuPerRequestMs)),
      non2xx: list.reduce((n, r) => n + r.non2xx, 0),
      errors: list.reduce((n, r) => n + r.errors, 0),
      seconds: list[0]?.seconds,
      connections: list[0]?.connections,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Memory: RSS and heap of both apps before and after a soak of mixed traffic on each.
let memory = null;
if (settings.soak > 0 && servers.has('rest') && servers.has('gateway')) {
  // Every scenario of the app at once, each with its own connections (1 for the scan-bound
  // ones, 3 for the fast ones), so the fast routes keep flowing while the slow ones wait on scans.
  const extra = buildSoakExtras({ pick, auth });
  const mixFor = (appName) =>
    [...active, ...extra].filter((s) => s.app === appName && s !== overhead);
  const soakTargets = [
    ['rest', mixFor('rest')],
    ['gateway', mixFor('gateway')],
  ].filter(([, list]) => list.length);
  const soakLoad = (seconds) =>
    Promise.all(
      soakTargets.map(async ([name, list]) => {
        const results = await Promise.all(
          list.map((s) => cannon(name, s, seconds, s.slow ? 1 : 3)),
        );
        return {
          requests: {
            average: results.reduce((n, r) => n + r.requests.average, 0),
            total: results.reduce((n, r) => n + r.requests.total, 0),
          },
          latency: { p50: null, p90: null, p99: null, average: null },
          non2xx: results.reduce((n, r) => n + r.non2xx, 0),
          errors: results.reduce((n, r) => n + r.errors, 0),
          timeouts: results.reduce((n, r) => n + r.timeouts, 0),
          perScenario: Object.fromEntries(list.map((s, i) => [s.name, results[i].requests.total])),
        };
      }),
    );
  if (soakTargets.length) {
    log(
      `> memory soak: ${settings.soak} s of mixed traffic on ${soakTargets.map(([n]) => n).join(' and ')}`,
    );
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(
          soakTargets.map(async ([name]) => [
            name,
            await servers.get(name).request({ type: 'memory' }),
          ]),
        ),
      );
    const gcSnapshot = async () =>
      Object.fromEntries(
        await Promise.all(
          soakTargets.map(async ([name]) => [
            name,
            await servers.get(name).request({ type: 'memory', gc: true }),
          ]),
        ),
      );
    // A settle period with the same traffic, so "before" is a process already warm under this mix
    // (V8 grows its heap to the new concurrency in the first seconds; that is not a leak).
    await soakLoad(Math.min(15, settings.soak));
    const before = await snapshot();
    const beforeGc = await gcSnapshot();
    const samples = [];
    const soakStarted = Date.now();
    let soaking = true;
    const sampler = (async () => {
      while (soaking) {
        await sleep(5_000);
        if (!soaking) break;
        samples.push({ t: Math.round((Date.now() - soakStarted) / 1000), ...(await snapshot()) });
      }
    })();
    const soakResults = await soakLoad(settings.soak);
    soaking = false;
    await sampler;
    const after = await snapshot();
    const afterGc = await gcSnapshot();
    memory = {};
    soakTargets.forEach(([name], i) => {
      memory[name] = {
        before: before[name],
        after: after[name],
        beforeAfterGc: beforeGc[name],
        afterAfterGc: afterGc[name],
        rssGrowth: (after[name].rss - before[name].rss) / before[name].rss,
        heapGrowthAfterGc:
          (afterGc[name].heapUsed - beforeGc[name].heapUsed) / beforeGc[name].heapUsed,
        samples: samples.map((s) => ({ t: s.t, rss: s[name].rss, heapUsed: s[name].heapUsed })),
        load: { ...summarise(soakResults[i]), perScenario: soakResults[i].perScenario },
      };
      log(
        `  ${name}: RSS ${(before[name].rss / 2 ** 20).toFixed(1)} -> ${(after[name].rss / 2 ** 20).toFixed(1)} MiB (${(memory[name].rssGrowth * 100).toFixed(1)}%), heap after GC ${(beforeGc[name].heapUsed / 2 ** 20).toFixed(1)} -> ${(afterGc[name].heapUsed / 2 ** 20).toFixed(1)} MiB, ${soakResults[i].requests.total} requests`,
      );
    });
  }
}

const finishedAt = new Date();
await stopAll();
await db.close();

// ---------------------------------------------------------------------------------------------
// Results
const cpu = cpus();
const results = {
  generatedAt: finishedAt.toISOString(),
  durationSeconds: Math.round((finishedAt - startedAt) / 1000),
  command: process.env.BENCH_COMMAND ?? 'npm run bench',
  settings: { ...settings, out: undefined, cpuProf: settings.cpuProf ? true : undefined },
  machine: {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    freeMemoryGiBAtEnd: round(freemem() / 2 ** 30, 1),
    node: process.version,
    os: `${process.platform} ${release()}`,
    loadAverageAtEnd: loadavg().map((v) => round(v, 2)),
  },
  engine: db.engine,
  catalog: {
    seed: settings.seed,
    scale: settings.scale,
    counts: generated.counts,
    seconds: round(generated.seconds, 1),
  },
  picks: {
    papersOfferingId: pick.papersOfferingId,
    papersApproved: pick.papersApproved,
    universitySearch: pick.universitySearch,
    syllabusOfferingId: pick.syllabusOfferingId,
    syllabusTree: pick.syllabusTree,
    smallTree: pick.smallTree,
    largeTree: pick.largeTree,
    questionIds: pick.questionIds.length,
    voteSolutionIds: pick.voteSolutionIds.length,
    loadUsers: auth.length,
  },
  capture,
  roundTrips,
  runs,
  medians,
  memory,
};
if (!process.env.BENCH_KEEP) rmSync(workDir, { recursive: true, force: true });
else log(`> logs kept in ${workDir}`);
const { table } = await writeReport(results, settings.out === '-' ? null : settings.out);
log('');
log(table);
if (settings.out !== '-')
  log(
    `\n> wrote ${join(settings.out, 'benchmarks.md')} and ${join(settings.out, 'benchmarks.json')}`,
  );
