// The typed GraphQL client: `request(document, variables)` with the result and variable types
// the generated documents carry. Works in browsers and in Node 20+ (global fetch); no GraphQL
// library at run time.
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { ApiError, networkError, retryAfterOf, statusOfGraphQLError } from './errors.js';
import type { GraphQLErrorEntry } from './errors.js';
import { resolveToken } from './token.js';
import type { TokenSource } from './token.js';

export * from './generated/graphql/graphql.js';
export { ApiError, networkError, retryAfterOf, statusOfGraphQLError } from './errors.js';
export type { ErrorDetail, GraphQLErrorEntry } from './errors.js';
export type { TokenSource } from './token.js';

/** A document as the generator emits it: its text, with result and variable types attached. */
export type TypedDocument<TResult, TVariables> = DocumentTypeDecoration<TResult, TVariables> & {
  toString(): string;
};

/** Variables are optional when the operation has no required ones. */
export type VariablesArgument<TVariables> =
  Record<string, never> extends TVariables
    ? [variables?: TVariables, options?: RequestOptions]
    : [variables: TVariables, options?: RequestOptions];

export interface RequestOptions {
  signal?: AbortSignal;
  /** Sent as `X-Request-Id`; the server logs the request under it and echoes it in errors. */
  requestId?: string;
}

export interface GraphQLClientOptions {
  /** The gateway's endpoint, e.g. `http://127.0.0.1:4000/graphql` or `/graphql` in a page served beside it. */
  url: string;
  /** Bearer token (a Clerk session JWT; locally one from `npm run token`), or a function returning it. */
  token?: TokenSource;
  /** Another fetch (tests, instrumentation); the global one by default. */
  fetch?: typeof fetch;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
}

export interface GraphQLClient {
  /** Runs one operation; resolves with its data, or rejects with an ApiError for any error. */
  request<TResult, TVariables>(
    document: TypedDocument<TResult, TVariables>,
    ...args: VariablesArgument<TVariables>
  ): Promise<TResult>;
}

interface GraphQLResponseBody<TResult> {
  data?: TResult | null;
  errors?: GraphQLErrorEntry[];
}

async function readBody<TResult>(response: Response): Promise<GraphQLResponseBody<TResult>> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object') return body as GraphQLResponseBody<TResult>;
  } catch {
    // Not JSON: reported below as an unexpected response.
  }
  throw new ApiError({
    status: response.status >= 400 ? response.status : 502,
    httpStatus: response.status,
    code: 'UNEXPECTED_RESPONSE',
    message: `The GraphQL endpoint answered ${response.status} with a body that is not a GraphQL response`,
    requestId: response.headers.get('x-request-id') ?? undefined,
  });
}

function errorOf(response: Response, errors: GraphQLErrorEntry[]): ApiError {
  const first = errors[0]!;
  const code = first.extensions?.code ?? 'INTERNAL_SERVER_ERROR';
  return new ApiError({
    status: statusOfGraphQLError(code, response.status),
    httpStatus: response.status,
    code,
    message: first.message,
    requestId: first.extensions?.requestId ?? response.headers.get('x-request-id') ?? undefined,
    details: first.extensions?.details,
    retryAfterSeconds: retryAfterOf(response),
    graphQLErrors: errors,
  });
}

/** A client for the GraphQL gateway. */
export function createGraphQLClient(options: GraphQLClientOptions): GraphQLClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    async request<TResult, TVariables>(
      document: TypedDocument<TResult, TVariables>,
      ...[variables, requestOptions]: VariablesArgument<TVariables>
    ): Promise<TResult> {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...options.headers,
      };
      const token = await resolveToken(options.token);
      if (token) headers.authorization = `Bearer ${token}`;
      if (requestOptions?.requestId) headers['x-request-id'] = requestOptions.requestId;
      let response: Response;
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
          ...(requestOptions?.signal ? { signal: requestOptions.signal } : {}),
        });
      } catch (cause) {
        throw networkError(cause);
      }
      const body = await readBody<TResult>(response);
      if (body.errors?.length) throw errorOf(response, body.errors);
      if (!response.ok || body.data == null) {
        throw new ApiError({
          status: response.ok ? 502 : response.status,
          httpStatus: response.status,
          code: 'UNEXPECTED_RESPONSE',
          message: `The GraphQL endpoint answered ${response.status} without data or errors`,
          requestId: response.headers.get('x-request-id') ?? undefined,
        });
      }
      return body.data;
    },
  };
}
