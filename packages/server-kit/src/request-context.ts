import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * The id of the request being served, for log lines written outside the request logger; only
 * where the app's chain carries it (`requestId({ carryContext: true })`).
 */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

// Printable ASCII without spaces, as proxies and tracing systems generate them.
const ACCEPTABLE_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Takes the caller's `X-Request-Id` when it is a reasonable token, otherwise makes one, and echoes
 * it in the response. With `carryContext`, the id also travels through AsyncLocalStorage for code
 * that has no request at hand (Apollo's `formatError`). Off by default: on Node 20 a live
 * AsyncLocalStorage turns on promise hooks for every promise the process makes, a cost paid by
 * every database call.
 */
export function requestId(options: { carryContext?: boolean } = {}) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const offered = req.get('x-request-id');
    const id = offered && ACCEPTABLE_ID.test(offered) ? offered : randomUUID();
    (req as Request & { id: string }).id = id;
    res.setHeader('X-Request-Id', id);
    if (options.carryContext) storage.run({ requestId: id }, next);
    else next();
  };
}

export function requestIdOf(req: Request): string {
  return (req as Request & { id?: string }).id ?? 'unknown';
}
