import { pingDatabase } from '@qpc/domain';
import { Router } from 'express';
import { requestIdOf } from './request-context.js';

/** The health routes, for the method guard. */
export const HEALTH_ROUTES = [
  { method: 'GET', path: '/api/v1/health' },
  { method: 'GET', path: '/api/v1/health/detailed' },
] as const;

export interface HealthInfo {
  version: string;
  startedAt?: number;
}

/**
 * `/api/v1/health`: 200 while the process serves, whatever the database does (liveness).
 * `/api/v1/health/detailed`: 200 with the database's latency, or 503 within ~1.5 s when it is down.
 */
export function healthRouter(info: HealthInfo): Router {
  const startedAt = info.startedAt ?? Date.now();
  const base = () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
    version: info.version,
  });
  const router = Router();
  router.get('/api/v1/health', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json({ success: true, data: base() });
  });
  router.get('/api/v1/health/detailed', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      const { latencyMs } = await pingDatabase(1_500);
      res.status(200).json({
        success: true,
        data: { ...base(), checks: { database: { status: 'up', latencyMs } } },
      });
    } catch {
      res.status(503).json({
        success: false,
        data: { ...base(), status: 'degraded', checks: { database: { status: 'down' } } },
        error: {
          message: 'The database is unavailable',
          code: 'SERVICE_UNAVAILABLE',
          requestId: requestIdOf(req),
        },
      });
    }
  });
  return router;
}
