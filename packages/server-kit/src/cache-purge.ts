// Tells the shared cache (`CACHE_PURGE_URL`, Varnish with the xkey vmod) which surrogate keys
// each committed write dropped: `PURGE` with an `xkey` header of space-separated keys, as
// deploy/varnish/default.vcl accepts it. A purge never holds up or fails a write: keys are
// gathered for a moment and sent in the background, and a cache that is down costs one warning
// a minute, not one per request.
import { onCatalogChange } from '@qpc/domain';
import type { Logger } from 'pino';

/** How long keys are gathered before one purge request goes (one write makes several changes). */
export const PURGE_BATCH_MS = 5;
/**
 * The same keys are purged once more after this delay: a read that started before the write
 * and answered after the first purge would otherwise leave the old state in the cache.
 */
export const PURGE_REPEAT_MS = 500;
/** Keys per request: each is at most 30 bytes, and Varnish's request headers are limited. */
export const KEYS_PER_PURGE = 200;
/** At most one warning per this many milliseconds while purges fail. */
export const WARNING_INTERVAL_MS = 60_000;
const PURGE_TIMEOUT_MS = 2_000;

export interface CachePurger {
  /** Sends what is gathered now and waits for every purge in flight (shutdown, tests). */
  flush(): Promise<void>;
  /** Stops listening to writes; what is gathered is still sent. */
  stop(): Promise<void>;
}

/** Starts purging the shared cache after every catalog write; a no-op without a URL. */
export function startCachePurger(options: {
  purgeUrl: string | undefined;
  logger: Logger;
  repeatMs?: number;
}): CachePurger {
  const { purgeUrl, logger } = options;
  if (!purgeUrl) return { flush: async () => undefined, stop: async () => undefined };
  const repeatMs = options.repeatMs ?? PURGE_REPEAT_MS;
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let pending = new Set<string>();
  let batchTimer: NodeJS.Timeout | undefined;
  let lastWarning = 0;
  let failuresSinceWarning = 0;

  const warn = (error: unknown): void => {
    failuresSinceWarning += 1;
    const now = Date.now();
    if (now - lastWarning < WARNING_INTERVAL_MS) return;
    lastWarning = now;
    logger.warn(
      { err: error, purgeUrl, failedPurges: failuresSinceWarning },
      'the shared cache could not be purged: writes go on, and cached answers may stay stale for up to CACHE_S_MAXAGE seconds',
    );
    failuresSinceWarning = 0;
  };

  const purge = async (keys: readonly string[], isRepeat: boolean): Promise<void> => {
    for (let i = 0; i < keys.length; i += KEYS_PER_PURGE) {
      try {
        const response = await fetch(purgeUrl, {
          method: 'PURGE',
          headers: { xkey: keys.slice(i, i + KEYS_PER_PURGE).join(' ') },
          signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (!response.ok) throw new Error(`the cache answered ${response.status} to PURGE`);
      } catch (error) {
        warn(error);
      }
    }
    // Lets an operator (and the shared-cache test) see each purge, and its repeat, done.
    logger.debug({ keys: keys.length, isRepeat }, 'shared cache purge');
  };

  const track = (work: Promise<void>): void => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  const send = (): void => {
    batchTimer = undefined;
    if (pending.size === 0) return;
    const keys = [...pending];
    pending = new Set();
    track(purge(keys, false));
    const repeat = setTimeout(() => {
      timers.delete(repeat);
      track(purge(keys, true));
    }, repeatMs);
    repeat.unref();
    timers.add(repeat);
  };

  const unsubscribe = onCatalogChange((keys) => {
    for (const key of keys) pending.add(key);
    batchTimer ??= setTimeout(send, PURGE_BATCH_MS);
  });

  const flush = async (): Promise<void> => {
    if (batchTimer) clearTimeout(batchTimer);
    send();
    await Promise.all([...inFlight]);
  };

  return {
    flush,
    async stop() {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await flush();
    },
  };
}
