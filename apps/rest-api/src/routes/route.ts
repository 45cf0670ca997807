// The shape of one REST route: what Express mounts and what the OpenAPI document describes come
// from the same definition, so the two cannot drift apart.
import type { Readable } from 'node:stream';
import type { Config } from '@qpc/config';
import type { Action, Page, RequestCaller } from '@qpc/domain';
import { whoMay } from '@qpc/domain';
import { externalIdSchema, objectId, slugSchema } from '@qpc/domain/schemas';
import { z } from 'zod';

/** Every REST path sits under this prefix. */
export const API_PREFIX = '/api/v1';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * The domain action a route performs (`catalog:write`, ...), whose roles (the domain's `ACTIONS`)
 * the document and the role matrix read; `null` for a public read, open to anonymous callers
 * (a valid token is optional: some roles may see more). The services enforce it.
 */
export type RouteAction = Action | null;

/** What a handler receives: the caller and the request parts (the services parse them). */
export interface RouteContext {
  /**
   * The caller of this request and what it may see (read once): what read services take; write
   * services take its `actor`.
   */
  caller: RequestCaller;
  /** A path parameter as sent. */
  param: (name: string) => string;
  /** The query, its number and boolean parameters converted from text (see query-string.ts). */
  query: unknown;
  body: unknown;
  /** A request header, or undefined. */
  header: (name: string) => string | undefined;
  /** The raw request body as a stream (routes with `rawBody` only; JSON routes read `body`). */
  stream: () => Readable;
  /** The service's settings. */
  config: Config;
  /**
   * A create route's id for its new resource, reserved with the request's Idempotency-Key (the
   * create gives it to what it makes, so a rerun can never make a second one).
   */
  createdId?: string;
}

/** A named output schema: a component of the OpenAPI document. */
export interface Component<T = unknown> {
  name: string;
  schema: z.ZodType<T>;
}

export interface ItemResponse {
  kind: 'item';
  component: Component;
}

export interface ListResponse {
  kind: 'list';
  component: Component;
  /** Top-level fields the body carries beside `data` and `pagination` (search's `facets`). */
  extra?: Record<string, z.ZodType>;
}

export interface CreatedResponse {
  kind: 'created';
  component: Component;
  /** Path (under the API prefix) of the created resource, for the Location header. */
  location: (item: unknown) => string;
  /**
   * Reads back the resource a create made with this id, as the create answers it (404 when none
   * was): how a retry after a 5xx answers a create that did write.
   */
  find: (ctx: RouteContext, id: string) => Promise<unknown>;
}

export interface NoContentResponse {
  kind: 'no-content';
}

/** A binary answer streamed as is (a paper's PDF), not the JSON envelope. */
export interface FileResponse {
  kind: 'file';
  contentType: string;
  /** What the 200 carries, for the document. */
  description: string;
}

/** What a `file` route's handler answers: status, headers and, unless empty, the bytes. */
export interface FileReply {
  status: number;
  headers: Record<string, string>;
  /** Opens the body; absent for 304 and HEAD. */
  body?: () => Promise<Readable>;
}

/** A request body the route streams itself instead of JSON (`ctx.stream()`). */
export interface RawBody {
  contentType: string;
  description: string;
}

interface RouteBase {
  method: HttpMethod;
  /** Express path under the API prefix, e.g. `/universities/:slug`. */
  path: string;
  tag: string;
  operationId: string;
  summary: string;
  description?: string;
  action: RouteAction;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  rawBody?: RawBody;
  /** When the route can answer 409, and why. */
  conflict?: string;
  /** When the route can answer 422 besides a reused Idempotency-Key, and why. */
  unprocessable?: string;
  /**
   * A public read with a filter for some roles only (`GET /papers?createdBy=`): 403 is documented
   * for the callers that filter refuses.
   */
  hasRestrictedFilter?: boolean;
  /**
   * The domain also requires the caller to own the resource (a solution's author; admins may
   * delete): callers the action allows get 403 on someone else's.
   */
  ownerOnly?: boolean;
}

export type RouteDefinition = RouteBase &
  (
    | { response: ItemResponse | CreatedResponse; handler: (ctx: RouteContext) => Promise<unknown> }
    | { response: ListResponse; handler: (ctx: RouteContext) => Promise<Page<unknown>> }
    | { response: NoContentResponse; handler: (ctx: RouteContext) => Promise<void> }
    | { response: FileResponse; handler: (ctx: RouteContext) => Promise<FileReply> }
  );

/** Names an output schema for the document. */
export function component<T>(name: string, schema: z.ZodType<T>): Component<T> {
  return { name, schema };
}

/** 200 with `{success, data}`. */
export function item(c: Component): ItemResponse {
  return { kind: 'item', component: c };
}

/** 200 with `{success, data: [...], pagination}`. */
export function list(c: Component, extra?: Record<string, z.ZodType>): ListResponse {
  return extra ? { kind: 'list', component: c, extra } : { kind: 'list', component: c };
}

/** 201 with `{success, data}` and a Location header; `find` reads a created resource back by id. */
export function created<T>(
  c: Component<T>,
  location: (item: T) => string,
  find: (ctx: RouteContext, id: string) => Promise<T | null>,
): CreatedResponse {
  return {
    kind: 'created',
    component: c as Component,
    location: (value) => location(value as T),
    find,
  };
}

/** 204 without a body. */
export const noContent: NoContentResponse = { kind: 'no-content' };

/**
 * Who sees unapproved papers and their questions and solutions, in words (`admin or editor`),
 * from the domain's `ACTIONS`: route descriptions say it without restating the roles.
 */
export const UNAPPROVED_READERS = whoMay('paper:read-unapproved');

/** Visibility of content under papers, for route descriptions. */
export function approvedOnly(what: string): string {
  return `Callers with role ${UNAPPROVED_READERS} see all ${what}; anyone else (anonymous callers and deactivated accounts included) sees ${what} of approved papers only.`;
}

/** A binary body streamed to the client. */
export function file(contentType: string, description: string): FileResponse {
  return { kind: 'file', contentType, description };
}

/** Path parameter schemas, for the document (the services validate the values). */
export const idParams = z.object({
  id: objectId.describe("The resource's id (24 hexadecimal characters)"),
});
export const slugParams = z.object({
  slug: slugSchema.describe("The resource's slug (lowercase kebab-case)"),
});
export const externalIdParams = z.object({
  externalId: externalIdSchema.describe("The user's identity-provider id (the token's `sub`)"),
});

/** Builds a Location path under the API prefix with each segment encoded. */
export function resourcePath(...segments: string[]): string {
  return `${API_PREFIX}/${segments.map(encodeURIComponent).join('/')}`;
}
