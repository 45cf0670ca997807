import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The id of the request being served, for log lines written outside the request logger. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

// Printable ASCII without spaces, as proxies and tracing systems generate them.
const ACCEPTABLE_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Takes the caller's `X-Request-Id` when it is a reasonable token, otherwise makes one; echoes it
 * in the response and carries it through AsyncLocalStorage.
 */
export function requestId() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const offered = req.get('x-request-id');
    const id = offered && ACCEPTABLE_ID.test(offered) ? offered : randomUUID();
    (req as Request & { id: string }).id = id;
    res.setHeader('X-Request-Id', id);
    storage.run({ requestId: id }, next);
  };
}

export function requestIdOf(req: Request): string {
  return (req as Request & { id?: string }).id ?? 'unknown';
}
