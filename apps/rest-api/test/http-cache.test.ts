// HTTP caching of anonymous catalog reads (the contract's "HTTP caching" and "Rate limit, fourth
// release"), and the purges a write sends to the shared cache named by CACHE_PURGE_URL.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, startCachePurger } from '@qpc/server-kit';
import { captureLogs } from '@qpc/server-kit/testing';
import { makeOffering, makePaper } from '@qpc/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/harness.js';

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

describe('HTTP caching', () => {
  const { call, admin, normal } = useApp({ RATE_LIMIT_MAX: '1000' });
  let paper: { id: string; slug: string; subjectOfferingId: string; universityId: string };
  beforeAll(async () => {
    const { offering } = await makeOffering(admin.actor);
    paper = await makePaper(admin.actor, offering.id);
  });

  it('when an anonymous caller lists papers, then the answer is public for s-maxage, with a strong ETag and its surrogate keys', async () => {
    const res = await call('GET', `/papers?subjectOfferingId=${paper.subjectOfferingId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PUBLIC);
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    const keys = res.headers.get('surrogate-key')!.split(' ');
    expect(keys).toEqual(
      expect.arrayContaining(['list:Paper', paper.id, paper.subjectOfferingId, paper.universityId]),
    );
  });

  it('when an anonymous caller reads one paper, then its keys are the paper and what it references, no list', async () => {
    const res = await call('GET', `/papers/${paper.slug}`);
    expect(res.headers.get('cache-control')).toBe(PUBLIC);
    const keys = res.headers.get('surrogate-key')!.split(' ');
    expect(keys).toEqual(expect.arrayContaining([paper.id, paper.universityId]));
    expect(keys).not.toContain('list:Paper');
  });

  it('when the caller sends the ETag back, then 304, and the 304 is not counted by the rate limit', async () => {
    const first = await call('GET', `/papers/${paper.slug}`);
    const etag = first.headers.get('etag')!;
    const before = Number(first.headers.get('x-ratelimit-remaining'));
    for (let i = 0; i < 3; i++) {
      const again = await call('GET', `/papers/${paper.slug}`, {
        headers: { 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
    }
    const after = await call('GET', `/papers/${paper.slug}`);
    // Only this last 200 was counted since the first one.
    expect(Number(after.headers.get('x-ratelimit-remaining'))).toBe(before - 1);
  });

  it('when a caller is signed in, then the answer is private and names no surrogate key', async () => {
    const res = await call('GET', `/papers/${paper.slug}`, { token: normal.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('surrogate-key')).toBeNull();
  });

  it('when the answer is an error, then nobody may keep it', async () => {
    const missing = await call('GET', '/papers/no-such-paper');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('surrogate-key')).toBeNull();
    const unknown = await call('GET', '/no-such-route');
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });
});

describe('purges', () => {
  const { call, admin } = useApp();

  /** A stand-in for the shared cache that records each PURGE's keys. */
  async function recordingCache() {
    const purges: string[][] = [];
    const server = createServer((req, res) => {
      if (req.method === 'PURGE') purges.push(String(req.headers.xkey ?? '').split(' '));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/`,
      purged: () => new Set(purges.flat()),
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('when a paper is approved, then the cache is told to drop the paper and the paper lists', async () => {
    const cache = await recordingCache();
    const purger = startCachePurger({
      purgeUrl: cache.url,
      logger: createLogger({ logLevel: 'silent' }, { name: 't' }),
    });
    try {
      const { offering } = await makeOffering(admin.actor);
      const pending = await makePaper(admin.actor, offering.id, { status: 'pending' });
      const res = await call('PATCH', `/papers/${pending.id}/status`, {
        token: admin.token,
        body: { status: 'approved', force: true },
      });
      expect(res.status).toBe(200);
      await purger.flush();
      expect([...cache.purged()]).toEqual(expect.arrayContaining([pending.id, 'list:Paper']));
    } finally {
      await purger.stop();
      await cache.close();
    }
  });

  it('when the cache is down, then writes still succeed and one warning is logged, not one per write', async () => {
    const down = await recordingCache();
    await down.close();
    const capture = captureLogs();
    const logger = createLogger(
      { logLevel: 'info' },
      { name: 't', destination: capture.destination },
    );
    const purger = startCachePurger({ purgeUrl: down.url, logger });
    try {
      for (let i = 0; i < 4; i++) {
        const res = await call('POST', '/subjects', {
          token: admin.token,
          body: { name: `Purged subject ${i} ${Date.now()}` },
        });
        expect(res.status).toBe(201);
        await purger.flush();
      }
      const warnings = capture.lines().filter((line) => line.level === 40);
      expect(warnings).toHaveLength(1);
      expect(String(warnings[0]!.msg)).toMatch(/shared cache could not be purged/);
    } finally {
      await purger.stop();
    }
  });
});
