// The parts of the document every operation shares: security scheme, headers, error responses,
// envelopes, and the routes the shared plumbing serves (health, the document itself).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { FILE_ERROR_RESPONSES } from './files.js';
import { HEADERS_TOO_LARGE } from './metadata.js';
import { zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { Component } from '../routes/route.js';
import { API_PREFIX } from '../routes/route.js';
import {
  detailedHealthResponseSchema,
  errorResponseSchema,
  healthResponseSchema,
  paginationSchema,
} from './schemas.js';

export const BEARER = 'bearerAuth';

export const errorContent = {
  'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
};
export const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

export const ERROR_RESPONSES: Record<
  string,
  { status: number; description: string; headers?: Record<string, unknown> }
> = {
  BadRequest: {
    status: 400,
    description:
      'VALIDATION_ERROR: the body, query or path does not match its schema (unknown field or query parameter, on every operation; bad value, malformed id, ' +
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
      'PAYLOAD_TOO_LARGE: the body is over the limit (JSON: `BODY_LIMIT`, 100 kB by default, on every operation: a body sent where none is expected is read within the same limit; paper files: `PAPER_FILE_MAX_BYTES`, 20 MiB by default).',
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

export const rateLimitHeaders = {
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
export class Schemas {
  readonly definitions: { type: 'schema'; schema: z.ZodType }[] = [];
  register<T extends z.ZodType>(name: string, schema: T): T {
    const copy = named(name, schema);
    this.definitions.push({ type: 'schema', schema: copy });
    return copy;
  }
}

export function registerCommon(registry: OpenAPIRegistry, schemas: Schemas): void {
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
export function envelopes(schemas: Schemas) {
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
    list: (c: Component, extra: Record<string, z.ZodType> = {}) =>
      once(`${c.name}ListResponse`, () =>
        z.object({
          success: z.literal(true),
          data: z.array(data(c)),
          pagination: Pagination,
          ...extra,
        }),
      ),
  };
}

/** Routes served by the shared plumbing or the docs router rather than the route table. */
export function registerPlatformRoutes(registry: OpenAPIRegistry, schemas: Schemas): void {
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
      400: ref('BadRequest'),
      ...HEADERS_TOO_LARGE,
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
      400: ref('BadRequest'),
      503: {
        description: 'Database down',
        content: { 'application/json': { schema: DetailedHealthResponse } },
      },
      ...HEADERS_TOO_LARGE,
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
      400: ref('BadRequest'),
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
      400: ref('BadRequest'),
      429: ref('RateLimited'),
    },
  });
}

/**
 * JSON Schema patterns have no flags, but the generator appends a regex's flags (`/i`). A
 * case-insensitive pattern becomes explicit: `[a-f0-9]` turns into `[a-fA-F0-9]`.
 */
export function fixPatterns(node: unknown): void {
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
