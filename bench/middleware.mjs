// What the middleware costs: the logger, rate limiter and auth each alone in front of a constant
// answer, and all three, against none (bench/server.mjs `middleware`), in rounds that take turns;
// their share of the service time (Node + database CPU) of the app's cheapest authenticated read.
import { measuredRun, summarise } from './measure.mjs';

const CHAINS = ['none', 'logger', 'limiter', 'auth', 'all'];
const serviceMs = (m) => (m.cpuMs ?? 0) + (m.dbCpuMs ?? 0);

export async function measureMiddleware({ pool, overhead, settings, db }) {
  const chainServer = pool.get('middleware');
  const [{ headers }] = overhead.requests(0);
  // Each chain, and the real app's read, as [server, requests].
  const chainSide = (chain) => [chainServer, () => [{ method: 'GET', path: `/${chain}`, headers }]];
  const sides = Object.fromEntries(CHAINS.map((chain) => [chain, chainSide(chain)]));
  sides.app = [pool.get('rest'), overhead.requests];
  const run = ([server, requests], shape) => measuredRun(server, requests, shape, db.pids);
  for (const side of Object.values(sides)) await run(side, { seconds: settings.warmup });
  const runs = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
  const shape = { seconds: settings.duration / settings.rounds };
  for (let round = 0; round < settings.rounds; round += 1)
    for (const [name, side] of Object.entries(sides)) runs[name].push(await run(side, shape));
  const figures = Object.fromEntries(Object.entries(runs).map(([k, list]) => [k, summarise(list)]));
  const cost = (chain) => serviceMs(figures[chain]) - serviceMs(figures.none);
  const costs = Object.fromEntries(CHAINS.slice(1).map((chain) => [chain, cost(chain)]));
  const appServiceMs = serviceMs(figures.app);
  return { label: overhead.label, figures, costs, appServiceMs, share: costs.all / appServiceMs };
}
