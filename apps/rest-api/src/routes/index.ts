import { Router } from 'express';

/** Every REST resource under /api/v1. */
export function apiRouter(): Router {
  const router = Router();
  return router;
}
