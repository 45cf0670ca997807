import { describe, expect, it } from 'vitest';
import { mongoose } from '../db.js';
import { useTestDatabase } from '../test-support/database.js';
import { STARTUP_LEASE, withStartupLease } from './startup-lease.js';

useTestDatabase();

const migrations = () =>
  mongoose.connection.db!.collection<{ _id: string; owner?: string; expires?: Date }>('migrations');

describe('withStartupLease', () => {
  it('when several take the lease at once, then their work runs one at a time and all of it runs', async () => {
    let inside = 0;
    let most = 0;
    const ran: number[] = [];
    const work = (n: number) => async () => {
      inside += 1;
      most = Math.max(most, inside);
      // Database round trips while holding it: another holder would be inside meanwhile.
      for (let i = 0; i < 3; i += 1) await migrations().findOne(STARTUP_LEASE);
      ran.push(n);
      inside -= 1;
    };

    await Promise.all([1, 2, 3].map((n) => withStartupLease(work(n))));

    expect(most).toBe(1);
    expect(ran.sort()).toEqual([1, 2, 3]);
    expect(await migrations().findOne(STARTUP_LEASE)).toBeNull();
  });

  it('when another process holds the lease, then the work waits until it is released', async () => {
    await migrations().insertOne({
      ...STARTUP_LEASE,
      owner: 'another process',
      expires: new Date(Date.now() + 600_000),
    });
    let started = false;
    const waiting = withStartupLease(async () => {
      started = true;
    });
    for (let i = 0; i < 5; i += 1) await migrations().findOne(STARTUP_LEASE);
    expect(started).toBe(false);

    await migrations().deleteOne({ ...STARTUP_LEASE, owner: 'another process' });
    await waiting;

    expect(started).toBe(true);
  });

  it('when the lease of a stopped holder expired, then the next start takes it and removes it after', async () => {
    await migrations().insertOne({
      ...STARTUP_LEASE,
      owner: 'a killed process',
      expires: new Date(Date.now() - 1_000),
    });
    const holder = await withStartupLease(async () => migrations().findOne(STARTUP_LEASE));

    expect(holder?.owner).not.toBe('a killed process');
    expect(await migrations().findOne(STARTUP_LEASE)).toBeNull();
  });

  it('when work under the lease takes it again, then the inner work runs at once', async () => {
    const answer = await withStartupLease(() => withStartupLease(async () => 'inner'));

    expect(answer).toBe('inner');
  });
});
