// What the middleware costs: the logger, rate limiter and auth each alone in front of a constant
// answer, and all three, against none (bench/server.mjs `middleware`), in rounds that take turns;
// their share of the service time (Node + database CPU) of the app's cheapest authenticated read.
import { pairedLatency } from './measure.mjs';

const CHAINS = ['none', 'logger', 'limiter', 'auth', 'all'];
const serviceMs = (m) => (m.cpuMs ?? 0) + (m.dbCpuMs ?? 0);

export async function measureMiddleware({ pool, overhead, settings, db }) {
  const chainServer = pool.get('middleware');
  const [{ headers }] = overhead.requests(0);
  // Each chain, and the real app's read, as a side of the paired runs.
  const chainSide = (chain) => ({
    server: chainServer,
    requests: () => [{ method: 'GET', path: `/${chain}`, headers }],
  });
  const sides = [
    ...CHAINS.map(chainSide),
    { server: pool.get('rest'), requests: overhead.requests },
  ];
  const summaries = await pairedLatency(sides, { singleMs: 0, settings, db });
  const figures = Object.fromEntries([...CHAINS, 'app'].map((name, i) => [name, summaries[i]]));
  const cost = (chain) => serviceMs(figures[chain]) - serviceMs(figures.none);
  const costs = Object.fromEntries(CHAINS.slice(1).map((chain) => [chain, cost(chain)]));
  const appServiceMs = serviceMs(figures.app);
  return { label: overhead.label, figures, costs, appServiceMs, share: costs.all / appServiceMs };
}
