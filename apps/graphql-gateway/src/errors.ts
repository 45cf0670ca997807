import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError, mapDatabaseError, type ErrorCode } from '@qpc/domain';
import {
  currentRequestId,
  errorBody,
  RateLimitedError,
  recordError,
  requestIdOf,
  toHttpError,
  type HttpError,
  type ServiceDeps,
} from '@qpc/server-kit';
import type { NextFunction, Request, Response } from 'express';
import type { GraphQLFormattedError } from 'graphql';

/** The contract's GraphQL `extensions.code` for each domain (REST) error code. */
const GRAPHQL_CODES: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'BAD_USER_INPUT',
  UNSUPPORTED_MEDIA_TYPE: 'BAD_USER_INPUT',
  RANGE_NOT_SATISFIABLE: 'BAD_USER_INPUT',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
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
    const original = mapDatabaseError(raw);
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
      return {
        ...formatted,
        extensions: {
          ...extensions,
          ...(limit ? { code: 'BAD_USER_INPUT', limit } : {}),
          requestId,
        },
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
 * JSON): the status and REST envelope the platform gives every route, plus a GraphQL `errors`
 * array with the contract's code, so GraphQL clients read them like any other error.
 */
export function graphqlHttpErrorHandler(options: ErrorOptions) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const httpError = toHttpError(error);
    const requestId = requestIdOf(req);
    recordError(options.logger, error, httpError, {
      path: req.originalUrl,
      method: req.method,
      requestId,
    });
    if (error instanceof RateLimitedError)
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
    const envelope = errorBody(httpError, requestId, { isProduction: options.isProduction });
    res.status(httpError.status).json({
      errors: [
        {
          message: envelope.error.message,
          extensions: {
            code: GRAPHQL_CODES[httpError.code] ?? 'INTERNAL_SERVER_ERROR',
            ...(envelope.error.details ? { details: envelope.error.details } : {}),
            requestId,
          },
        },
      ],
      ...envelope,
    });
  };
}
