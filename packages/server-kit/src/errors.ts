import type { Config } from '@qpc/config';
import { DomainError, IdempotencyInFlightError } from '@qpc/domain';
import type { ErrorCode, ErrorDetail } from '@qpc/domain';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { markUncacheable } from './http-cache.js';
import { mapServiceError } from './connection-errors.js';
import { MethodNotAllowedError } from './methods.js';
import { logRefusal, noteRefusal } from './refusal-log.js';
import { requestIdOf } from './request-context.js';
import { reportServerError } from './sentry.js';

/**
 * The envelope's codes: the domain's, plus METHOD_NOT_ALLOWED (405), which only the HTTP layer
 * raises (a known path asked with a method it does not serve).
 */
export type HttpErrorCode = ErrorCode | 'METHOD_NOT_ALLOWED';

export interface HttpError {
  status: number;
  code: HttpErrorCode;
  message: string;
  details?: ErrorDetail[];
}

/** An error raised by the HTTP layer itself (body parsing, rate limit, unknown route). */
export class HttpLayerError extends DomainError {}

interface BodyParserError {
  type?: string;
  expose?: boolean;
}

/**
 * Maps any thrown value to the contract's status, code and message. Foreign status fields are
 * never trusted: only domain errors and the body parser's documented types are mapped.
 */
export function toHttpError(error: unknown): HttpError {
  const mapped = mapServiceError(error);
  if (mapped instanceof DomainError) {
    return {
      status: mapped.status,
      code: mapped.code,
      message: mapped.message,
      ...(mapped.details ? { details: mapped.details } : {}),
    };
  }
  if (error instanceof MethodNotAllowedError) {
    return { status: 405, code: error.code, message: error.message };
  }
  if (error instanceof URIError) {
    // Express could not percent-decode a path parameter (`/universities/%ff`): the client's URL
    // is at fault. Its own `status` field is not what makes this a 400: the class is.
    return {
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Malformed percent-encoding in the request path',
      details: [{ path: 'path', message: 'is not valid percent-encoded UTF-8' }],
    };
  }
  const type = (error as BodyParserError | undefined)?.type;
  switch (type) {
    case 'entity.parse.failed':
      return { status: 400, code: 'VALIDATION_ERROR', message: 'Malformed JSON in request body' };
    case 'entity.too.large':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' };
    case 'entity.verify.failed':
      return { status: 400, code: 'VALIDATION_ERROR', message: 'Request body is not valid UTF-8' };
    case 'encoding.unsupported':
      return {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Unsupported Content-Encoding: send identity, gzip, deflate or br',
      };
    case 'charset.unsupported':
      return {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Unsupported body charset: send UTF-8',
      };
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid request body' };
    default:
      break;
  }
  return {
    status: 500,
    code: 'INTERNAL_ERROR',
    message: error instanceof Error ? error.message : 'Unexpected error',
  };
}

export interface ErrorBody {
  success: false;
  error: {
    message: string;
    code: HttpErrorCode;
    requestId: string;
    details?: ErrorDetail[];
    stack?: string;
  };
}

/** The error envelope; production masks 5xx messages and never shows a stack. */
export function errorBody(
  httpError: HttpError,
  requestId: string,
  options: { isProduction: boolean; stack?: string | undefined },
): ErrorBody {
  const masked = options.isProduction && httpError.status >= 500;
  return {
    success: false,
    error: {
      message: masked
        ? httpError.status === 503
          ? 'Service unavailable'
          : 'Internal server error'
        : httpError.message,
      code: httpError.code,
      requestId,
      ...(httpError.details && !masked ? { details: httpError.details } : {}),
      ...(!options.isProduction && httpError.status >= 500 && options.stack
        ? { stack: options.stack }
        : {}),
    },
  };
}

/**
 * Logs an error: a 5xx with message, stack, path and method, reported to Sentry; a 4xx as one
 * short line without a stack (see refusal-log.ts). For errors answered inside a response that
 * its own request line does not describe (GraphQL's errors in a 200).
 */
export function recordError(
  logger: Logger,
  error: unknown,
  httpError: HttpError,
  context: { path: string; method: string; requestId: string },
): void {
  if (httpError.status < 500) {
    logRefusal(logger, {
      reqId: context.requestId,
      method: context.method,
      path: context.path,
      status: httpError.status,
      code: httpError.code,
      message: httpError.message,
    });
    return;
  }
  const err = error instanceof Error ? error : new Error(String(error));
  const entry = {
    err: { message: err.message, stack: err.stack, name: err.name },
    path: context.path,
    method: context.method,
    requestId: context.requestId,
    status: httpError.status,
    code: httpError.code,
  };
  logger.error(entry, err.message);
  reportServerError(error, { ...context, status: httpError.status, code: httpError.code });
}

/**
 * Records an error an Express error handler answers: a 5xx is logged with its stack (recordError);
 * a 4xx is noted for the request's own log line (one line per refusal, none for a 429 after the
 * first of its client's window).
 */
export function recordHttpError(
  logger: Logger,
  error: unknown,
  httpError: HttpError,
  req: Request,
  res: Response,
): void {
  if (httpError.status >= 500) {
    recordError(logger, error, httpError, {
      path: req.originalUrl,
      method: req.method,
      requestId: requestIdOf(req),
    });
    return;
  }
  noteRefusal(res, {
    code: httpError.code,
    message: httpError.message,
    isQuiet: error instanceof RateLimitedError && !error.isFirstInWindow,
  });
}

/** The single Express error handler: logs, reports 5xx, answers in the contract's envelope. */
export function errorHandler(deps: { logger: Logger; config: Pick<Config, 'isProduction'> }) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const httpError = toHttpError(error);
    const id = requestIdOf(req);
    recordHttpError(deps.logger, error, httpError, req, res);
    if (httpError.status === 429 && error instanceof RateLimitedError) {
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
    }
    if (error instanceof IdempotencyInFlightError) {
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
    }
    if (error instanceof RangeNotSatisfiableError) {
      res.setHeader('Content-Range', `bytes */${error.size}`);
    }
    markUncacheable(res);
    res.status(httpError.status).json(
      errorBody(httpError, id, {
        isProduction: deps.config.isProduction,
        stack: error instanceof Error ? error.stack : undefined,
      }),
    );
  };
}

export class RateLimitedError extends HttpLayerError {
  /**
   * `isFirstInWindow`: the client's first refusal of its window (later ones are not logged).
   */
  constructor(
    readonly retryAfterSeconds: number,
    readonly isFirstInWindow = true,
  ) {
    super(`Too many requests; retry in ${retryAfterSeconds} s`, 429, 'RATE_LIMITED');
  }
}

/** A body whose bytes do not decode with the request's `Content-Encoding` (gzip that is not gzip). */
export class BodyEncodingError extends HttpLayerError {
  constructor(encoding: string, cause: unknown) {
    super(
      `Request body could not be decoded as Content-Encoding "${encoding}"`,
      400,
      'VALIDATION_ERROR',
      [{ path: 'body', message: `is not valid ${encoding} data` }],
    );
    this.cause = cause;
  }
}

/** 416: the Range asked for lies outside the file; the answer names its size in Content-Range. */
export class RangeNotSatisfiableError extends HttpLayerError {
  constructor(readonly size: number) {
    super(`The range lies outside the file's ${size} bytes`, 416, 'RANGE_NOT_SATISFIABLE');
  }
}

export class PayloadTooLargeError extends HttpLayerError {
  constructor() {
    super('Request body is too large', 413, 'PAYLOAD_TOO_LARGE');
  }
}

/** 404 in the envelope for any route nobody answered. */
export function notFoundHandler() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    next(new HttpLayerError(`Route not found: ${req.method} ${req.path}`, 404, 'NOT_FOUND'));
  };
}
