import type {} from '@qpc/ferretdb/vitest-global-setup';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Actor } from '../access.js';
import { connectDatabase, disconnectDatabase, mongoose } from '../db.js';
import { prepareDatabase } from '../storage/prepare.js';
import { makeActors } from './callers.js';
import type { CallerKind, SignedInKind } from './callers.js';

/** An id no document has: what the "not found" tests ask for. */
export const missingId = '507f1f77bcf86cd799439011';

/** Connects this test file to a database of its own on the shared test server. */
export function useTestDatabase(): { uri: () => string } {
  let uri = '';
  beforeAll(async () => {
    uri = `${inject('mongoUri')}t_${randomUUID().slice(0, 8)}`;
    await connectDatabase({ uri });
    await prepareDatabase();
  });
  afterAll(async () => {
    await mongoose.connection.db?.dropDatabase().catch(() => undefined);
    await disconnectDatabase();
  });
  return { uri: () => uri };
}

/** The Actors of one caller of each signed-in kind, filled in before the file's tests. */
export interface TestActors {
  actors: Record<SignedInKind, Actor>;
  /** The Actor of a kind of caller: null for anonymous. */
  who: (kind: CallerKind) => Actor | null;
}

/**
 * Connects this test file to a database of its own (as `useTestDatabase`) and makes one caller of
 * each signed-in kind in it; the file's own `beforeAll` hooks, registered after, can use them.
 */
export function useTestActors(): TestActors {
  useTestDatabase();
  const actors = {} as Record<SignedInKind, Actor>;
  beforeAll(async () => {
    Object.assign(actors, await makeActors());
  });
  return { actors, who: (kind) => (kind === 'anonymous' ? null : actors[kind]) };
}
