import { createActorResolver, createLogger, createRateLimiter } from '@qpc/server-kit';
import { testConfig } from '@qpc/server-kit/testing';
import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { pathShape } from '../src/openapi/document.js';
import { routeTable } from '../src/routes/table.js';
import { client } from './support/api.js';
import { startApp, useApp } from './support/harness.js';

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<
    string,
    {
      $ref?: string;
      content?: Record<string, { schema: { $ref?: string } }>;
      headers?: Record<string, unknown>;
    }
  >;
}
type Paths = Record<string, Record<string, Operation>>;

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: string;
}

/** Every method and path Express would route, found by walking the app's router stack. */
function registeredRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        // A router's `/` route answers at its mount path (Express is not strict about the slash).
        const path = prefix && layer.route.path === '/' ? prefix : `${prefix}${layer.route.path}`;
        for (const method of Object.keys(layer.route.methods))
          found.push(`${method.toUpperCase()} ${path}`);
      } else if (layer.handle.stack) {
        const mount =
          typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found.sort();
}

describe('OpenAPI document and reference', () => {
  const { app, call } = useApp();
  let paths: Paths;
  let document: any;
  beforeAll(async () => {
    const res = await call('GET', '/openapi.json');
    document = res.body;
    paths = document.paths;
  });

  const operations = (): [string, string, Operation][] =>
    Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([m, op]): [string, string, Operation] => [path, m, op]),
    );

  it('when fetched without a token, then it is OpenAPI 3.1 with a bearer scheme and the API version', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: 'test' });
    expect(document.components.securitySchemes.bearerAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
  });

  it('when the Express routes are compared with the document, then each is documented and each documented route exists', () => {
    const config = testConfig('mongodb://127.0.0.1:1/unused');
    const express = createApp({
      config,
      logger: createLogger({ logLevel: 'silent' }, { name: 'rest-api' }),
      rateLimiter: createRateLimiter(config, { keyPrefix: 'rest' }),
      resolveActor: createActorResolver(config),
      version: 'test',
    });
    // The reference's static files are served below /docs/assets, outside the API surface.
    // Parameter names are erased: the document joins `{slug}` and `{id}` of one path (`{slugOrId}`).
    const registered = registeredRoutes(express)
      .filter((r) => !r.includes('/docs/assets/'))
      .map(pathShape)
      .sort();
    const documented = operations()
      .map(([path, method]) => pathShape(`${method.toUpperCase()} ${path}`))
      .sort();
    expect(registered).toEqual(documented);
    expect(registered.length).toBe(routeTable.length + 4);
  });

  it('when operations are listed, then each has a unique operationId, a tag and a summary', () => {
    const ids = operations().map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, , op] of operations()) {
      expect(op.tags.length).toBe(1);
      expect(op.summary.length).toBeGreaterThan(3);
    }
    const tags = document.tags.map((t: { name: string }) => t.name);
    expect(new Set(operations().map(([, , op]) => op.tags[0]))).toEqual(new Set(tags));
  });

  it('when a route of the table is looked up, then its path and query parameters, body, success and error responses are there', () => {
    for (const route of routeTable) {
      const path = Object.keys(paths).find(
        (p) => pathShape(p) === pathShape(`/api/v1${route.path}`),
      )!;
      const op = paths[path]?.[route.method];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      const params = op!.parameters ?? [];
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)) {
        expect(params).toContainEqual(
          expect.objectContaining({ name, in: 'path', required: true }),
        );
      }
      for (const name of Object.keys(route.query?.shape ?? {})) {
        expect(params, `${route.method} ${path} ?${name}`).toContainEqual(
          expect.objectContaining({ name, in: 'query' }),
        );
      }
      if (route.body) expect(op!.requestBody?.content['application/json']?.schema).toBeDefined();
      else if (route.rawBody)
        expect(op!.requestBody?.content[route.rawBody.contentType]?.schema).toEqual({
          type: 'string',
          format: 'binary',
        });
      else expect(op!.requestBody).toBeUndefined();

      const success = {
        item: '200',
        list: '200',
        created: '201',
        'no-content': '204',
        file: '200',
      }[route.response.kind];
      expect(Object.keys(op!.responses)).toContain(success);
      if (route.response.kind === 'created')
        expect(op!.responses['201']!.headers).toHaveProperty('Location');
      if (route.response.kind === 'list') {
        expect(op!.responses['200']!.content!['application/json']!.schema.$ref).toMatch(
          /ListResponse$/,
        );
      }
      for (const status of ['400', '401', '429', '500', '503'])
        expect(Object.keys(op!.responses)).toContain(status);
      if (route.action === null) {
        expect(op!.security).toEqual([{}, { bearerAuth: [] }]);
        // A public read answers 403 only for a filter some roles may not use (createdBy).
        expect(Object.keys(op!.responses).includes('403')).toBe(route.hasRestrictedFilter === true);
      } else {
        expect(op!.security).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(op!.responses)).toContain('403');
      }
      if (route.path.includes(':')) expect(Object.keys(op!.responses)).toContain('404');
      if (route.body || route.rawBody) expect(Object.keys(op!.responses)).toContain('413');
      if (route.rawBody) expect(Object.keys(op!.responses)).toContain('415');
      if (route.response.kind === 'file') {
        expect(Object.keys(op!.responses)).toEqual(
          expect.arrayContaining(['200', '206', '304', '416']),
        );
        expect(op!.responses['200']!.content![route.response.contentType]!.schema).toEqual({
          type: 'string',
          format: 'binary',
        });
      }
    }
  });

  it('when an error response is documented, then it uses the error envelope schema', () => {
    const envelope = document.components.schemas.ErrorResponse;
    expect(envelope.properties.error.properties.code.enum).toEqual(
      expect.arrayContaining([
        'VALIDATION_ERROR',
        'UNAUTHENTICATED',
        'FORBIDDEN',
        'NOT_FOUND',
        'CONFLICT',
        'INTERNAL_ERROR',
      ]),
    );
    for (const [path, method, op] of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400 || path.includes('/health')) continue;
        const resolved = response.$ref
          ? document.components.responses[response.$ref.split('/').pop()!]
          : response;
        expect(resolved.content['application/json'].schema, `${method} ${path} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorResponse',
        });
      }
    }
  });

  it('when two routes differ only in parameter names, then the document has one path for them, each operation saying what it takes', () => {
    const shared = paths['/api/v1/universities/{slugOrId}']!;
    expect(Object.keys(shared).sort()).toEqual(['delete', 'get', 'patch']);
    expect(JSON.stringify(shared.get!.parameters)).toMatch(/slug/);
    expect(JSON.stringify(shared.patch!.parameters)).toMatch(/24 hexadecimal/);
    const shapes = Object.keys(paths).map(pathShape);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('when an update body needs at least one field, then the document says minProperties 1', () => {
    const body = paths['/api/v1/branches/{id}']!.patch!.requestBody!.content['application/json']!
      .schema as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'object', minProperties: 1, additionalProperties: false });
    const create = paths['/api/v1/branches']!.post!.requestBody!.content['application/json']!
      .schema as Record<string, unknown>;
    expect(create).not.toHaveProperty('minProperties');
  });

  it('when an id parameter is documented, then its pattern accepts ids in either case (no regex flags)', () => {
    const id = paths['/api/v1/questions/{id}']!.get!.parameters!.find(
      (p) => p.name === 'id',
    ) as unknown as {
      schema: { pattern: string };
    };
    const pattern = new RegExp(id.schema.pattern);
    expect(pattern.test('0123456789abcdef01234567')).toBe(true);
    expect(pattern.test('0123456789ABCDEF01234567')).toBe(true);
    expect(pattern.test('0123456789abcdef0123456')).toBe(false);
    expect(JSON.stringify(document)).not.toMatch(/"pattern":"[^"]*\/[a-z]+"/);
  });

  it('when a resource schema is read, then it names id and ISO dates, never _id', () => {
    const university = document.components.schemas.University;
    expect(university.required).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'shortName',
        'slug',
        'isActive',
        'createdAt',
        'updatedAt',
      ]),
    );
    expect(university.properties.createdAt.format).toBe('date-time');
    expect(JSON.stringify(document.components.schemas)).not.toContain('"_id"');
    expect(document.components.schemas.Pagination.required).toEqual(
      expect.arrayContaining([
        'page',
        'limit',
        'total',
        'totalPages',
        'hasNextPage',
        'hasPrevPage',
      ]),
    );
  });

  it('when a token is invalid, then the document and the page still answer: they never read the caller (contract)', async () => {
    for (const path of ['/openapi.json', '/docs']) {
      const res = await call('GET', path, { token: 'not.a.token' });
      expect(res.status, path).toBe(200);
    }
  });

  describe('reference page', () => {
    it('when /docs is opened, then it is HTML with no inline script, loading Swagger UI from the app itself', async () => {
      const res = await call('GET', '/docs');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, content] of scripts) {
        expect(attributes).toMatch(/src="\/api\/v1\/docs\/assets\//);
        expect(content!.trim()).toBe('');
      }
      expect(res.text).not.toMatch(/https?:\/\//);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'(;|$)/);
    });

    it('when every asset the page references is fetched, then each is served by the app with its type', async () => {
      const page = (await call('GET', '/docs')).text;
      const assets = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(assets).toEqual(
        expect.arrayContaining([
          '/api/v1/docs/assets/swagger-ui.css',
          '/api/v1/docs/assets/swagger-ui-bundle.js',
          '/api/v1/docs/assets/docs-init.js',
        ]),
      );
      for (const asset of assets) {
        const res = await call('GET', asset);
        expect(res.status, asset).toBe(200);
        const type = res.headers.get('content-type') ?? '';
        if (asset.endsWith('.js')) expect(type).toMatch(/javascript/);
        if (asset.endsWith('.css')) expect(type).toMatch(/text\/css/);
      }
      const init = await call('GET', '/api/v1/docs/assets/docs-init.js');
      expect(init.text).toContain("url: '/api/v1/openapi.json'");
      expect(init.text).toContain('validatorUrl: null');
    });

    it('when the page and its assets are loaded many times on a small rate limit, then none is counted and the API still answers', async () => {
      const limited = await startApp(
        { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' },
        { shareDatabaseWith: app },
      );
      try {
        const get = client(limited.url);
        const page = (await get('GET', '/docs')).text;
        const assets = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
        for (let load = 0; load < 5; load += 1) {
          for (const path of ['/docs', '/openapi.json', ...assets]) {
            const res = await get('GET', path);
            expect(res.status, path).toBe(200);
            expect(res.headers.get('x-ratelimit-limit'), path).toBeNull();
          }
        }
        const api = await get('GET', '/universities');
        expect(api.status).toBe(200);
        expect(api.headers.get('x-ratelimit-remaining')).toBe('2');
      } finally {
        await limited.close();
      }
    });

    it('when an asset does not exist, then 404 in the error envelope', async () => {
      const res = await call('GET', '/api/v1/docs/assets/nope.js');
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    });
  });
});
