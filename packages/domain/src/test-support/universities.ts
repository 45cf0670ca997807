import { randomUUID } from 'node:crypto';
import type { Actor } from '../access.js';
import { createUniversity } from '../university/service.js';

/** A short random tag that keeps a test's names apart from other tests' in the same database. */
export const tag = () => randomUUID().slice(0, 8);

/**
 * Makes universities as `actors.admin`; `actors` may be filled later (as `useTestActors` does,
 * before the first test), since it is read at each call.
 */
export function universityMaker(actors: { admin: Actor }) {
  return (name = `University ${tag()}`, shortName = 'U') =>
    createUniversity({ actor: actors.admin, input: { name, shortName } });
}
