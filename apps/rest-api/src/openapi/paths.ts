// Paths of the document: Express paths in OpenAPI's template syntax, and one path for routes
// that differ only in parameter names.
import { z } from 'zod';
import type { RouteDefinition } from '../routes/route.js';
import { API_PREFIX } from '../routes/route.js';

/** `/universities/:slug` -> `/api/v1/universities/{slug}` */
export function openApiPath(expressPath: string): string {
  return `${API_PREFIX}${expressPath}`.replace(/:(\w+)/g, '{$1}');
}

/** A path with its parameter names erased: `/universities/:slug` and `/universities/:id` are the same route to Express. */
export function pathShape(path: string): string {
  return path.replace(/:\w+|\{\w+\}/g, '{}');
}

export interface DocumentedPath {
  path: string;
  /** Path parameter names of the route -> names in the document. */
  rename: Map<string, string>;
}

/**
 * OpenAPI forbids two templates that differ only in parameter names (`/universities/{slug}` for
 * GET, `/universities/{id}` for PATCH): such routes share one path whose parameter gets a joined
 * name (`{slugOrId}`), each operation still describing what it expects there.
 */
export function documentedPaths(
  routes: readonly RouteDefinition[],
): Map<RouteDefinition, DocumentedPath> {
  const names = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const byShape = new Map<string, RouteDefinition[]>();
  for (const route of routes)
    byShape.set(pathShape(route.path), [...(byShape.get(pathShape(route.path)) ?? []), route]);
  const out = new Map<RouteDefinition, DocumentedPath>();
  for (const [shape, group] of byShape) {
    const joined = names(group[0]!.path).map((_, i) => {
      const distinct = [...new Set(group.map((r) => names(r.path)[i]!))];
      return distinct.map((n, j) => (j === 0 ? n : n[0]!.toUpperCase() + n.slice(1))).join('Or');
    });
    let position = 0;
    const path = openApiPath(shape.replace(/\{\}/g, () => `:${joined[position++]}`));
    for (const route of group) {
      out.set(route, { path, rename: new Map(names(route.path).map((n, i) => [n, joined[i]!])) });
    }
  }
  return out;
}

export function renameParams(params: z.ZodObject, rename: Map<string, string>): z.ZodObject {
  return z.object(
    Object.fromEntries(
      Object.entries(params.shape).map(([key, schema]) => [rename.get(key) ?? key, schema]),
    ),
  );
}
