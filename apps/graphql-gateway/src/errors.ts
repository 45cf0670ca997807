import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError } from '@qpc/domain';
import {
  currentRequestId,
  errorBody,
  mapServiceError,
  RateLimitedError,
  recordError,
  recordHttpError,
  requestIdOf,
  toHttpError,
} from '@qpc/server-kit';
import type { HttpError, HttpErrorCode, ServiceDeps } from '@qpc/server-kit';
import type { NextFunction, Request, Response } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import { refusedInput } from './input-paths.js';

/** The contract's GraphQL `extensions.code` for each domain (REST) error code. */
const GRAPHQL_CODES: Record<HttpErrorCode, string> = {
  VALIDATION_ERROR: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAPER_EMPTY: 'PAPER_EMPTY',
  SITTING_NOT_FOUND: 'BAD_USER_INPUT',
  PAYLOAD_TOO_LARGE: 'BAD_USER_INPUT',
  UNSUPPORTED_MEDIA_TYPE: 'BAD_USER_INPUT',
  RANGE_NOT_SATISFIABLE: 'BAD_USER_INPUT',
  RATE_LIMITED: 'RATE_LIMITED',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  INTERNAL_ERROR: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  METHOD_NOT_ALLOWED: 'BAD_REQUEST',
};

/** Apollo's codes for a request it refused before running it (parse, validation, bad request). */
const APOLLO_CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/** The message graphql-js's parser gives when a document exceeds `maxTokens` (sic: "more that"). */
const TOO_MANY_TOKENS = /^Syntax Error: Document contains more (?:than|that) \d+ tokens/;

/**
 * The 4xx status Apollo attached to an error it raised before running anything
 * (`extensions.http.status`), or undefined. Read by shape: the error may come from another
 * copy of graphql-js.
 */
function clientHttpStatus(error: unknown): number | undefined {
  const status = (error as { extensions?: { http?: { status?: unknown } } } | null)?.extensions
    ?.http?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** The masked message of a 5xx in production. */
function maskedMessage(status: number): string {
  return status === 503 ? 'Service unavailable' : 'Internal server error';
}

export interface ErrorOptions {
  isProduction: boolean;
  logger: ServiceDeps['logger'];
}

/**
 * Apollo's formatError, the GraphQL counterpart of the REST error handler: domain errors keep
 * their message (and `details`) and get the contract's `extensions.code`; limit refusals are
 * BAD_USER_INPUT; Apollo's own client errors keep their code; anything else is
 * INTERNAL_SERVER_ERROR. 5xx-class errors are logged as errors, reported to Sentry and, in
 * production, masked. Every error carries the request id; none carries a stack.
 */
export function formatError(options: ErrorOptions) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const requestId = currentRequestId() ?? 'unknown';
    const where = {
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
    };
    const raw = unwrapResolverError(error);
    const original = mapServiceError(raw);
    const context = { path: '/graphql', method: 'POST', requestId };

    if (original instanceof DomainError) {
      const httpError: HttpError = {
        status: original.status,
        code: original.code,
        message: original.message,
        ...(original.details ? { details: original.details } : {}),
      };
      // Logged and reported as thrown (a driver error keeps its own message and stack).
      recordError(options.logger, raw, httpError, context);
      const masked = options.isProduction && original.status >= 500;
      return {
        message: masked ? maskedMessage(original.status) : original.message,
        ...where,
        extensions: {
          code: GRAPHQL_CODES[original.code] ?? 'INTERNAL_SERVER_ERROR',
          ...(original.details && !masked ? { details: original.details } : {}),
          requestId,
        },
      };
    }

    const {
      stacktrace: _stack,
      http: _http,
      ...extensions
    } = (formatted.extensions ?? {}) as Record<string, unknown>;
    const code = typeof extensions.code === 'string' ? extensions.code : undefined;
    if (code && APOLLO_CLIENT_CODES.has(code)) {
      // Refused before execution: the client's document or variables are at fault.
      const isTokenLimit =
        code === 'GRAPHQL_PARSE_FAILED' && TOO_MANY_TOKENS.test(formatted.message);
      const limit = isTokenLimit ? 'tokens' : extensions.limit;
      recordError(
        options.logger,
        error,
        { status: 400, code: 'VALIDATION_ERROR', message: formatted.message },
        context,
      );
      // A value the schema's types refused is the caller's input, as a variable or a literal:
      // BAD_USER_INPUT with the domain's `details`, a literal's message naming where it is.
      const refused = refusedInput(error, formatted.message);
      if (refused) {
        const named = !formatted.message.startsWith('Variable') && refused.path;
        return {
          ...formatted,
          message: named ? `${refused.path}: ${formatted.message}` : formatted.message,
          extensions: {
            ...extensions,
            code: 'BAD_USER_INPUT',
            details: [{ path: refused.path ?? '', message: refused.reason }],
            requestId,
          },
        };
      }
      return {
        ...formatted,
        extensions: {
          ...extensions,
          ...(limit ? { code: 'BAD_USER_INPUT', limit } : {}),
          requestId,
        },
      };
    }

    const clientStatus = clientHttpStatus(error);
    if (clientStatus !== undefined) {
      // Apollo refused the request itself (a persisted-query hash that does not match its query,
      // an unsupported persisted-query version) without a code of its own: the client is at
      // fault, so a client code and a warning, not an INTERNAL_SERVER_ERROR logged as an error.
      recordError(
        options.logger,
        error,
        { status: clientStatus, code: 'VALIDATION_ERROR', message: formatted.message },
        context,
      );
      return {
        message: formatted.message,
        ...where,
        extensions: { ...extensions, code: 'BAD_REQUEST', requestId },
      };
    }

    const err = original instanceof Error ? original : new Error(String(original));
    recordError(
      options.logger,
      err,
      { status: 500, code: 'INTERNAL_ERROR', message: err.message },
      context,
    );
    return {
      message: options.isProduction ? maskedMessage(500) : err.message,
      ...where,
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
    };
  };
}

/**
 * Errors raised on /graphql before Apollo runs (bad token, rate limit, body too large or not
 * JSON): the HTTP status the platform gives every route, and a body in GraphQL's shape only
 * (`{errors: [{message, extensions: {code, requestId}}]}`), never the REST envelope: a GraphQL
 * client reads them like any other error.
 */
export function graphqlHttpErrorHandler(options: ErrorOptions) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const httpError = toHttpError(error);
    const requestId = requestIdOf(req);
    recordHttpError(options.logger, error, httpError, req, res);
    if (error instanceof RateLimitedError)
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
    // The REST envelope's masking rules (5xx in production), reshaped as a GraphQL error.
    const { error: shown } = errorBody(httpError, requestId, {
      isProduction: options.isProduction,
    });
    res.status(httpError.status).json({
      errors: [
        {
          message: shown.message,
          extensions: {
            code: GRAPHQL_CODES[httpError.code] ?? 'INTERNAL_SERVER_ERROR',
            ...(shown.details ? { details: shown.details } : {}),
            requestId,
          },
        },
      ],
    });
  };
}
