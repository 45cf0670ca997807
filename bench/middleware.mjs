// What the middleware costs, without switches in the product: each of the app's middleware
// (logger, rate limiter, auth with a bearer token) alone in front of a constant answer, and the
// three together, against none (bench/server.mjs `middleware`), in rounds that take turns; their
// share of the service time (Node CPU + database CPU per request) of the real app's cheapest
// authenticated read.
import { measuredRun, summarise } from './measure.mjs';

const CHAINS = ['none', 'logger', 'limiter', 'auth', 'all'];
const serviceMs = (m) => (m.cpuMs ?? 0) + (m.dbCpuMs ?? 0);

export async function measureMiddleware({ pool, overhead, settings, db }) {
  const dbPids = db.pids;
  const server = pool.get('middleware');
  const [{ headers }] = overhead.requests(0);
  const requestsOf = (chain) => () => [{ method: 'GET', path: `/${chain}`, headers }];
  const shape = { seconds: settings.duration / settings.rounds };
  const app = pool.get('rest');
  const runs = Object.fromEntries([...CHAINS, 'app'].map((name) => [name, []]));
  for (const chain of CHAINS)
    await measuredRun(server, requestsOf(chain), { seconds: 0.5 }, dbPids);
  await measuredRun(app, overhead.requests, { seconds: 0.5 }, dbPids);
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const chain of CHAINS)
      runs[chain].push(await measuredRun(server, requestsOf(chain), shape, dbPids));
    runs.app.push(await measuredRun(app, overhead.requests, shape, dbPids));
  }
  const figures = Object.fromEntries(
    Object.entries(runs).map(([name, list]) => [name, summarise(list)]),
  );
  const none = serviceMs(figures.none);
  const costs = Object.fromEntries(
    ['logger', 'limiter', 'auth', 'all'].map((chain) => [chain, serviceMs(figures[chain]) - none]),
  );
  return {
    label: overhead.label,
    figures,
    costs,
    appServiceMs: serviceMs(figures.app),
    share: costs.all / serviceMs(figures.app),
  };
}
