export {
  actorOf,
  authenticate,
  bearerToken,
  createActorResolver,
  createTokenVerifier,
  verificationKeys,
} from './auth.js';
export type { ActorResolver, TokenVerifier, VerifiedClaims } from './auth.js';
export { isConnectionError, mapServiceError } from './connection-errors.js';
export {
  CORS_ALLOWED_HEADERS,
  CORS_ALLOWED_METHODS,
  CORS_EXPOSED_HEADERS,
  corsPolicy,
} from './cors.js';
export { EMBEDDED_DATABASE_NAME, loadEmbeddedDatabase, startDatabase } from './database.js';
export type { RunningDatabase } from './database.js';
export { devKeyDirectory, ensureDevKeyPair, signSessionToken } from './dev-keys.js';
export type { DevKeyPair, DevKeys, TokenClaims } from './dev-keys.js';
export {
  BodyEncodingError,
  errorBody,
  errorHandler,
  HttpLayerError,
  notFoundHandler,
  PayloadTooLargeError,
  RangeNotSatisfiableError,
  RateLimitedError,
  recordError,
  recordHttpError,
  toHttpError,
} from './errors.js';
export type { ErrorBody, HttpError, HttpErrorCode } from './errors.js';
export { methodGuard, MethodNotAllowedError } from './methods.js';
export type { KnownRoute } from './methods.js';
export { HEALTH_PATH, HEALTH_ROUTES, healthRouter } from './health.js';
export { assertNoQueryParameters, refuseQueryParameters } from './no-query.js';
export type { HealthInfo } from './health.js';
export {
  createHttpApp,
  jsonBodies,
  rejectNonStringQuery,
  securityHeaders,
  varyByCaller,
} from './http-app.js';
export type { HttpAppDeps, HttpAppParts } from './http-app.js';
export { startCachePurger } from './cache-purge.js';
export type { CachePurger } from './cache-purge.js';
export {
  cacheDefaults,
  ERROR_CACHE_CONTROL,
  isKeptShared,
  isShareable,
  markUncacheable,
  MAX_SURROGATE_KEYS,
  publicCacheControl,
  shareAnswer,
  SIGNED_IN_CACHE_CONTROL,
  UNKEYED_CACHE_CONTROL,
} from './http-cache.js';
export { createLogger, httpLogger, REDACTED_PATHS } from './logger.js';
export { logRefusal, REFUSAL_LINE_BYTES } from './refusal-log.js';
export { createRateLimiter, rateLimit, rateLimitKey } from './rate-limit.js';
export { authenticateAndCount } from './caller-budget.js';
export type { RateLimiter } from './rate-limit.js';
export { currentRequestId, requestId, requestIdOf } from './request-context.js';
export { flushSentry, initSentry, markDatabaseRecovered, reportServerError } from './sentry.js';
export type { SentryOptions } from './sentry.js';
export { installShutdown } from './shutdown.js';
export type { ShutdownOptions } from './shutdown.js';
export { runService } from './service.js';
export type { ServiceDefinition, ServiceDeps } from './service.js';
