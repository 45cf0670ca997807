// The typed REST client: openapi-fetch over the types openapi-typescript generates from the
// committed OpenAPI document. Paths, parameters, bodies and responses are checked by the compiler.
import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';
import { ApiError, networkError, retryAfterOf } from './errors.js';
import type { ErrorDetail } from './errors.js';
import type { paths } from './generated/rest.js';
import { IDEMPOTENCY_HEADER, retryingFetch } from './retries.js';
import type { RetryOptions } from './retries.js';
import { resolveToken } from './token.js';
import type { TokenSource } from './token.js';

export type * from './generated/rest.js';
export { ApiError } from './errors.js';
export type { ErrorDetail } from './errors.js';
export type { TokenSource } from './token.js';
export type { RetryOptions } from './retries.js';

export interface RestClientOptions {
  /** Origin of the REST API, e.g. `http://127.0.0.1:3000` (paths start with `/api/v1`). */
  baseUrl: string;
  /** Bearer token (a Clerk session JWT; locally one from `npm run token`), or a function returning it. */
  token?: TokenSource;
  /** Another fetch (tests, instrumentation); the global one by default. */
  fetch?: (input: Request) => Promise<Response>;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * Retries of a request that got no answer or a 502, 503, 504 (or 409 with Retry-After for a
   * keyed POST): reads, and POSTs with an Idempotency-Key only, the same key on every attempt.
   */
  retry?: RetryOptions;
  /**
   * Give every POST without an `Idempotency-Key` header a fresh one (a random UUID), so its
   * retries cannot create twice. A caller may pass its own key per call instead:
   * `params: { header: { 'Idempotency-Key': key } }`.
   */
  idempotencyKeys?: boolean;
}

/** openapi-fetch's client for every operation of the document (`GET`, `POST`, `PATCH`, `DELETE`). */
export type RestClient = Client<paths>;

/** A client for the REST API; each call resolves with `{ data }` or `{ error }` and the `response`. */
export function createRestClient(options: RestClientOptions): RestClient {
  const fetch = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: options.retry ? retryingFetch(fetch, options.retry) : fetch,
    ...(options.headers ? { headers: options.headers } : {}),
  });
  client.use({
    async onRequest({ request }) {
      const token = await resolveToken(options.token);
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      if (
        options.idempotencyKeys &&
        request.method === 'POST' &&
        !request.headers.has(IDEMPOTENCY_HEADER)
      )
        request.headers.set(IDEMPOTENCY_HEADER, crypto.randomUUID());
      return request;
    },
  });
  return client;
}

interface ErrorEnvelope {
  error?: { message?: string; code?: string; requestId?: string; details?: ErrorDetail[] };
}

/**
 * The `data` of a call, or an ApiError built from the error envelope (status, code, request id,
 * details, Retry-After). For list calls `data` is the whole envelope (`data` and `pagination`).
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (cause) {
    throw networkError(cause);
  }
  const { response } = result;
  if (response.ok) return result.data as T;
  const envelope = (result.error ?? {}) as ErrorEnvelope;
  throw new ApiError({
    status: response.status,
    code: envelope.error?.code ?? `HTTP_${response.status}`,
    message: envelope.error?.message ?? `The API answered ${response.status}`,
    requestId: envelope.error?.requestId ?? response.headers.get('x-request-id') ?? undefined,
    details: envelope.error?.details,
    retryAfterSeconds: retryAfterOf(response),
  });
}
