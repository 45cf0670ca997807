import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../access.js';
import { useTestActors } from '../test-support/database.js';
import { ACTOR_CACHE_MAX, createActorCache } from './actor-cache.js';
import { setUserRole, updateUser, upsertUserFromClaims } from './service.js';

const { actors } = useTestActors();

const uid = () => `cache_${randomUUID().slice(0, 8)}`;

/** The loader the auth middleware gives the cache: the user behind the token, from the database. */
function loaderOf(externalId: string) {
  let reads = 0;
  const load = async () => {
    reads += 1;
    return (await upsertUserFromClaims({ externalId })).actor;
  };
  return { load, reads: () => reads };
}

describe('the user cache', () => {
  it('when a user is asked for again within the window, then it is read once', async () => {
    const externalId = uid();
    const cache = createActorCache({ maxAgeMs: 60_000 });
    const { load, reads } = loaderOf(externalId);
    const first = await cache.resolve(externalId, load);
    const second = await cache.resolve(externalId, load);
    expect(second).toEqual(first);
    expect(reads()).toBe(1);
  });

  it('when AUTH_USER_CACHE_MS is 0, then every request reads its user', async () => {
    const externalId = uid();
    const cache = createActorCache({ maxAgeMs: 0 });
    const { load, reads } = loaderOf(externalId);
    await cache.resolve(externalId, load);
    await cache.resolve(externalId, load);
    expect(reads()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('when this process deactivates or re-roles a user, then every cache of the process drops it at once', async () => {
    const externalId = uid();
    const caches = [createActorCache({ maxAgeMs: 60_000 }), createActorCache({ maxAgeMs: 60_000 })];
    const { load } = loaderOf(externalId);
    for (const cache of caches) expect((await cache.resolve(externalId, load)).isActive).toBe(true);

    await updateUser({ actor: actors.admin, externalId, input: { isActive: false } });
    for (const cache of caches)
      expect((await cache.resolve(externalId, load)).isActive).toBe(false);

    await setUserRole({ externalId, role: 'editor' });
    for (const cache of caches) expect((await cache.resolve(externalId, load)).role).toBe('editor');
  });

  it('when a read of the user began before this process changed it, then what that read found is not kept', async () => {
    const externalId = uid();
    const cache = createActorCache({ maxAgeMs: 60_000 });
    const { load } = loaderOf(externalId);
    await load(); // the user exists, active
    let release!: () => void;
    let found!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isFound = new Promise<void>((resolve) => (found = resolve));
    // Arrange: a read that has found the active user but not yet returned it.
    const stale = cache.resolve(externalId, async () => {
      const actor = await load();
      found();
      await held;
      return actor;
    });
    await isFound;
    await updateUser({ actor: actors.admin, externalId, input: { isActive: false } });
    release();
    expect((await stale).isActive).toBe(true); // that request began before the change
    expect((await cache.resolve(externalId, load)).isActive).toBe(false);
  });

  it('when the tokens of 100,000 distinct users come by and their entries expire, then the cache never holds more than its bound', async () => {
    const cache = createActorCache({ maxAgeMs: 5 });
    const actorOf = (i: number): Actor => ({
      id: i.toString(16).padStart(24, '0'),
      externalId: `token_user_${i}`,
      role: 'normal',
      isActive: true,
    });
    let largest = 0;
    for (let i = 0; i < 100_000; i += 1) {
      await cache.resolve(`token_user_${i}`, async () => actorOf(i));
      largest = Math.max(largest, cache.size);
    }
    expect(largest).toBe(ACTOR_CACHE_MAX);
    await sleep(20); // every entry is now older than the window
    expect(cache.size).toBe(ACTOR_CACHE_MAX);
    let reads = 0;
    await cache.resolve('token_user_99999', async () => {
      reads += 1;
      return actorOf(99_999);
    });
    expect(reads).toBe(1); // an expired entry is never served
    expect(cache.size).toBeLessThanOrEqual(ACTOR_CACHE_MAX);
  });
});
