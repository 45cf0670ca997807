// `Allow` (on OPTIONS and on 405) names the methods of the exact path asked, for every path of
// the route table: a path another one also matches (`/users/me` and `/users/:externalId`) keeps
// its own methods.
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/routes/route.js';
import { routeTable } from '../src/routes/table.js';
import { useApp } from './support/harness.js';

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A path's shape: parameters named alike (`/papers/:id` and `/papers/:slug` are one path). */
function shapeOf(path: string): string {
  return path.replace(/:\w+/g, ':param');
}

/** Each path of the table with the methods the table lists for it, as `Allow` should say them. */
function expectedAllow(): [string, string][] {
  const methods = new Map<string, Set<string>>();
  for (const route of routeTable) {
    const shape = shapeOf(route.path);
    const set = methods.get(shape) ?? new Set(['OPTIONS']);
    set.add(route.method.toUpperCase());
    if (route.method === 'get') set.add('HEAD');
    methods.set(shape, set);
  }
  return [...methods].map(([shape, set]) => [
    // A parameter's value that is no literal segment of any path (and a valid id).
    `${API_PREFIX}${shape.replace(/:param/g, '0123456789abcdef01234567')}`,
    ORDER.filter((m) => set.has(m)).join(', '),
  ]);
}

describe('Allow on every path of the route table', () => {
  const { app } = useApp();

  it('when the table is read, then it has the overlapping paths this test is about', () => {
    const paths = expectedAllow().map(([path]) => path);
    expect(paths).toContain(`${API_PREFIX}/users/me`);
    expect(paths).toContain(`${API_PREFIX}/users/0123456789abcdef01234567`);
  });

  it.each(expectedAllow())('when OPTIONS %s is asked, then Allow is %s', async (path, allow) => {
    const res = await fetch(`${app.url}${path}`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe(allow);
  });

  it.each(expectedAllow())(
    'when %s is asked with a method it does not serve, then 405 with Allow %s',
    async (path, allow) => {
      const method = ['PUT', 'DELETE', 'PATCH', 'POST'].find((m) => !allow.includes(m));
      expect(method).toBeDefined();
      const res = await fetch(`${app.url}${path}`, { method: method! });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(((await res.json()) as any).error.code).toBe('METHOD_NOT_ALLOWED');
    },
  );
});
