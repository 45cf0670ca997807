// Error reporting to Sentry, when SENTRY_DSN is set. `@sentry/node` is loaded only then: it
// holds about 11 MB of heap once imported, which every full garbage collection of a service
// without Sentry would otherwise walk.
import type { Config } from '@qpc/config';
import { ServiceUnavailableError } from '@qpc/domain';
import type * as SentrySdk from '@sentry/node';
import { mapServiceError } from './connection-errors.js';

let sentry: typeof SentrySdk | undefined;
let inOutage = false;

export interface SentryOptions {
  /** Replaces the network transport (tests). */
  transport?: Parameters<typeof SentrySdk.init>[0] extends infer O
    ? O extends { transport?: infer T }
      ? T
      : never
    : never;
  release?: string;
}

/**
 * Starts Sentry when SENTRY_DSN is set (false, and nothing loaded, otherwise). Events never carry
 * credentials or cookies.
 */
export async function initSentry(
  config: Pick<Config, 'sentry'>,
  options: SentryOptions = {},
): Promise<boolean> {
  if (!config.sentry.dsn) return false;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: config.sentry.dsn,
    environment: config.sentry.environment,
    ...(options.release ? { release: options.release } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
    sendDefaultPii: false,
    defaultIntegrations: false,
    integrations: [],
    tracesSampleRate: 0,
    beforeSend(event) {
      const headers = event.request?.headers;
      if (headers) {
        for (const key of Object.keys(headers)) {
          if (/^(authorization|cookie|x-api-key)$/i.test(key)) delete headers[key];
        }
      }
      if (event.request) delete event.request.cookies;
      return event;
    },
  });
  sentry = Sentry;
  return true;
}

/**
 * Sends a 5xx to Sentry. A database outage is reported once, not once per failed request:
 * further 503s are dropped until markDatabaseRecovered() is called.
 */
export function reportServerError(
  error: unknown,
  context: { path: string; method: string; requestId: string; status: number; code: string },
): void {
  if (!sentry) return;
  const isOutage = mapServiceError(error) instanceof ServiceUnavailableError;
  if (isOutage) {
    if (inOutage) return;
    inOutage = true;
  }
  sentry.withScope((scope) => {
    scope.setTag('requestId', context.requestId);
    scope.setTag('code', context.code);
    scope.setContext('request', {
      path: context.path,
      method: context.method,
      status: context.status,
    });
    sentry?.captureException(error);
  });
}

/** Ends the current outage, so the next one is reported again. */
export function markDatabaseRecovered(): void {
  inOutage = false;
}

/** Reports an error that ends the process (an uncaught exception or rejection). */
export function reportFatalError(error: unknown): void {
  sentry?.captureException(error);
}

/** Flushes pending events (shutdown). */
export async function flushSentry(timeoutMs = 2_000): Promise<void> {
  await sentry?.close(timeoutMs);
}
