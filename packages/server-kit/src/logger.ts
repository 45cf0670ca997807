import type { Config } from '@qpc/config';
import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Request } from 'express';
import { requestIdOf } from './request-context.js';

/** Paths never written to a log line: credentials travel there. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/** The service's JSON logger. */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  options: { name: string; destination?: DestinationStream },
): Logger {
  return pino(
    {
      name: options.name,
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: options.name },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination,
  );
}

/** The path the client asked for: a router that answers sees `req.url` without its mount path. */
function pathOf(req: { url?: string; originalUrl?: string }): string | undefined {
  return req.originalUrl ?? req.url;
}

/** One line per request with method, path, status and duration; the request id is the log id. */
export function httpLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req) => requestIdOf(req as unknown as Request),
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
    serializers: {
      req: (req: {
        id: string;
        method: string;
        url: string;
        headers: Record<string, unknown>;
      }) => ({
        id: req.id,
        method: req.method,
        path: req.url,
        headers: req.headers,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    // Errors are logged once, by the error handler, with message, stack, path and method.
    customAttributeKeys: { err: 'httpError' },
    quietReqLogger: true,
  });
}
