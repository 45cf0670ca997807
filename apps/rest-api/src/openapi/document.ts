// The OpenAPI 3.1 document, generated from the route table and the domain's zod schemas.
import { API_DESCRIPTION, API_LICENSE, TAG_DESCRIPTIONS } from './metadata.js';
import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  zodToOpenAPIRegistry,
} from '@asteasolutions/zod-to-openapi';
import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import {
  IDEMPOTENCY_RETRY_AFTER_SECONDS,
  idempotencyKeySchema,
  rolesFor,
  whoMay,
} from '@qpc/domain';
import { z } from 'zod';
import type { RouteAction, RouteDefinition } from '../routes/route.js';
import {
  BEARER,
  envelopes,
  ERROR_RESPONSES,
  errorContent,
  fixPatterns,
  rateLimitHeaders,
  ref,
  registerCommon,
  registerPlatformRoutes,
  Schemas,
} from './components.js';
import { documentedPaths, renameParams } from './paths.js';
import type { DocumentedPath } from './paths.js';

import { fileRequestHeaders, fileSuccessResponses, rawRequestBody } from './files.js';

export { openApiPath, pathShape } from './paths.js';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** Who may call an operation, rendered from the domain's `ACTIONS`. */
export function accessText(action: RouteAction): string {
  if (action === null) {
    return (
      'Public: no token needed. A valid token is optional (callers with role ' +
      `${whoMay('paper:read-unapproved')} may see more); an invalid or expired one is refused with 401.`
    );
  }
  const roles = rolesFor(action);
  const who = whoMay(action);
  const text =
    who === 'any active user'
      ? 'Requires a token of any active user'
      : `Requires a token of an active user with role ${roles.map((r) => `\`${r}\``).join(' or ')}`;
  return `${text} (action \`${action}\`).`;
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
          content: json(envelope.list(response.component, response.extra)),
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
          description:
            'Created; or, for a retry with the same Idempotency-Key and body, the first answer replayed',
          headers: {
            ...rateLimitHeaders,
            Location: { $ref: '#/components/headers/Location' },
            'Idempotent-Replayed': {
              description: '`true` when this is the first answer to this Idempotency-Key, replayed',
              schema: { type: 'string', enum: ['true'] },
            },
          },
          content: json(envelope.item(response.component)),
        },
      };
    case 'no-content':
      return { 204: { description: 'Deleted; no body', headers: rateLimitHeaders } };
    case 'file':
      return fileSuccessResponses(response, rateLimitHeaders);
  }
}

/** A route that creates: it takes an Idempotency-Key. */
function isCreate(route: Partial<Pick<RouteDefinition, 'response'>>): boolean {
  return route.response?.kind === 'created';
}

/** What the Idempotency-Key header does, for the document. */
const IDEMPOTENCY_KEY_TEXT =
  'Optional: makes a retry safe. The same key, caller and body (compared after parsing) within 24 hours replays the first answer (status, body, Location) with `Idempotent-Replayed: true` and creates nothing; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED; while the first request is still being served, 409 CONFLICT with `Retry-After`. A first request refused with a 4xx is not kept; one that ended in a 5xx, a timeout or a dropped connection keeps the id it reserved for the new resource, so the retry answers that resource (201, replayed) when it was written and otherwise creates it with the same id: never a second one. Before any replay the caller is checked again: a deactivated user, or one whose role may no longer create, gets 403. Anonymous callers cannot use a key (400).';

/** The 400 a create answers for its key, whoever the caller: checked before the caller's rights. */
const IDEMPOTENCY_KEY_REFUSAL =
  'Also for an `Idempotency-Key` that is malformed, or sent without a token: anonymous callers cannot use a key (400, not 401; `details` names `Idempotency-Key`).';

/** The header every error answer carries. */
const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };

/** Top-level field names of a body schema (every option of a union). */
function bodyFields(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = schema.def as {
    type?: string;
    shape?: object;
    options?: z.ZodType[];
    in?: z.ZodType;
  };
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def.type === 'union') return [...new Set((def.options ?? []).flatMap(bodyFields))];
  if (def.type === 'pipe') return bodyFields(def.in);
  return [];
}

/** The body fields naming another resource by id (`universityId`, `moduleId`, ...). */
function referenceFields(route: RouteDefinition): string[] {
  return bodyFields(route.body).filter((field) => /^[a-z]+(?:[A-Z][a-z]+)*Id$/.test(field));
}

/**
 * A route whose body names other resources states the 400 its schema cannot: the references must
 * exist (and agree with each other); an example shows the answer.
 */
function referenceRefusal(fields: string[]): ResponseConfig {
  const field = fields[0]!;
  const noun = field.replace(/Id$/, '').replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
  return {
    description:
      `VALIDATION_ERROR: the body does not match its schema, or a reference names nothing: ${fields.map((f) => `\`${f}\``).join(', ')} ` +
      'must name an existing resource (an active university, a subject offering of that university, a topic of that module, ...). ' +
      '`details` names the field.',
    headers: requestIdHeader,
    content: {
      'application/json': {
        schema: errorContent['application/json'].schema,
        example: {
          success: false,
          error: {
            message: `Invalid ${field}: ${noun} not found`,
            code: 'VALIDATION_ERROR',
            requestId: '5f0c6a4e-2b1d-4c3e-9f7a-1d2e3f4a5b6c',
            details: [{ path: field, message: `${noun} not found` }],
          },
        },
      },
    },
  };
}

/** The error statuses a route can answer with, each documented with the error envelope. */
export function errorStatuses(
  route: Pick<RouteDefinition, 'action' | 'params' | 'body' | 'conflict'> &
    Partial<
      Pick<RouteDefinition, 'rawBody' | 'response' | 'hasRestrictedFilter' | 'unprocessable'>
    >,
): number[] {
  return [
    400,
    401,
    ...(route.action === null && !route.hasRestrictedFilter ? [] : [403]),
    ...(route.params ? [404] : []),
    ...(route.conflict || isCreate(route) ? [409] : []),
    // The JSON parser reads a body on every operation (a GET or DELETE may carry one too).
    413,
    ...(route.rawBody ? [415] : []),
    ...(route.response?.kind === 'file' ? [416] : []),
    ...(isCreate(route) || route.unprocessable ? [422] : []),
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
      const reasons = [
        route.conflict,
        isCreate(route)
          ? `a request with this Idempotency-Key is still being served (with \`Retry-After: ${IDEMPOTENCY_RETRY_AFTER_SECONDS}\`)`
          : undefined,
      ].filter(Boolean);
      out[409] = {
        description: `CONFLICT: ${reasons.join('; or ')}.`,
        headers: isCreate(route)
          ? { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } }
          : undefined,
        content: errorContent,
      };
      continue;
    }
    const references = status === 400 ? referenceFields(route) : [];
    if (status === 400 && (references.length > 0 || isCreate(route))) {
      const refusal =
        references.length > 0
          ? referenceRefusal(references)
          : {
              description: ERROR_RESPONSES.BadRequest!.description,
              headers: requestIdHeader,
              content: errorContent,
            };
      const key = isCreate(route) ? ` ${IDEMPOTENCY_KEY_REFUSAL}` : '';
      out[400] = { ...refusal, description: `${refusal.description}${key}` };
      continue;
    }
    if (status === 422) {
      const reasons = [
        route.unprocessable,
        isCreate(route)
          ? 'IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used by this caller for another body'
          : undefined,
      ].filter(Boolean);
      out[422] = {
        description: `${reasons.join('; or ')}.`,
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
    description: [route.description, `**Access:** ${accessText(route.action)}`]
      .filter(Boolean)
      .join('\n\n'),
    security: route.action === null ? [{}, { [BEARER]: [] }] : [{ [BEARER]: [] }],
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
      ...(isCreate(route)
        ? {
            headers: z.object({
              'Idempotency-Key': idempotencyKeySchema
                .max(255)
                .optional()
                .describe(IDEMPOTENCY_KEY_TEXT),
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
    ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
  }));
  const document = new OpenApiGeneratorV31([
    ...registry.definitions,
    ...schemas.definitions,
  ]).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Question-Paper Catalog API',
      version: info.version,
      description: API_DESCRIPTION,
      license: API_LICENSE,
    },
    servers: [{ url: '/', description: 'This server' }],
    tags,
  });
  fixPatterns(document);
  return document;
}
