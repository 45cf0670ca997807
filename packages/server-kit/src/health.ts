import { readFileSync } from 'node:fs';
import { pingDatabase } from '@qpc/domain';
import { Router } from 'express';
import { refuseQueryParameters } from './no-query.js';
import { requestIdOf } from './request-context.js';

/**
 * Pings the embedded engine's PostgreSQL. `@qpc/ferretdb` is a development dependency (a packaged
 * app has no embedded engine, and then no PostgreSQL address either), so it is loaded only here.
 */
async function pingEmbeddedPostgres(url: string): Promise<{ latencyMs: number }> {
  const { pingPostgres } = await import('@qpc/ferretdb');
  return pingPostgres(url, TIMEOUT_MS);
}

/** Where the health routes are mounted. */
export const HEALTH_PATH = '/api/v1/health';

/** The health routes, for the method guard. */
export const HEALTH_ROUTES = [
  { method: 'GET', path: HEALTH_PATH },
  { method: 'GET', path: `${HEALTH_PATH}/detailed` },
] as const;

/** The supervision record of the embedded engine (`EngineSupervision` of `@qpc/ferretdb`). */
export interface EngineRestarts {
  restarts: number;
  failedRestarts: number;
  lastRestart: { process: 'ferretdb' | 'postgresql'; cause: string; at: string } | null;
  hasGivenUp: boolean;
}

export interface HealthInfo {
  version: string;
  startedAt?: number;
  /** The PostgreSQL server under the embedded FerretDB, when the service runs on it. */
  postgresUrl?: string | undefined;
  /** The embedded engine's restarts, when a supervisor (this process or `npm start`) keeps it. */
  engineSupervision?: (() => EngineRestarts | null) | undefined;
}

/**
 * The record another process's supervisor writes (`npm start` runs the engine; the apps report
 * it): read at each detailed health request, null while it cannot be read.
 */
export function engineStatusFromFile(path: string): () => EngineRestarts | null {
  return () => {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as EngineRestarts;
    } catch {
      return null;
    }
  };
}

/** What detailed health says of the restarts: how many, the failed attempts, the last one. */
function restartsOf(record: EngineRestarts | null) {
  if (!record) return {};
  return {
    engineRestarts: {
      count: record.restarts,
      failedAttempts: record.failedRestarts,
      last: record.lastRestart,
    },
  };
}

const TIMEOUT_MS = 1_500;

type Check = { status: 'up'; latencyMs: number } | { status: 'down' };

async function check(probe: () => Promise<{ latencyMs: number }>): Promise<Check> {
  try {
    const { latencyMs } = await probe();
    return { status: 'up', latencyMs };
  } catch {
    return { status: 'down' };
  }
}

/**
 * The router to mount at HEALTH_PATH.
 * `/api/v1/health`: 200 while the process serves, whatever the database does (liveness).
 * `/api/v1/health/detailed`: 200 with the database's latency (and, on the embedded engine, that
 * of the PostgreSQL server under FerretDB as `checks.engine`, and the supervisor's restarts as
 * `engineRestarts`), or 503 within ~1.5 s when either is down.
 */
export function healthRouter(info: HealthInfo): Router {
  const startedAt = info.startedAt ?? Date.now();
  const { postgresUrl } = info;
  const base = () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
    version: info.version,
  });
  const detailedBase = () => ({ ...base(), ...restartsOf(info.engineSupervision?.() ?? null) });
  const router = Router();
  router.use(refuseQueryParameters());
  router.get('/', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json({ success: true, data: base() });
  });
  router.get('/detailed', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const [database, engine] = await Promise.all([
      check(() => pingDatabase(TIMEOUT_MS)),
      postgresUrl ? check(() => pingEmbeddedPostgres(postgresUrl)) : null,
    ]);
    const checks = {
      database,
      ...(engine ? { engine: { ...engine, backend: 'postgresql' as const } } : {}),
    };
    if (database.status === 'up' && engine?.status !== 'down') {
      res.status(200).json({ success: true, data: { ...detailedBase(), checks } });
      return;
    }
    res.status(503).json({
      success: false,
      data: { ...detailedBase(), status: 'degraded', checks },
      error: {
        message: 'The database is unavailable',
        code: 'SERVICE_UNAVAILABLE',
        requestId: requestIdOf(req),
      },
    });
  });
  return router;
}
