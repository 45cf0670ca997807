import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '@qpc/config';
import { answerKeys, callerFor, withIdempotency } from '@qpc/domain';
import { actorOf, assertNoQueryParameters, shareAnswer } from '@qpc/server-kit';
import { Router } from 'express';
import type { Express, Request, Response } from 'express';
import { fromQueryString, queryStringSchema, textFormsSchema } from './query-string.js';
import type { FileReply, RouteContext, RouteDefinition } from './route.js';
import { API_PREFIX } from './route.js';
import { routeTable } from './table.js';

/** How much of a refused upload is read and dropped before the connection is cut instead. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * The request body as a stream the route may consume or abandon. A refused upload destroys this
 * copy, never the request: the rest of the body is read and dropped so the client gets its
 * answer on a healthy connection (up to a limit, then the connection is cut). A client that goes
 * away destroys the copy with an error.
 */
function requestStream(req: Request): Readable {
  const body = new PassThrough();
  req.once('error', (error) => body.destroy(error));
  req.once('close', () => {
    if (!req.complete) body.destroy(new Error('The client closed the request before its end'));
  });
  body.once('close', () => {
    if (req.complete || req.destroyed) return;
    req.unpipe(body);
    let drained = 0;
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT_BYTES) req.socket.destroy();
    });
    // unpipe paused it: a data listener alone does not restart a paused stream.
    req.resume();
  });
  req.pipe(body);
  return body;
}

/** Sends a file reply: headers, then the bytes streamed (none for HEAD). */
async function sendFile(req: Request, res: Response, reply: FileReply): Promise<void> {
  const body = req.method === 'HEAD' ? undefined : await reply.body?.();
  res.status(reply.status).set(reply.headers);
  if (!body) {
    res.end();
    return;
  }
  // A client that disconnects ends the pipeline; the database cursor is closed with it.
  await pipeline(body, res).catch((error: unknown) => {
    if (!res.headersSent) throw error;
    res.destroy();
  });
}

function noQuery(query: Record<string, unknown>): Record<string, never> {
  assertNoQueryParameters(query);
  return {};
}

/**
 * Runs one route: the caller and the request go to its service (the query converted from text
 * first, a raw body as a stream); the result gets the contract's envelope, or streams a file.
 */
function handle(route: RouteDefinition, config: Config) {
  const queryForm = route.query ? queryStringSchema(route.query) : undefined;
  const textForms = route.query ? textFormsSchema(route.query) : undefined;
  return async (req: Request, res: Response): Promise<void> => {
    let stream: Readable | undefined;
    const caller = callerFor(actorOf(res));
    const ctx: RouteContext = {
      caller,
      param: (name) => String(req.params[name] ?? ''),
      // A route without a query schema takes no parameter: any is refused (400), as on lists.
      query: queryForm ? fromQueryString(queryForm, req.query, textForms) : noQuery(req.query),
      body: req.body as unknown,
      header: (name) => req.get(name),
      stream: () => (stream ??= requestStream(req)),
      config,
    };
    try {
      await respond(route, ctx, req, res);
    } finally {
      // A body the service refused before reading it all: drop the rest (see requestStream).
      if (stream && !stream.readableEnded) stream.destroy();
    }
  };
}

/** Calls the route's handler and answers with its response kind: the envelope, or the file's bytes. */
async function respond(
  route: RouteDefinition,
  ctx: RouteContext,
  req: Request,
  res: Response,
): Promise<void> {
  if (route.response.kind === 'list') {
    const page = (await route.handler(ctx)) as Record<string, unknown>;
    const body: Record<string, unknown> = {
      success: true,
      data: page.items,
      pagination: page.pagination,
    };
    // Only the fields the route documents go beside the page (search's facets).
    const extra = route.response.extra;
    if (extra) for (const key of Object.keys(extra)) body[key] = page[key];
    share(req, res, ctx, answerKeys(page.items, route.response.component.name));
    res.status(200).json(body);
  } else if (route.response.kind === 'created') {
    // A retry with the same Idempotency-Key gets the first answer again (the domain's rule).
    const { find } = route.response;
    const { value: data, isReplayed } = await withIdempotency(
      {
        actor: ctx.caller.actor,
        key: req.get('idempotency-key'),
        operation: `rest ${route.method.toUpperCase()} ${route.path}`,
        // A create that takes a query (a paper from its PDF) is told apart by it too.
        input: route.query
          ? { params: req.params, query: ctx.query, body: ctx.body }
          : { params: req.params, body: ctx.body },
        action: route.action ?? 'catalog:write',
      },
      {
        create: (createdId) => route.handler({ ...ctx, createdId }),
        find: (id) => find(ctx, id),
      },
    );
    if (isReplayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(201).location(route.response.location(data)).json({ success: true, data });
  } else if (route.response.kind === 'no-content') {
    await route.handler(ctx);
    res.status(204).end();
  } else if (route.response.kind === 'file') {
    const reply = (await route.handler(ctx)) as FileReply;
    // A file is filed under the record its path names (a paper's PDF, under the paper).
    share(req, res, ctx, answerKeys({ id: ctx.param('id') }));
    await sendFile(req, res, reply);
  } else {
    const data = await route.handler(ctx);
    share(req, res, ctx, answerKeys(data));
    res.status(200).json({ success: true, data });
  }
}

/** An anonymous GET's answer is shared under its surrogate keys (server-kit's http-cache.ts). */
function share(req: Request, res: Response, ctx: RouteContext, keys: string[]): void {
  shareAnswer(req, res, keys, ctx.config.httpCache.sMaxAge);
}

/** Requests to routes that stream their own body (see `rawBody`): the JSON parser leaves them alone. */
export function rawBodyMatcher(
  routes: readonly RouteDefinition[] = routeTable,
): (req: Request) => boolean {
  const patterns = routes
    .filter((route) => route.rawBody)
    .map((route) => ({
      method: route.method.toUpperCase(),
      path: new RegExp(
        `^${API_PREFIX}${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`,
      ),
    }));
  return (req) => patterns.some((p) => p.method === req.method && p.path.test(req.path));
}

/** The first segment of a route's path (`/questions` of `/questions/:id`). */
function resourceOf(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path : path.slice(0, end);
}

/**
 * Every REST resource under /api/v1 (the reference is mounted apart: see docs.ts): a router per
 * resource, mounted at its own path, so a request is matched against its resource's few routes
 * instead of all of them. Within a resource, routes keep the table's order.
 */
export function mountApi(
  app: Express,
  config: Config,
  routes: readonly RouteDefinition[] = routeTable,
): void {
  const resources = new Map<string, Router>();
  for (const route of routes) {
    const resource = resourceOf(route.path);
    let router = resources.get(resource);
    if (!router) {
      router = Router();
      resources.set(resource, router);
    }
    router[route.method](route.path.slice(resource.length) || '/', handle(route, config));
  }
  for (const [resource, router] of resources) app.use(`${API_PREFIX}${resource}`, router);
}
