// Production runs replicas: several apps start at the same moment on one database. The start-up
// work (prepareDatabase: index builds, backfills and their markers, the term recount; the sample
// catalog's seeding) runs once at a time per database under a lease (storage/startup-lease.ts),
// so no instance fails on another's half-done work.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { baseEnv, startService } from './support/processes.js';
import type { AppName, ServiceProcess } from './support/processes.js';

const APPS: readonly AppName[] = ['rest-api', 'rest-api', 'graphql-gateway'];

async function json(url: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/** The ids of the question hits of `q` through a REST app, asked anonymously. */
async function restHits(app: ServiceProcess, q: string): Promise<string[]> {
  const { status, body } = await json(
    `${app.url}/api/v1/search?q=${encodeURIComponent(q)}&type=question`,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.map((hit: { id: string }) => hit.id);
}

/** The same through the GraphQL gateway. */
async function gatewayHits(app: ServiceProcess, q: string): Promise<string[]> {
  const query = `query ($q: SearchText!) { search(q: $q, type: QUESTION) { items { id } } }`;
  const { status, body } = await json(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables: { q } }),
  });
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.errors).toBeUndefined();
  return body.data.search.items.map((hit: { id: string }) => hit.id);
}

describe('apps started at the same moment on one database', () => {
  let started: ServiceProcess[] = [];

  afterEach(async () => {
    await Promise.all(started.map((app) => app.stop()));
    started = [];
  });

  /** Starts the three apps at once; answers how each start failed (none, when all serve). */
  async function startAllAtOnce(env: Record<string, string>): Promise<string[]> {
    const starts = await Promise.allSettled(APPS.map((name) => startService(name, env)));
    started = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    return starts.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
  }

  /** Every app is healthy and finds the one seeded question of a word, the same one. */
  async function expectAllServeTheCatalog(): Promise<void> {
    for (const app of started) {
      const health = await json(`${app.url}/api/v1/health`);
      expect(health.status, `${app.name}: ${JSON.stringify(health.body)}`).toBe(200);
    }
    // A word of one seeded question: every app finds it, once (the catalog was seeded once).
    const [first, second, gateway] = started as [ServiceProcess, ServiceProcess, ServiceProcess];
    const hits = await restHits(first, 'AVL rotation');
    expect(hits).toHaveLength(1);
    expect(await restHits(second, 'AVL rotation')).toEqual(hits);
    expect(await gatewayHits(gateway, 'AVL rotation')).toEqual(hits);
  }

  const freshEnv = () =>
    baseEnv({
      MONGODB_URI: `${inject('mongoUri')}starts_${randomUUID().slice(0, 8)}`,
      SEED_SAMPLE_DATA: 'true',
    });

  it('when two REST apps and the gateway start at once on a fresh database, then all three serve the seeded catalog', async () => {
    const failures = await startAllAtOnce(freshEnv());

    expect(failures, failures.join('\n\n')).toEqual([]);
    await expectAllServeTheCatalog();
  });

  it('when the three start again at once on a database they prepared and seeded before, then all three serve it', async () => {
    const env = freshEnv();
    expect(await startAllAtOnce(env)).toEqual([]);
    await Promise.all(started.map((app) => app.stop()));

    const failures = await startAllAtOnce(env);

    expect(failures, failures.join('\n\n')).toEqual([]);
    await expectAllServeTheCatalog();
  });
});
