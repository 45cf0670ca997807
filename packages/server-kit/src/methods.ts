// What a known path answers to a method it does not serve: 405 in the envelope with `Allow`, and
// OPTIONS a 204 with `Allow` (Express's own answer would be 200 text/plain outside the envelope).
import type { NextFunction, Request, Response } from 'express';

/** A route the app serves: its method and its full Express path (`/api/v1/papers/:id`). */
export interface KnownRoute {
  method: string;
  path: string;
}

/** The order methods are listed in an `Allow` header. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A method the path exists for but does not serve. */
export class MethodNotAllowedError extends Error {
  readonly status = 405;
  readonly code = 'METHOD_NOT_ALLOWED' as const;
  constructor(
    method: string,
    path: string,
    readonly allow: readonly string[],
  ) {
    super(`Method ${method} is not allowed on ${path}; allowed: ${allow.join(', ')}`);
    this.name = 'MethodNotAllowedError';
  }
}

/** A matcher for an Express path of literal segments and `:params`, as lenient as Express's own. */
function pathPattern(path: string): RegExp {
  if (!path.startsWith('/') || /[*?(){}]/.test(path)) {
    throw new Error(`Unsupported route path for the method guard: ${path}`);
  }
  const source = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.+^$|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

function allowHeader(methods: Set<string>): string[] {
  const all = new Set([...methods, 'OPTIONS']);
  if (all.has('GET')) all.add('HEAD');
  return METHOD_ORDER.filter((m) => all.has(m));
}

/**
 * How specific a path is, segment by segment: `L` for a literal, `P` for a parameter. Of two
 * paths that match the same request, the one whose key sorts first owns it: a literal beats a
 * parameter at the first segment where they differ (`/users/me` over `/users/:externalId`), as
 * the route table orders them.
 */
function specificity(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? 'P' : 'L'))
    .join('');
}

/**
 * For a path some route serves: a method it serves passes on; OPTIONS answers 204 with `Allow`;
 * any other method (TRACE, PUT, ...) is 405 METHOD_NOT_ALLOWED with `Allow`. A request path
 * that several route paths match belongs to the most specific of them (see `specificity`), and
 * `Allow` names that path's methods only. A path no route serves passes on (to the 404).
 */
export function methodGuard(routes: readonly KnownRoute[]) {
  // Paths of one shape (`/papers/:id`, `/papers/:paperId`) are one path: their methods merge.
  const byShape = new Map<string, Shaped & { pattern: RegExp; methods: Set<string> }>();
  for (const route of routes) {
    const segments = shapeOf(route.path);
    const shape = segments.join('/');
    const entry = byShape.get(shape) ?? {
      pattern: pathPattern(route.path),
      segments,
      key: specificity(route.path),
      methods: new Set<string>(),
    };
    entry.methods.add(route.method.toUpperCase());
    byShape.set(shape, entry);
  }
  // Most specific first: the first entry that matches a request path owns it.
  const entries = [...byShape.values()]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => ({ ...entry, allow: allowHeader(entry.methods) }));
  // Per method, one pattern of every path that serves it (HEAD where GET is served): the usual
  // request (a method its path serves) passes on after one test instead of a scan of every path,
  // unless a more specific path may own it (`shadowing`): then the scan decides.
  const shadowing = entries.filter((entry) =>
    entries.some((other) => other !== entry && other.key > entry.key && overlap(entry, other)),
  );
  const shadowPattern = shadowing.length
    ? new RegExp(shadowing.map((e) => `(?:${e.pattern.source})`).join('|'), 'i')
    : undefined;
  const served = new Map<string, RegExp>();
  for (const method of METHOD_ORDER.filter((m) => m !== 'OPTIONS')) {
    const sources = entries.filter((e) => e.allow.includes(method)).map((e) => e.pattern.source);
    if (sources.length)
      served.set(method, new RegExp(sources.map((x) => `(?:${x})`).join('|'), 'i'));
  }
  return (req: Request, res: Response, next: NextFunction): void => {
    const path = req.path;
    if (served.get(req.method)?.test(path) && !shadowPattern?.test(path)) {
      next();
      return;
    }
    const owner = entries.find((entry) => entry.pattern.test(path));
    if (!owner) {
      next();
      return;
    }
    if (req.method !== 'OPTIONS' && owner.allow.includes(req.method)) {
      next();
      return;
    }
    res.setHeader('Allow', owner.allow.join(', '));
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next(new MethodNotAllowedError(req.method, req.path, owner.allow));
  };
}

interface Shaped {
  /** The path's segments, lowercased, every parameter as `:`. */
  segments: string[];
  key: string;
}

function shapeOf(path: string): string[] {
  return path
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? ':' : segment.toLowerCase()));
}

/** Whether one request path could match both paths (same length, literals agree). */
function overlap(a: Shaped, b: Shaped): boolean {
  if (a.segments.length !== b.segments.length) return false;
  return a.segments.every(
    (segment, i) => segment === ':' || b.segments[i] === ':' || segment === b.segments[i],
  );
}
