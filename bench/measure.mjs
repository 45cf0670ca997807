// Load generation (autocannon, closed loop, every response time kept) and what a run measures:
// the server's CPU per request and the database's (FerretDB and PostgreSQL with its backends).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { stats } from './lib.mjs';

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;

/** CPU time (µs) of the root processes and all their descendants (PostgreSQL's backends). */
export function processTreeCpuMicros(rootPids) {
  const children = new Map();
  const ticks = new Map();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let stat = '';
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(name));
  }
  let total = 0;
  const stack = [...rootPids];
  while (stack.length) {
    const pid = stack.pop();
    total += ticks.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return (total / clockTicks) * 1e6;
}

/**
 * Sends requests to a server: `connections` connections for `seconds`, or `amount` requests.
 * `requests(i)`: the request list connection i loops over. Resolves with every 2xx response time
 * and the seconds it took.
 */
export async function fire(url, requests, { connections = 1, seconds, amount }) {
  let nextClient = 0;
  const times = [];
  const started = performance.now();
  const instance = autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    timeout: 300,
    requests: requests(0),
    setupClient: (client) => {
      client.setRequests(requests(nextClient));
      nextClient += 1;
    },
  });
  let failures = 0;
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    else failures += 1;
  });
  const result = await instance;
  const took = (performance.now() - started) / 1000;
  return { times, failures: failures + result.errors, seconds: took };
}

/** One run with its costs: response times, req/s, Node CPU and database CPU per request. */
async function measuredRun(server, requests, shape, dbPids) {
  const before = await server.request({ type: 'cpu' });
  const dbBefore = processTreeCpuMicros(dbPids);
  const run = await fire(server.url, requests, shape);
  const after = await server.request({ type: 'cpu' });
  const served = after.requests - before.requests;
  const cpuMicros = after.cpuMicros - before.cpuMicros;
  const dbMicros = processTreeCpuMicros(dbPids) - dbBefore;
  return { ...run, served, cpuMicros, dbMicros, peakRss: after.peakRss };
}

/** The runs of one side summed: latency over every sample, the p50 of each round, CPU per request. */
function summarise(runs) {
  const sum = (pick) => runs.reduce((total, run) => total + pick(run), 0);
  const served = sum((r) => r.served);
  return {
    ...stats(runs.flatMap((r) => r.times)),
    roundP50s: runs.map((r) => stats(r.times).p50),
    failures: sum((r) => r.failures),
    rps: sum((r) => r.times.length) / sum((r) => r.seconds),
    cpuMs: served ? sum((r) => r.cpuMicros) / served / 1000 : null,
    dbCpuMs: served ? sum((r) => r.dbMicros) / served / 1000 : null,
    peakRssMiB: Math.max(...runs.map((r) => r.peakRss ?? 0)) / 2 ** 20,
  };
}

/** A scenario's one-connection measurement on each side (app, baseline), warmed up, the sides
 * taking turns in `rounds` rounds (a drift falls on all); a slow scenario runs a few requests. */
export async function pairedLatency(sides, { singleMs, settings, db }) {
  const { duration, rounds, warmup } = settings;
  const slow = singleMs * 10 > duration * 1000;
  const share = slow
    ? { amount: Math.max(1, Math.min(3, Math.floor((settings.maxRun * 1000) / singleMs / rounds))) }
    : { seconds: duration / rounds };
  for (const { server, requests } of sides)
    await fire(server.url, requests, slow ? { amount: 1 } : { seconds: warmup });
  const runs = sides.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, { server, requests }] of sides.entries())
      runs[i].push(await measuredRun(server, requests, share, db.pids));
  }
  return runs.map(summarise);
}
