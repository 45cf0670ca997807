// The user behind a token, kept in the process for a short window (the contract's "Users read
// once per window"): reading it on every authenticated request cost a third of a cheap read.
import { LRUCache } from 'lru-cache';
import type { Actor } from '../access.js';

/** How many users one process keeps: a full cache costs a few MB at most. */
export const ACTOR_CACHE_MAX = 10_000;

export interface ActorCache {
  /**
   * The actor of this externalId: the kept one while younger than the window, else `load()`'s
   * (then kept).
   */
  resolve(externalId: string, load: () => Promise<Actor>): Promise<Actor>;
  /** Entries held now, expired ones not yet evicted included (for the bound's test). */
  readonly size: number;
}

/**
 * Every cache of this process, so that a change made here drops the user from each at once.
 * Held weakly: an app that is gone (tests build many) must not keep its cache alive.
 */
const caches = new Set<WeakRef<LRUCache<string, Actor>>>();
/** Bumped by every drop: a read that began before a drop must not keep what it read. */
let generation = 0;

/**
 * A per-process cache of actors by externalId, bounded in entries (`max`) and in age
 * (`maxAgeMs`); `maxAgeMs` 0 keeps nothing (every request reads its user).
 */
export function createActorCache({
  maxAgeMs,
  max = ACTOR_CACHE_MAX,
}: {
  maxAgeMs: number;
  max?: number;
}): ActorCache {
  if (maxAgeMs <= 0) return { resolve: (_externalId, load) => load(), size: 0 };
  // An expired entry is never returned (lru-cache checks its age on read); `max` bounds the
  // entries however many distinct users come by, expired or not.
  const cache = new LRUCache<string, Actor>({ max, ttl: maxAgeMs, updateAgeOnGet: false });
  caches.add(new WeakRef(cache));
  return {
    async resolve(externalId, load) {
      const kept = cache.get(externalId);
      if (kept) return kept;
      const startedAt = generation;
      const actor = Object.freeze({ ...(await load()) });
      if (generation === startedAt) cache.set(externalId, actor);
      return actor;
    },
    get size() {
      return cache.size;
    },
  };
}

/** Drops a user from every cache of this process: its role or standing just changed here. */
export function forgetCachedActor(externalId: string): void {
  generation += 1;
  for (const ref of caches) {
    const cache = ref.deref();
    if (cache) cache.delete(externalId);
    else caches.delete(ref);
  }
}
