// The OpenAPI 3.1 document, generated from the route table and the domain's zod schemas.
import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  zodToOpenAPIRegistry,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { Access, Component, RouteDefinition } from '../routes/route.js';
import { API_PREFIX } from '../routes/route.js';
import {
  FILE_ERROR_RESPONSES,
  fileRequestHeaders,
  fileSuccessResponses,
  rawRequestBody,
} from './files.js';
import {
  detailedHealthResponseSchema,
  errorResponseSchema,
  healthResponseSchema,
  paginationSchema,
} from './schemas.js';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

const BEARER = 'bearerAuth';

const ACCESS_TEXT: Record<Access, string> = {
  public:
    'Public: no token needed. A valid token is optional (editors and admins may see more); an invalid or expired one is refused with 401.',
  authenticated: 'Requires a token of any active user.',
  editor: 'Requires a token of an active user with role `admin` or `editor`.',
  admin: 'Requires a token of an active user with role `admin`.',
};

const DESCRIPTION = `
The catalog of previous-year exam question papers: universities, branches, semesters, subjects,
subject offerings with their syllabus (modules and topics), papers, questions and solutions.

## Authentication
Send \`Authorization: Bearer <token>\` (a Clerk session JWT; locally, a development token from
\`npm run token -- --sub me --role admin\`). Reads of the catalog are public; writes need a role
(see each operation). A user is created with role \`normal\` on first sight. A deactivated account
gets 403 on every operation that needs authentication and is served as anonymous on public reads.
An invalid or expired token is refused with 401 on every operation, public ones included.

## Responses
- Success: \`{"success": true, "data": ...}\`; create answers 201 with a \`Location\` header, read
  and update 200, delete 204 without a body.
- Lists: \`{"success": true, "data": [...], "pagination": {page, limit, total, totalPages, hasNextPage, hasPrevPage}}\`,
  with \`page\` >= 1 (default 1) and \`limit\` 1..100 (default 20).
- Resources carry \`id\`, \`createdAt\` and \`updatedAt\` (ISO 8601).
- Errors: \`{"success": false, "error": {message, code, requestId, details?}}\`; \`requestId\` is the
  request's \`X-Request-Id\`.
- Single-resource reads carry an \`ETag\`; send it back in \`If-None-Match\` to get 304.
- Authenticated responses carry \`Cache-Control: no-store\`.

## Input
Bodies are JSON (\`Content-Type: application/json\`, at most 100 kB by default). Unknown body
fields, query parameters given twice (\`?type=mcq&type=long\`) and bracketed keys (\`search[$ne]=x\`)
are refused with 400. \`search\` matches a literal, case-insensitive substring.

## Limits
Every route but health counts against a per-IP rate limit (100 requests per 15 minutes by
default); responses carry \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\`
(Unix seconds), and 429 carries \`Retry-After\` (seconds).
`.trim();

/** `/universities/:slug` -> `/api/v1/universities/{slug}` */
export function openApiPath(expressPath: string): string {
  return `${API_PREFIX}${expressPath}`.replace(/:(\w+)/g, '{$1}');
}

/** A path with its parameter names erased: `/universities/:slug` and `/universities/:id` are the same route to Express. */
export function pathShape(path: string): string {
  return path.replace(/:\w+|\{\w+\}/g, '{}');
}

interface DocumentedPath {
  path: string;
  /** Path parameter names of the route -> names in the document. */
  rename: Map<string, string>;
}

/**
 * OpenAPI forbids two templates that differ only in parameter names (`/universities/{slug}` for
 * GET, `/universities/{id}` for PATCH): such routes share one path whose parameter gets a joined
 * name (`{slugOrId}`), each operation still describing what it expects there.
 */
function documentedPaths(routes: readonly RouteDefinition[]): Map<RouteDefinition, DocumentedPath> {
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

function renameParams(params: z.ZodObject, rename: Map<string, string>): z.ZodObject {
  return z.object(
    Object.fromEntries(
      Object.entries(params.shape).map(([key, schema]) => [rename.get(key) ?? key, schema]),
    ),
  );
}

/**
 * An update body that refuses `{}` (its schema asks for at least one field) says so with
 * `minProperties: 1`, which zod's refinement cannot express in JSON Schema.
 */
function documentedBody(body: z.ZodType): z.ZodType {
  const isObject =
    body instanceof z.ZodObject || (body as { def?: { type?: string } }).def?.type === 'object';
  if (!isObject || body.safeParse({}).success) return body;
  const shape = (body as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const allOptional = Object.values(shape).every((field) => field.safeParse(undefined).success);
  if (!allOptional) return body;
  const copy = body.clone();
  zodToOpenAPIRegistry.add(copy, { minProperties: 1 });
  return copy;
}

const errorContent = {
  'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
};
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

const ERROR_RESPONSES: Record<
  string,
  { status: number; description: string; headers?: Record<string, unknown> }
> = {
  BadRequest: {
    status: 400,
    description:
      'VALIDATION_ERROR: the body, query or path does not match its schema (unknown field, bad value, malformed id, ' +
      'a query value given twice or with brackets, malformed JSON), or a field references something missing or ' +
      'inconsistent. `details` names the fields.',
  },
  Unauthenticated: {
    status: 401,
    description:
      'UNAUTHENTICATED: no token where one is needed, or an invalid or expired token (on any operation).',
  },
  Forbidden: {
    status: 403,
    description: 'FORBIDDEN: the role is not allowed, or the account is deactivated.',
  },
  NotFound: {
    status: 404,
    description: 'NOT_FOUND: no resource with this id or slug, or one the caller may not see.',
  },
  PayloadTooLarge: {
    status: 413,
    description:
      'PAYLOAD_TOO_LARGE: the body is over the limit (JSON: `BODY_LIMIT`, 100 kB by default; paper files: `PAPER_FILE_MAX_BYTES`, 20 MiB by default).',
  },
  ...FILE_ERROR_RESPONSES,
  RateLimited: {
    status: 429,
    description: 'RATE_LIMITED: over the rate limit; retry after `Retry-After` seconds.',
    headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
  },
  InternalError: {
    status: 500,
    description:
      'INTERNAL_ERROR: something unexpected; in production the message is exactly "Internal server error".',
  },
  ServiceUnavailable: {
    status: 503,
    description: 'SERVICE_UNAVAILABLE: the database cannot be reached.',
  },
};

const rateLimitHeaders = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
};

/**
 * Names a schema as a component. The domain's schemas exist before this module could extend zod
 * (`extendZodWithOpenApi` only reaches schemas created after it), so the name goes straight into
 * the generator's metadata registry, on a copy: the domain's own schema objects stay untouched.
 */
function named<T extends z.ZodType>(name: string, schema: T): T {
  const copy = schema.clone() as T;
  zodToOpenAPIRegistry.add(copy, { _internal: { refId: name } });
  return copy;
}

/** Registers named schemas; the document lists them under components.schemas. */
class Schemas {
  readonly definitions: { type: 'schema'; schema: z.ZodType }[] = [];
  register<T extends z.ZodType>(name: string, schema: T): T {
    const copy = named(name, schema);
    this.definitions.push({ type: 'schema', schema: copy });
    return copy;
  }
}

function registerCommon(registry: OpenAPIRegistry, schemas: Schemas): void {
  registry.registerComponent('securitySchemes', BEARER, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A Clerk session JWT (RS256); locally, a token printed by `npm run token -- --sub <id> --role <role>`.',
  });
  schemas.register('ErrorResponse', errorResponseSchema);
  const headers: Record<string, { description: string; schema: Record<string, unknown> }> = {
    'X-Request-Id': {
      description: 'The request id (echoed from the request when it sent one)',
      schema: { type: 'string' },
    },
    'X-RateLimit-Limit': {
      description: 'Requests allowed per window',
      schema: { type: 'integer' },
    },
    'X-RateLimit-Remaining': {
      description: 'Requests left in the window (0 when exhausted)',
      schema: { type: 'integer' },
    },
    'X-RateLimit-Reset': {
      description: 'Unix time in seconds when the window ends',
      schema: { type: 'integer' },
    },
    'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
    Location: { description: 'Path of the created resource', schema: { type: 'string' } },
    ETag: {
      description: 'Entity tag of the representation; send it in If-None-Match',
      schema: { type: 'string' },
    },
  };
  for (const [name, header] of Object.entries(headers))
    registry.registerComponent('headers', name, header);
  for (const [name, { description, headers: extra }] of Object.entries(ERROR_RESPONSES)) {
    registry.registerComponent('responses', name, {
      description,
      headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' }, ...extra },
      content: errorContent,
    });
  }
}

/** Registers each named schema once, and each of its envelopes when first used. */
function envelopes(schemas: Schemas) {
  const Pagination = schemas.register('Pagination', paginationSchema);
  const registered = new Map<string, z.ZodType>();
  const once = (name: string, build: () => z.ZodType): z.ZodType => {
    let schema = registered.get(name);
    if (!schema) {
      schema = schemas.register(name, build());
      registered.set(name, schema);
    }
    return schema;
  };
  const data = (c: Component) => once(c.name, () => c.schema);
  return {
    item: (c: Component) =>
      once(`${c.name}Response`, () => z.object({ success: z.literal(true), data: data(c) })),
    list: (c: Component) =>
      once(`${c.name}ListResponse`, () =>
        z.object({ success: z.literal(true), data: z.array(data(c)), pagination: Pagination }),
      ),
  };
}

function successResponses(
  route: RouteDefinition,
  envelope: ReturnType<typeof envelopes>,
): Record<string, ResponseConfig> {
  const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
  const response = route.response;
  switch (response.kind) {
    case 'list':
      return {
        200: {
          description: 'One page of results',
          headers: rateLimitHeaders,
          content: json(envelope.list(response.component)),
        },
      };
    case 'item': {
      const isRead = route.method === 'get';
      return {
        200: {
          description: isRead ? 'The resource' : 'The updated resource',
          headers: isRead
            ? { ...rateLimitHeaders, ETag: { $ref: '#/components/headers/ETag' } }
            : rateLimitHeaders,
          content: json(envelope.item(response.component)),
        },
        ...(isRead
          ? {
              304: {
                description: 'Not modified: the If-None-Match header matches the current ETag',
              },
            }
          : {}),
      };
    }
    case 'created':
      return {
        201: {
          description: 'Created',
          headers: { ...rateLimitHeaders, Location: { $ref: '#/components/headers/Location' } },
          content: json(envelope.item(response.component)),
        },
      };
    case 'no-content':
      return { 204: { description: 'Deleted; no body', headers: rateLimitHeaders } };
    case 'file':
      return fileSuccessResponses(response, rateLimitHeaders);
  }
}

/** The error statuses a route can answer with, each documented with the error envelope. */
export function errorStatuses(
  route: Pick<RouteDefinition, 'access' | 'params' | 'body' | 'conflict'> &
    Partial<Pick<RouteDefinition, 'rawBody' | 'response'>>,
): number[] {
  return [
    400,
    401,
    ...(route.access === 'public' ? [] : [403]),
    ...(route.params ? [404] : []),
    ...(route.conflict ? [409] : []),
    ...(route.body || route.rawBody ? [413] : []),
    ...(route.rawBody ? [415] : []),
    ...(route.response?.kind === 'file' ? [416] : []),
    429,
    500,
    503,
  ];
}

function errorResponses(route: RouteDefinition): RouteConfig['responses'] {
  const byStatus = new Map(Object.entries(ERROR_RESPONSES).map(([name, r]) => [r.status, name]));
  const out: RouteConfig['responses'] = {};
  for (const status of errorStatuses(route)) {
    if (status === 409) {
      out[409] = {
        description: `CONFLICT: ${route.conflict ?? 'conflict'}.`,
        content: errorContent,
      };
      continue;
    }
    out[status] = ref(byStatus.get(status)!);
  }
  return out;
}

function registerRoute(
  registry: OpenAPIRegistry,
  route: RouteDefinition,
  documented: DocumentedPath,
  envelope: ReturnType<typeof envelopes>,
) {
  const hasEtag = route.method === 'get' && route.response.kind === 'item';
  registry.registerPath({
    method: route.method,
    path: documented.path,
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    description: [route.description, `**Access:** ${ACCESS_TEXT[route.access]}`]
      .filter(Boolean)
      .join('\n\n'),
    security: route.access === 'public' ? [{}, { [BEARER]: [] }] : [{ [BEARER]: [] }],
    request: {
      ...(route.params ? { params: renameParams(route.params, documented.rename) } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(hasEtag
        ? {
            headers: z.object({
              'If-None-Match': z.string().optional().describe('An ETag from an earlier read'),
            }),
          }
        : {}),
      ...(route.response.kind === 'file'
        ? {
            headers: z.object(
              Object.fromEntries(
                Object.entries(fileRequestHeaders).map(([name, text]) => [
                  name,
                  z.string().optional().describe(text),
                ]),
              ),
            ),
          }
        : {}),
      ...(route.rawBody ? { body: rawRequestBody(route.rawBody) } : {}),
      ...(route.body
        ? {
            body: {
              required: true,
              content: { 'application/json': { schema: documentedBody(route.body) } },
            },
          }
        : {}),
    },
    responses: { ...successResponses(route, envelope), ...errorResponses(route) },
  });
}

/** Routes served by the shared plumbing or the docs router rather than the route table. */
function registerPlatformRoutes(registry: OpenAPIRegistry, schemas: Schemas): void {
  const HealthResponse = schemas.register('HealthResponse', healthResponseSchema);
  const DetailedHealthResponse = schemas.register(
    'DetailedHealthResponse',
    detailedHealthResponseSchema,
  );
  registry.registerPath({
    method: 'get',
    path: `${API_PREFIX}/health`,
    operationId: 'health',
    tags: ['Health'],
    summary: 'Liveness',
    description:
      'Answers 200 while the process serves, whatever the database does. Not rate limited.',
    security: [],
    responses: {
      200: { description: 'Serving', content: { 'application/json': { schema: HealthResponse } } },
    },
  });
  registry.registerPath({
    method: 'get',
    path: `${API_PREFIX}/health/detailed`,
    operationId: 'detailedHealth',
    tags: ['Health'],
    summary: 'Health with the database status',
    description: 'Not rate limited.',
    security: [],
    responses: {
      200: {
        description: 'Database up',
        content: { 'application/json': { schema: DetailedHealthResponse } },
      },
      503: {
        description: 'Database down',
        content: { 'application/json': { schema: DetailedHealthResponse } },
      },
    },
  });
  registry.registerPath({
    method: 'get',
    path: `${API_PREFIX}/openapi.json`,
    operationId: 'openApiDocument',
    tags: ['Documentation'],
    summary: 'This OpenAPI 3.1 document',
    security: [],
    responses: {
      200: {
        description: 'The document',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      429: ref('RateLimited'),
    },
  });
  registry.registerPath({
    method: 'get',
    path: `${API_PREFIX}/docs`,
    operationId: 'apiReference',
    tags: ['Documentation'],
    summary: 'Interactive API reference (Swagger UI, served offline)',
    security: [],
    responses: {
      200: {
        description: 'An HTML page',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
      429: ref('RateLimited'),
    },
  });
}

/**
 * JSON Schema patterns have no flags, but the generator appends a regex's flags (`/i`). A
 * case-insensitive pattern becomes explicit: `[a-f0-9]` turns into `[a-fA-F0-9]`.
 */
function fixPatterns(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(fixPatterns);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const pattern = record.pattern;
  if (typeof pattern === 'string') {
    const match = /^(.*)\/([dgimsuvy]+)$/s.exec(pattern);
    if (match?.[1] !== undefined && match[2] !== undefined) {
      let source = match[1];
      if (match[2].includes('i')) {
        source = source.replace(
          /([a-z])-([a-z])/g,
          (_m, a: string, b: string) => `${a}-${b}${a.toUpperCase()}-${b.toUpperCase()}`,
        );
      }
      record.pattern = source;
    }
  }
  for (const value of Object.values(record)) fixPatterns(value);
}

/** Builds the document: every route of the table plus health and documentation routes. */
export function buildOpenApiDocument(
  routes: readonly RouteDefinition[],
  info: { version: string },
): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  const schemas = new Schemas();
  registerCommon(registry, schemas);
  const envelope = envelopes(schemas);
  const paths = documentedPaths(routes);
  for (const route of routes) registerRoute(registry, route, paths.get(route)!, envelope);
  registerPlatformRoutes(registry, schemas);
  const tags = [...new Set(routes.map((r) => r.tag)), 'Health', 'Documentation'].map((name) => ({
    name,
  }));
  const document = new OpenApiGeneratorV31([
    ...registry.definitions,
    ...schemas.definitions,
  ]).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Question-Paper Catalog API', version: info.version, description: DESCRIPTION },
    servers: [{ url: '/', description: 'This server' }],
    tags,
  });
  fixPatterns(document);
  return document;
}
