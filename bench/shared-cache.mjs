// The shared cache (deploy/varnish on loopback) in front of the apps, which purge it: req/s, p99
// and origin requests for a paper list, a paper and the GraphQL offering tree by persisted query
// (APQ GET); then the time from a write's answer until the cache answers the new state.
import { createHash } from 'node:crypto';
import { URLSearchParams } from 'node:url';
import { startLoopbackVarnish } from '../deploy/varnish/loopback.mjs';
import { round, stats, waitUntil } from './lib.mjs';
import { fire } from './measure.mjs';
import { GRAPHQL_FULL_TREE } from './scenarios.mjs';

const CSRF = { 'apollo-require-preflight': 'true' }; // what Apollo asks of a GET
const portOf = (name, pool) => Number(new URL(pool.get(name).url).port);

/** The figures, `port` being the cache's (the apps purge it there); stops the cache it starts. */
export async function measureSharedCache({ pool, catalog, pick, settings, port, admin, log }) {
  const ports = { restPort: portOf('rest', pool), graphqlPort: portOf('gateway', pool) };
  const cache = await startLoopbackVarnish({ port, ...ports, memory: '256m' });
  try {
    const paper = catalog.docs.papers.find((p) => p.status === 'approved');
    const sha256Hash = createHash('sha256').update(GRAPHQL_FULL_TREE).digest('hex');
    const variables = JSON.stringify({ id: pick.largeTree.id });
    const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash } });
    const apq = (more) => `/graphql?${new URLSearchParams({ variables, extensions, ...more })}`;
    await fetch(cache.url + apq({ query: GRAPHQL_FULL_TREE }), { headers: CSRF }); // registers it
    const paths = {
      'GET /papers': '/api/v1/papers',
      'GET /papers/:slug': `/api/v1/papers/${paper.slug}`,
      'GraphQL offering tree (APQ GET)': apq({}),
    };
    const shape = { connections: settings.connections * 5, seconds: settings.loadSeconds * 2.5 };
    const out = { ...shape, reads: {} };
    for (const [label, path] of Object.entries(paths)) {
      const before = cache.originRequests();
      const run = await fire(cache.url, () => [{ method: 'GET', path, headers: CSRF }], shape);
      const rps = round(run.times.length / run.seconds, 0);
      const [p50, p99] = ['p50', 'p99'].map((p) => round(stats(run.times)[p], 2));
      const originHits = cache.originRequests() - before;
      out.reads[label] = { rps, p50, p99, originHits, failures: run.failures };
      log(`  cache ${label.padEnd(32)} ${rps} req/s, p99 ${p99} ms, origin ${originHits}`);
    }
    // A rename, then reads through the cache until the new title shows.
    const read = async () =>
      (await (await fetch(`${cache.url}${paths['GET /papers/:slug']}`)).json()).data.title;
    const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const delays = [];
    for (let i = 0; i < 5; i += 1) {
      const body = JSON.stringify({ title: `Cached paper ${i} ${Date.now()}` });
      await read();
      await fetch(`${pool.get('rest').url}/api/v1/papers/${paper._id}`, {
        ...{ method: 'PATCH', headers, body },
      });
      const shown = async () => (await read()) === JSON.parse(body).title;
      delays.push(await waitUntil(shown, { everyMs: 5, limitMs: 30_000 }));
    }
    out.purge = stats(delays);
    log(`  cache: a write shows through it after ${round(out.purge.max, 0)} ms at most`);
    return out;
  } finally {
    await cache.stop();
  }
}
