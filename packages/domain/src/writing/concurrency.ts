// In-process concurrency helpers. Neither is needed for correctness across processes (unique
// indexes and conditional updates are); they keep one process from fighting itself on FerretDB,
// which applies every update as read-then-write.

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `task` once earlier tasks of the same key in this process have settled. Between processes
 * (REST and GraphQL sharing a database) a conditional update narrows the window but cannot close
 * it without transactions.
 */
export function runExclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}

/** A bulkhead: at most `size` tasks run at once, the rest wait in memory in arrival order. */
export function bulkhead(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (inFlight >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else inFlight += 1;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, or give it back.
      const next = waiting.shift();
      if (next) next();
      else inFlight -= 1;
    }
  };
}
