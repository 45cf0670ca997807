import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { flushSentry, reportFatalError } from './sentry.js';

export interface ShutdownOptions {
  servers: Server[];
  logger: Logger;
  graceMs: number;
  /** Runs after every server has drained: close the database, limiters, ... */
  onDrained: () => Promise<void>;
  exit?: (code: number) => void;
}

/** How long the shutdown waits for the log's last lines to be written before it exits anyway. */
export const LOG_FLUSH_WAIT_MS = 2_000;

/**
 * Resolves once every buffered log line is written (or after LOG_FLUSH_WAIT_MS). Exiting while a
 * block of lines is still being written would make the exit handler write the lines after it
 * first, synchronously: the log would end out of order, the last lines before the earlier ones.
 */
function flushLog(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, LOG_FLUSH_WAIT_MS);
    logger.flush(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    // Keep-alive connections that finish their last request after close() would stay open
    // until the grace period: close them as soon as they turn idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * Owns the shutdown order: stop accepting, let in-flight requests finish (up to the grace
 * period), then close the database and flush logs and Sentry, then exit. Installs the signal
 * and last-resort error handlers once.
 */
export function installShutdown(
  options: ShutdownOptions,
): (reason: string, code?: number) => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let shuttingDown: Promise<void> | null = null;
  const shutdown = (reason: string, code = 0): Promise<void> => {
    if (shuttingDown) return shuttingDown;
    shuttingDown = (async () => {
      options.logger.info({ reason }, 'shutting down');
      const drained = Promise.all(options.servers.map(closeServer));
      const timer = setTimeout(() => {
        options.logger.warn('grace period over: closing remaining connections');
        for (const server of options.servers) server.closeAllConnections();
      }, options.graceMs);
      await drained;
      clearTimeout(timer);
      options.logger.info('servers drained');
      try {
        await options.onDrained();
      } catch (error) {
        options.logger.error({ err: error }, 'error while closing resources');
        code = code || 1;
      }
      await flushSentry();
      options.logger.info({ code }, 'stopped');
      await flushLog(options.logger);
      exit(code);
    })();
    return shuttingDown;
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.on('unhandledRejection', (reason) => {
    options.logger.fatal({ err: reason }, 'unhandled promise rejection');
    reportFatalError(reason);
    void shutdown('unhandledRejection', 1);
  });
  process.on('uncaughtException', (error) => {
    options.logger.fatal({ err: error }, 'uncaught exception');
    reportFatalError(error);
    void shutdown('uncaughtException', 1);
  });
  return shutdown;
}
