// One error type for both transports, carrying what the API reports: the HTTP status (or the
// status a GraphQL code stands for), the contract's code, the request id, field details and,
// for 429, how long to wait.

/** A field the API refused, as `error.details` (REST) or `extensions.details` (GraphQL) name it. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** One entry of a GraphQL response's `errors` array. */
export interface GraphQLErrorEntry {
  message: string;
  path?: readonly (string | number)[];
  extensions?: {
    code?: string;
    requestId?: string;
    details?: ErrorDetail[];
    [key: string]: unknown;
  };
}

/** The HTTP status each GraphQL `extensions.code` of the contract stands for. */
const STATUS_OF_GRAPHQL_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  httpStatus?: number;
  requestId?: string | undefined;
  details?: ErrorDetail[] | undefined;
  retryAfterSeconds?: number | undefined;
  graphQLErrors?: GraphQLErrorEntry[] | undefined;
}

/**
 * A refusal or failure reported by the API, or no answer at all (`status` 0, code
 * `NETWORK_ERROR`). `status` is the HTTP status, or for a GraphQL error answered with 200 the
 * status its code stands for (FORBIDDEN is 403), so callers branch on one number.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** 401, 403, 404, 429, 503, ...; 0 when no response arrived. */
  readonly status: number;
  /** The contract's code: `UNAUTHENTICATED`, `FORBIDDEN`, `RATE_LIMITED`, `SERVICE_UNAVAILABLE`, ... */
  readonly code: string;
  /** The status of the HTTP response itself (200 for most GraphQL errors). */
  readonly httpStatus: number;
  /** The `X-Request-Id` the server logged this request under. */
  readonly requestId: string | undefined;
  readonly details: ErrorDetail[] | undefined;
  /** From `Retry-After`, on 429. */
  readonly retryAfterSeconds: number | undefined;
  /** Every GraphQL error of the response (the first one names this error). */
  readonly graphQLErrors: GraphQLErrorEntry[];

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.httpStatus = init.httpStatus ?? init.status;
    this.requestId = init.requestId;
    this.details = init.details;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.graphQLErrors = init.graphQLErrors ?? [];
  }
}

/** `Retry-After` in seconds, when the response has a usable one. */
export function retryAfterOf(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The status a GraphQL error stands for: its code's, else the HTTP status when that is an error, else 500. */
export function statusOfGraphQLError(code: string | undefined, httpStatus: number): number {
  if (code && STATUS_OF_GRAPHQL_CODE[code]) return STATUS_OF_GRAPHQL_CODE[code];
  return httpStatus >= 400 ? httpStatus : 500;
}

/** The error for a request that got no response (refused connection, DNS, CORS, abort). */
export function networkError(cause: unknown): ApiError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ApiError({
    status: 0,
    code: 'NETWORK_ERROR',
    message: `The API could not be reached (${reason})`,
  });
}
