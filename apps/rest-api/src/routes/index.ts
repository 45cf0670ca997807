import { actorOf } from '@qpc/server-kit';
import { Router, type Request, type Response } from 'express';
import { fromQueryString, queryStringSchema } from './query-string.js';
import type { RouteContext, RouteDefinition } from './route.js';
import { routeTable } from './table.js';

/**
 * Runs one route: the caller and the request go to its service (the query converted from text
 * first); the result gets the contract's envelope.
 */
function handle(route: RouteDefinition) {
  const queryForm = route.query ? queryStringSchema(route.query) : undefined;
  return async (req: Request, res: Response): Promise<void> => {
    const ctx: RouteContext = {
      actor: actorOf(res),
      param: (name) => String(req.params[name] ?? ''),
      query: queryForm ? fromQueryString(queryForm, req.query) : req.query,
      body: req.body as unknown,
    };
    if (route.response.kind === 'list') {
      const page = (await route.handler(ctx)) as { items: unknown[]; pagination: unknown };
      res.status(200).json({ success: true, data: page.items, pagination: page.pagination });
    } else if (route.response.kind === 'created') {
      const data = await route.handler(ctx);
      res.status(201).location(route.response.location(data)).json({ success: true, data });
    } else if (route.response.kind === 'no-content') {
      await route.handler(ctx);
      res.status(204).end();
    } else {
      res.status(200).json({ success: true, data: await route.handler(ctx) });
    }
  };
}

/** Every REST resource under /api/v1 (the reference is mounted apart: see docs.ts). */
export function apiRouter(routes: readonly RouteDefinition[] = routeTable): Router {
  const router = Router();
  for (const route of routes) router[route.method](route.path, handle(route));
  return router;
}
