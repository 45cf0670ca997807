// The contract's "Rate limit, fourth release", checked the same way on both apps: a signed-in
// caller is counted by user, anyone else by client address. The app trusts one loopback proxy
// (TRUST_PROXY=loopback), so each request names its client address in X-Forwarded-For, as a
// reverse proxy would.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from './testing.js';

/** What the suite needs of one app. */
export interface RateLimitedApp {
  /** Starts the app with these settings; the suite closes it after its tests. */
  start: (env: Record<string, string>) => Promise<{ url: string; close: () => Promise<void> }>;
  /** One read of a public list from the app at `url`, with these headers. */
  read: (url: string, headers: Record<string, string>) => Promise<Response>;
  /** The error code of a refused answer's parsed body. */
  errorCode: (body: unknown) => string | undefined;
}

const LIMIT = 3;

/** Describes the rate limit by caller of an app, under `name`. */
export function describeRateLimitByCaller(name: string, target: RateLimitedApp): void {
  describe(name, () => {
    let url = '';
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ url, close } = await target.start({
        TRUST_PROXY: 'loopback',
        RATE_LIMIT_MAX: String(LIMIT),
        RATE_LIMIT_WINDOW_MS: '600000',
      }));
    });

    afterAll(async () => {
      await close?.();
    });

    /** A client address no other test uses. */
    let lastOctet = 0;
    function freshAddress(): string {
      lastOctet += 1;
      return `203.0.113.${lastOctet}`;
    }

    function freshUserToken(): Promise<string> {
      return tokenFor(`rl_${randomUUID()}`);
    }

    /** The statuses of `times` reads from `address`, as the holder of `token` when given. */
    async function read(address: string, token?: string, times = 1): Promise<number[]> {
      const statuses: number[] = [];
      for (let i = 0; i < times; i += 1) {
        const res = await target.read(url, {
          'x-forwarded-for': address,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      return statuses;
    }

    it('when two users share one address, then each has a budget of its own and the address one more', async () => {
      const campus = freshAddress();
      const [priya, ravi] = await Promise.all([freshUserToken(), freshUserToken()]);
      expect(await read(campus, priya, LIMIT + 1)).toEqual([200, 200, 200, 429]);
      expect(await read(campus, ravi, LIMIT + 1)).toEqual([200, 200, 200, 429]);
      expect(await read(campus, undefined, LIMIT + 1)).toEqual([200, 200, 200, 429]);
    });

    it('when anonymous callers share one address, then they share one budget, which another address does not spend', async () => {
      const campus = freshAddress();
      expect(await read(campus, undefined, LIMIT)).toEqual([200, 200, 200]);
      expect(await read(campus)).toEqual([429]);
      expect(await read(freshAddress())).toEqual([200]);
    });

    it('when a signed-in user moves to another address, then their budget follows them', async () => {
      const [home, phone] = [freshAddress(), freshAddress()];
      const token = await freshUserToken();
      expect(await read(home, token, 2)).toEqual([200, 200]);
      expect(await read(phone, token, 2)).toEqual([200, 429]);
      // The second address's own (anonymous) budget is untouched.
      expect(await read(phone)).toEqual([200]);
    });

    it('when each request carries a new invalid token, then they are counted by address', async () => {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 1; i += 1) {
        const garbage = `${randomUUID()}.${randomUUID()}.${randomUUID()}`;
        statuses.push(...(await read(address, garbage)));
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(await read(address)).toEqual([429]);
      const res = await target.read(url, {
        'x-forwarded-for': address,
        authorization: 'Bearer not-a-token',
      });
      expect(res.status).toBe(429);
      expect(target.errorCode(await res.json())).toBe('RATE_LIMITED');
    });
  });
}
