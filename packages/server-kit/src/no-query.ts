// The contract: unknown query parameters are 400 on every route, not only on lists. Lists refuse
// them through their domain schema (strict); a route that takes no parameter at all refuses any,
// through this one rule, with the same envelope and message as a list.
import { parseInput } from '@qpc/domain';
import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';

const NO_PARAMETERS = z.strictObject({});

/** Throws a 400 naming every parameter of `query` (`x is not allowed`); nothing for none. */
export function assertNoQueryParameters(query: Record<string, unknown>): void {
  if (Object.keys(query).length > 0) parseInput(NO_PARAMETERS, query);
}

/** Middleware form, for routes outside a route table (health, the API reference). */
export function refuseQueryParameters() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    try {
      assertNoQueryParameters(req.query);
      next();
    } catch (error) {
      next(error);
    }
  };
}
