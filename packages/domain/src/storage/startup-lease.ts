// The start-up work on a database (prepareDatabase: index builds, the backfills and their markers,
// the term recount; an app's seeding of the sample catalog) runs in one process at a time per
// database. Replicas start at the same moment; each step checks its marker and then runs, so two
// processes would both run it, and their writes collide (two recounts inserting the same count
// rows failed one app with E11000) or double (two seedings).
// - The lease is a `migrations` row `{_id: 'startup-lease', owner, expires}` taken by an insert:
//   the engine makes an insert of an `_id` atomic (unique index), where an upsert or an update is
//   a read then a write (FerretDB 1.24). The others wait for it to go, then take it in turn
//   and find the work recorded as done (each step's marker), so their own run is short.
// - The holder renews it while working; a holder that stopped (killed) leaves a row that expires,
//   which the next waiter deletes (that exact row only) before taking it. Expiry is read on the
//   waiter's clock: the machines' clocks must agree within far less than LEASE_MS.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { mongoose } from '../db.js';
import { isDuplicateKeyError } from '../errors.js';

export const STARTUP_LEASE = { _id: 'startup-lease' } as const;

/** How long a lease lasts unless renewed. */
export const LEASE_MS = 60_000;
/** How often the holder renews it: several renewals fit in one LEASE_MS. */
const RENEW_MS = 10_000;
/** How often a waiter looks whether the lease went. */
const POLL_MS = 250;

interface LeaseRow {
  _id: string;
  owner: string;
  expires: Date;
}

// Work already under this process's lease (prepareDatabase inside an app's lease of its
// seeding too) runs at once instead of waiting for itself.
const holding = new AsyncLocalStorage<true>();

function leases() {
  const db = mongoose.connection.db;
  if (!db) throw new Error('the start-up lease needs a connected database');
  return db.collection<LeaseRow>('migrations');
}

const expiry = () => new Date(Date.now() + LEASE_MS);

async function acquire(owner: string): Promise<void> {
  for (;;) {
    try {
      await leases().insertOne({ ...STARTUP_LEASE, owner, expires: expiry() });
      return;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const current = await leases().findOne(STARTUP_LEASE);
    if (current && current.expires.getTime() < Date.now()) {
      // Its holder stopped renewing: that row goes (not one a new holder took meanwhile).
      await leases().deleteOne({
        ...STARTUP_LEASE,
        owner: current.owner,
        expires: current.expires,
      });
      continue;
    }
    if (current) await sleep(POLL_MS);
  }
}

/**
 * Runs `work` while this process holds the database's start-up lease, waiting for any other
 * process holding it. Reentrant: work already under the lease runs at once.
 */
export async function withStartupLease<T>(work: () => Promise<T>): Promise<T> {
  if (holding.getStore()) return work();
  const owner = randomUUID();
  await acquire(owner);
  const renewal = setInterval(() => {
    void leases()
      .updateOne({ ...STARTUP_LEASE, owner }, { $set: { expires: expiry() } })
      .catch(() => undefined);
  }, RENEW_MS);
  renewal.unref();
  try {
    return await holding.run(true, work);
  } finally {
    clearInterval(renewal);
    // Left behind when the database is away: it expires, and the next start takes it.
    await leases()
      .deleteOne({ ...STARTUP_LEASE, owner })
      .catch(() => undefined);
  }
}
