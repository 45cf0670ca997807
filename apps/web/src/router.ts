// Hash routes (`#/u/nfit`), so the server only ever serves index.html and its assets.

export type Params = Record<string, string>;

export interface Route {
  path: string;
  render: (params: Params) => Promise<Node>;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  keys: string[];
}

function compile(route: Route): CompiledRoute {
  const keys: string[] = [];
  const source = route.path.replace(/:(\w+)/g, (_m, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { ...route, pattern: new RegExp(`^${source}$`), keys };
}

/** The route and parameters the current hash names, or null. */
export function match(
  routes: readonly Route[],
  hash: string,
): { route: Route; params: Params } | null {
  const path = hash.replace(/^#/, '') || '/';
  for (const route of routes.map(compile)) {
    const found = route.pattern.exec(path);
    if (found) {
      const params: Params = {};
      route.keys.forEach((key, i) => {
        params[key] = decodeURIComponent(found[i + 1]!);
      });
      return { route, params };
    }
  }
  return null;
}

/** A link to a route: `link('/u/', slug)` -> `#/u/nfit` (each part encoded). */
export function href(...parts: string[]): string {
  return `#${parts.map((p, i) => (i % 2 === 0 ? p : encodeURIComponent(p))).join('')}`;
}
