import { randomUUID } from 'node:crypto';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseEnv, startRedis, startService } from './support/processes.js';
import type { RedisProcess, ServiceProcess } from './support/processes.js';

describe('shared rate limit (RATE_LIMIT_STORE=redis, real redis-server)', () => {
  let redis: RedisProcess;
  let a: ServiceProcess;
  let b: ServiceProcess;

  beforeAll(async () => {
    redis = await startRedis();
    const env = baseEnv({
      MONGODB_URI: `${inject('mongoUri')}shared_limit`,
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: redis.url,
      RATE_LIMIT_MAX: '10',
      RATE_LIMIT_WINDOW_MS: '60000',
    });
    a = await startService('rest-api', env);
    b = await startService('rest-api', env);
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await redis?.stop();
  });

  it('when two instances share Redis, then together they allow exactly the limit, and keep serving with per-instance counters when Redis goes away', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push((await fetch(`${a.url}/api/v1/universities`)).status);
      statuses.push((await fetch(`${b.url}/api/v1/universities`)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const limited = await fetch(`${b.url}/api/v1/universities`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');

    // The documented behaviour without Redis: each instance falls back to its own memory counters.
    await redis.stop();
    const afterLoss: number[] = [];
    for (let i = 0; i < 12; i += 1)
      afterLoss.push((await fetch(`${a.url}/api/v1/universities`)).status);
    expect(afterLoss.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(afterLoss.slice(10)).toEqual([429, 429]);
  });
});

describe('shared rate limit by caller (RATE_LIMIT_STORE=redis, real redis-server)', () => {
  const LIMIT = 3;
  let redis: RedisProcess;
  let a: ServiceProcess;
  let b: ServiceProcess;

  beforeAll(async () => {
    redis = await startRedis();
    // Both instances trust one loopback proxy: X-Forwarded-For names the client's address.
    const env = baseEnv({
      MONGODB_URI: `${inject('mongoUri')}shared_limit_by_caller`,
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: redis.url,
      RATE_LIMIT_MAX: String(LIMIT),
      RATE_LIMIT_WINDOW_MS: '600000',
      TRUST_PROXY: 'loopback',
    });
    a = await startService('rest-api', env);
    b = await startService('rest-api', env);
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await redis?.stop();
  });

  async function read(service: ServiceProcess, address: string, token?: string): Promise<number> {
    const res = await fetch(`${service.url}/api/v1/universities`, {
      headers: {
        'x-forwarded-for': address,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    await res.arrayBuffer();
    return res.status;
  }

  it('when users share an address across two instances, then each user has one budget of their own, wherever they ask from, and the address another', async () => {
    const campus = '198.51.100.1';
    const [priya, ravi] = await Promise.all([
      tokenFor(`shared_${randomUUID()}`),
      tokenFor(`shared_${randomUUID()}`),
    ]);
    const priyas = [
      await read(a, campus, priya),
      await read(b, campus, priya),
      await read(a, '198.51.100.2', priya),
      await read(b, '198.51.100.3', priya),
    ];
    expect(priyas).toEqual([200, 200, 200, 429]);
    expect([await read(b, campus, ravi), await read(a, campus, ravi)]).toEqual([200, 200]);
    const anonymous = [
      await read(a, campus),
      await read(b, campus),
      await read(a, campus),
      await read(b, campus),
    ];
    expect(anonymous).toEqual([200, 200, 200, 429]);
  });
});
