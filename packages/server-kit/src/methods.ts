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
 * For a path some route serves: a method it serves passes on; OPTIONS answers 204 with `Allow`;
 * any other method (TRACE, PUT, ...) is 405 METHOD_NOT_ALLOWED with `Allow`. A path no route
 * serves passes on (to the 404).
 */
export function methodGuard(routes: readonly KnownRoute[]) {
  const byPath = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const route of routes) {
    const entry = byPath.get(route.path) ?? {
      pattern: pathPattern(route.path),
      methods: new Set<string>(),
    };
    entry.methods.add(route.method.toUpperCase());
    byPath.set(route.path, entry);
  }
  // The Allow list of each path is fixed: computed once, merged per request only when two
  // patterns match the same path.
  const entries = [...byPath.values()].map((entry) => ({
    ...entry,
    allow: allowHeader(entry.methods),
  }));
  // Per method, one pattern of every path that serves it (HEAD where GET is served): the usual
  // request (a method its path serves) passes on after one test instead of a scan of every path.
  const served = new Map<string, RegExp>();
  for (const method of METHOD_ORDER.filter((m) => m !== 'OPTIONS')) {
    const sources = entries.filter((e) => e.allow.includes(method)).map((e) => e.pattern.source);
    if (sources.length)
      served.set(method, new RegExp(sources.map((x) => `(?:${x})`).join('|'), 'i'));
  }
  return (req: Request, res: Response, next: NextFunction): void => {
    const path = req.path;
    if (served.get(req.method)?.test(path)) {
      next();
      return;
    }
    let matched: (typeof entries)[number] | undefined;
    let merged: Set<string> | undefined;
    for (const entry of entries) {
      if (!entry.pattern.test(path)) continue;
      if (!matched) {
        matched = entry;
        continue;
      }
      merged ??= new Set(matched.methods);
      for (const m of entry.methods) merged.add(m);
    }
    if (!matched) {
      next();
      return;
    }
    const allow = merged ? allowHeader(merged) : matched.allow;
    if (req.method !== 'OPTIONS' && allow.includes(req.method)) {
      next();
      return;
    }
    res.setHeader('Allow', allow.join(', '));
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next(new MethodNotAllowedError(req.method, req.path, allow));
  };
}
