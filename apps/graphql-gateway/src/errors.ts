import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError, mapDatabaseError } from '@qpc/domain';
import { reportServerError } from '@qpc/server-kit';
import type { GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';

const CODES: Record<string, string> = {
  VALIDATION_ERROR: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/**
 * Apollo's formatError: domain errors keep their message and get the contract's
 * `extensions.code`; anything unexpected is INTERNAL_SERVER_ERROR, masked in production and
 * reported to Sentry.
 */
export function formatError(options: { isProduction: boolean; logger: Logger }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = mapDatabaseError(unwrapResolverError(error));
    if (original instanceof DomainError) {
      return {
        message: original.message,
        ...(formatted.locations ? { locations: formatted.locations } : {}),
        ...(formatted.path ? { path: formatted.path } : {}),
        extensions: {
          code: CODES[original.code] ?? 'INTERNAL_SERVER_ERROR',
          ...(original.details ? { details: original.details } : {}),
        },
      };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
      // Apollo's own client errors (parse, validation, bad request): safe to show.
      const { stacktrace: _stack, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, extensions };
    }
    const err = original instanceof Error ? original : new Error(String(original));
    options.logger.error({ err: { message: err.message, stack: err.stack } }, err.message);
    reportServerError(original, { path: '/graphql', method: 'POST', requestId: '', status: 500, code: 'INTERNAL_SERVER_ERROR' });
    return {
      message: options.isProduction ? 'Internal server error' : err.message,
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  };
}
