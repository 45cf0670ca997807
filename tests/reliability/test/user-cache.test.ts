import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_SUB, baseEnv, startService } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';

/** The short window of the instance that must catch up (AUTH_USER_CACHE_MS). */
const SHORT_WINDOW_MS = 1500;
/** A window no test run reaches: that instance still holds what it read before the change. */
const LONG_WINDOW_MS = 600_000;

const me = (service: ServiceProcess, token: string) =>
  fetch(`${service.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });

describe('users read once per window (AUTH_USER_CACHE_MS), three instances on one database', () => {
  let changer: ServiceProcess;
  let short: ServiceProcess;
  let long: ServiceProcess;

  beforeAll(async () => {
    const database = { MONGODB_URI: `${inject('mongoUri')}user_cache_${randomUUID().slice(0, 8)}` };
    const env = (windowMs: number) =>
      baseEnv({ ...database, AUTH_USER_CACHE_MS: String(windowMs) });
    changer = await startService('rest-api', env(LONG_WINDOW_MS));
    [short, long] = await Promise.all([
      startService('rest-api', env(SHORT_WINDOW_MS)),
      startService('rest-api', env(LONG_WINDOW_MS)),
    ]);
  });

  afterAll(async () => {
    await Promise.all([changer?.stop(), short?.stop(), long?.stop()]);
  });

  it('when an admin deactivates a user on one instance, then that instance refuses the user (403) at once and another within its window', async () => {
    const sub = `cached_${randomUUID().slice(0, 8)}`;
    const [user, admin] = await Promise.all([tokenFor(sub), tokenFor(ADMIN_SUB)]);
    // Every instance has read the user, active.
    for (const service of [changer, short, long])
      expect((await me(service, user)).status).toBe(200);

    const changedAt = Date.now();
    const deactivated = await fetch(`${changer.url}/api/v1/users/${sub}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ isActive: false }),
    });
    expect(deactivated.status).toBe(200);

    const onChanger = await me(changer, user);
    expect(onChanger.status).toBe(403);
    expect(((await onChanger.json()) as any).error.code).toBe('FORBIDDEN');
    // The long-window instance still holds what it read before: the window is real.
    expect((await me(long, user)).status).toBe(200);
    // The short-window instance read the user before the change, so past its window it reads again.
    await sleep(Math.max(0, changedAt + SHORT_WINDOW_MS - Date.now()));
    const onShort = await me(short, user);
    expect(onShort.status).toBe(403);
    expect(((await onShort.json()) as any).error.message).toBe('This account is deactivated');
  });
});
