// Restarts the embedded engine's processes when they die: without it, a FerretDB or PostgreSQL
// killed under a running service left every database route answering 503 until a person
// restarted the service, while liveness stayed 200. A restart that keeps failing is not retried
// for ever: after `maxFailures` failures within `windowMs` the supervisor gives up, and its owner
// exits non-zero with the reason, so a process manager or a person sees it.
import { writeFileSync } from 'node:fs';

/** The two processes of the embedded engine. */
export type EngineProcess = 'ferretdb' | 'postgresql';

/** One death of an engine process and the restart that followed it. */
export interface EngineRestart {
  process: EngineProcess;
  /** Why it ended: `killed by SIGKILL`, `exited with code 2`. */
  cause: string;
  /** When it was running again (ISO 8601). */
  at: string;
}

/** What detailed health reports of a supervised engine. */
export interface EngineSupervision {
  /** Restarts that brought a process back. */
  restarts: number;
  /** Restart attempts that failed (the process did not come back), all time. */
  failedRestarts: number;
  lastRestart: EngineRestart | null;
  /** True once the supervisor gave up (its owner is exiting). */
  hasGivenUp: boolean;
}

/** One line for the owner's log: a process died and was restarted, or the attempt failed. */
export interface RestartEvent {
  process: EngineProcess;
  cause: string;
  /** 1 for the first attempt after this death. */
  attempt: number;
  outcome: 'restarted' | 'failed';
  /** How long the process was down until it answered again (restarted), or until this failure. */
  downMs: number;
  /** Why the attempt failed. */
  error?: string;
  /** The wait before the next attempt (failed only). */
  nextDelayMs?: number;
}

const PROCESS_NAMES = { ferretdb: 'FerretDB', postgresql: 'PostgreSQL' } as const;

/** The log line of one restart attempt: which process, why it ended, and how the attempt went. */
export function restartMessage(event: RestartEvent): string {
  const name = `embedded ${PROCESS_NAMES[event.process]}`;
  if (event.outcome === 'restarted') {
    return `${name} ${event.cause}; restarted, answering again after ${event.downMs} ms`;
  }
  const next = event.nextDelayMs === undefined ? '' : `; next try in ${event.nextDelayMs} ms`;
  return `${name} ${event.cause}; restart ${event.attempt} failed: ${(event.error ?? '').split('\n')[0]}${next}`;
}

/** Raised (through `onGiveUp`) when restarts kept failing. */
export class EngineGaveUpError extends Error {
  constructor(
    readonly process: EngineProcess,
    readonly failures: number,
    readonly windowMs: number,
    readonly lastError: string,
  ) {
    super(
      `The embedded ${PROCESS_NAMES[process]} could not be restarted: ` +
        `${failures} restarts failed within ${Math.round(windowMs / 1000)} s ` +
        `(last: ${lastError.split('\n')[0]}). Stopping instead of answering 503 for ever.`,
    );
    this.name = 'EngineGaveUpError';
  }
}

export interface SupervisionOptions {
  /** Called once per restart attempt, to log it. */
  onRestart?: (event: RestartEvent) => void;
  /** Called once, after the engine's processes were stopped, when restarts kept failing. */
  onGiveUp: (error: EngineGaveUpError) => void;
  /** Failed restarts within `windowMs` that make the supervisor give up: 5 unless set. */
  maxFailures?: number;
  /** 60 s unless set. */
  windowMs?: number;
  /** Wait before the first attempt after a death (100 ms); doubled after each failure. */
  initialDelayMs?: number;
  /** Longest wait between attempts (5 s). */
  maxDelayMs?: number;
  /**
   * Where the supervision record (`EngineSupervision`) is written after each change, for
   * processes that do not own the engine (the apps `npm start` runs report it in detailed health).
   */
  statusFile?: string;
}

/** One supervised process: how to wait for its death and how to bring it back. */
export interface SupervisedUnit {
  process: EngineProcess;
  /** Resolves with the cause when the current process dies (never after a stop). */
  died: () => Promise<string>;
  /** Starts it again; throws when it did not come back. */
  restart: () => Promise<void>;
}

export interface Supervisor {
  status: () => EngineSupervision;
  /**
   * Stops watching: deaths from now on are the owner's doing. Resolves once a restart under way
   * has finished, so the owner stops what it started.
   */
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Watches each unit and restarts it when it dies, one restart at a time (PostgreSQL and FerretDB
 * killed together come back in turn), with backoff. `shutDown` stops whatever still runs before
 * `onGiveUp` is told.
 */
export function supervise(
  units: readonly SupervisedUnit[],
  options: SupervisionOptions,
  shutDown: () => Promise<void>,
): Supervisor {
  const maxFailures = options.maxFailures ?? 5;
  const windowMs = options.windowMs ?? 60_000;
  const initialDelayMs = options.initialDelayMs ?? 100;
  const maxDelayMs = options.maxDelayMs ?? 5_000;
  const status: EngineSupervision = {
    restarts: 0,
    failedRestarts: 0,
    lastRestart: null,
    hasGivenUp: false,
  };
  let failureTimes: number[] = [];
  let isStopped = false;
  let queue: Promise<unknown> = Promise.resolve();

  const record = () => {
    if (!options.statusFile) return;
    try {
      writeFileSync(options.statusFile, JSON.stringify(status));
    } catch {
      // Health of other processes reads it; the supervision itself goes on without it.
    }
  };
  record();

  const giveUp = async (error: EngineGaveUpError) => {
    isStopped = true;
    status.hasGivenUp = true;
    record();
    await shutDown().catch(() => undefined);
    options.onGiveUp(error);
  };

  /** Brings one unit back after a death; false when the supervisor gave up or was stopped. */
  async function bringBack(unit: SupervisedUnit, cause: string): Promise<boolean> {
    const diedAt = Date.now();
    let delay = initialDelayMs;
    for (let attempt = 1; ; attempt += 1) {
      await sleep(delay);
      if (isStopped) return false;
      try {
        await unit.restart();
        if (isStopped) return false;
        status.restarts += 1;
        status.lastRestart = { process: unit.process, cause, at: new Date().toISOString() };
        record();
        options.onRestart?.({
          process: unit.process,
          cause,
          attempt,
          outcome: 'restarted',
          downMs: Date.now() - diedAt,
        });
        return true;
      } catch (error) {
        if (isStopped) return false;
        const message = (error as Error).message;
        const now = Date.now();
        failureTimes = [...failureTimes.filter((t) => now - t < windowMs), now];
        status.failedRestarts += 1;
        record();
        const isLast = failureTimes.length >= maxFailures;
        delay = Math.min(delay * 2, maxDelayMs);
        options.onRestart?.({
          process: unit.process,
          cause,
          attempt,
          outcome: 'failed',
          downMs: now - diedAt,
          error: message,
          ...(isLast ? {} : { nextDelayMs: delay }),
        });
        if (isLast) {
          await giveUp(new EngineGaveUpError(unit.process, failureTimes.length, windowMs, message));
          return false;
        }
      }
    }
  }

  async function watch(unit: SupervisedUnit): Promise<void> {
    while (!isStopped) {
      const cause = await unit.died();
      if (isStopped) return;
      // One restart at a time: the turn is taken in order of death.
      const turn = queue.then(() => bringBack(unit, cause));
      queue = turn.catch(() => false);
      if (!(await turn)) return;
    }
  }

  for (const unit of units) void watch(unit);
  return {
    status: () => ({ ...status }),
    stop: async () => {
      isStopped = true;
      await queue;
    },
  };
}
