import type { Config } from '@qpc/config';
import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';
import type { NextFunction, Request, Response } from 'express';
import { logRefusal, refusalOf } from './refusal-log.js';
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

/** How long a log line may wait in the output buffer before it is written. */
export const LOG_FLUSH_MS = 100;

/**
 * Standard output for the log, written in blocks (up to 4 KiB, at least every LOG_FLUSH_MS)
 * rather than one system call per line: at one line per request the calls cost about as much
 * CPU as the rest of the request logging. pino flushes what is left, synchronously, when the
 * process exits, crash or not; `logger.flush()` writes it at once (the shutdown does).
 */
function bufferedStdout(): DestinationStream & { flush: (cb?: (error?: Error) => void) => void } {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  let timer: NodeJS.Timeout | null = null;
  const flush = (cb?: (error?: Error) => void): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    stream.flush(cb);
  };
  return {
    write(line: string) {
      stream.write(line);
      timer ??= setTimeout(flush, LOG_FLUSH_MS).unref();
    },
    flush,
  };
}

/** The service's JSON logger: to `destination`, else to standard output (`bufferedStdout`). */
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
    options.destination ?? bufferedStdout(),
  );
}

/** The level of a request's line: errors for 5xx, warnings for 4xx. */
function levelOf(status: number): 'error' | 'warn' | 'info' {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/**
 * One line per request, written once the response is sent (or the connection closed first:
 * `aborted`): the request id as `reqId`, method, path as the client sent it, status and time in
 * milliseconds. Headers are not logged (credentials travel there). A refused request (4xx) is one
 * short warning naming the error's code and message (see refusal-log.ts), none for a 429 after
 * the first of its client's window. Errors (5xx) are logged once more, by the error handler,
 * with message, stack, path and method. No child logger per request: a line costs one
 * serialisation.
 */
export function httpLogger(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    const done = (): void => {
      res.removeListener('finish', done);
      res.removeListener('close', done);
      const status = res.statusCode;
      const level = levelOf(status);
      if (!logger.isLevelEnabled(level)) return;
      const id = requestIdOf(req);
      // The path as the client sent it: a router that answers sees `req.url` without its mount.
      const path = req.originalUrl;
      if (level === 'warn') {
        const refusal = refusalOf(res);
        if (refusal?.isQuiet) return;
        logRefusal(logger, {
          reqId: id,
          method: req.method,
          path,
          status,
          code: refusal?.code,
          message: refusal?.message ?? `${req.method} ${status}`,
        });
        return;
      }
      logger[level](
        {
          reqId: id,
          req: { id, method: req.method, path },
          res: { statusCode: status },
          responseTime: Math.round((performance.now() - started) * 10) / 10,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        `${req.method} ${path} ${status}`,
      );
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}
