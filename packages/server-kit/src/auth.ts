import { verifyToken } from '@clerk/backend';
import type { Config } from '@qpc/config';
import { createActorCache, UnauthenticatedError, upsertUserFromClaims } from '@qpc/domain';
import type { Actor } from '@qpc/domain';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { ensureDevKeyPair } from './dev-keys.js';

export interface VerifiedClaims {
  sub: string;
  name?: string;
  email?: string;
}

export type TokenVerifier = (token: string) => Promise<VerifiedClaims>;

/**
 * Which key verifies tokens: Clerk's PEM key (networkless) or secret key; outside production with
 * neither, the local development key pair under DATA_DIR. Production without Clerk settings is
 * refused by the config package before this runs.
 */
export function verificationKeys(config: Pick<Config, 'clerk' | 'isProduction' | 'dataDir'>): {
  jwtKey?: string;
  secretKey?: string;
  source: 'clerk-jwt-key' | 'clerk-secret-key' | 'dev-keys';
  /** The development keys' directory (dev-keys only). */
  keyDir?: string;
} {
  if (config.clerk.jwtKey) return { jwtKey: config.clerk.jwtKey, source: 'clerk-jwt-key' };
  if (config.clerk.secretKey)
    return { secretKey: config.clerk.secretKey, source: 'clerk-secret-key' };
  if (config.isProduction) throw new Error('Clerk settings are required in production');
  const devKeys = ensureDevKeyPair(config.dataDir);
  return { jwtKey: devKeys.publicKeyPem, source: 'dev-keys', keyDir: devKeys.dir };
}

/** Clerk's reason for a signature that the configured key does not verify. */
const INVALID_SIGNATURE = 'token-invalid-signature';

/**
 * The 401 for a refused token. A signature the key does not verify gets its own message: with
 * development keys it is nearly always a token printed by `npm run token` under another DATA_DIR.
 */
function refusal(error: unknown, keys: ReturnType<typeof verificationKeys>): UnauthenticatedError {
  if ((error as { reason?: unknown } | undefined)?.reason !== INVALID_SIGNATURE)
    return new UnauthenticatedError('Invalid or expired token');
  return new UnauthenticatedError(
    keys.source === 'dev-keys'
      ? `Token signed by a key this service does not know; was it made with another DATA_DIR? ` +
          `This service's development keys are in ${keys.keyDir ?? 'DATA_DIR/dev-keys'}.`
      : 'Token signed by a key this service does not know',
  );
}

function stringClaim(payload: Record<string, unknown>, key: string): string | undefined {
  const value = payload[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** How many verified tokens a process remembers (see `createTokenVerifier`). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Verifies a Clerk session JWT with `verifyToken`; any failure is a 401.
 *
 * A token that verified is remembered, by its exact text, until its `exp`: the same bytes carry
 * the same signature and claims, so checking them again can only give the same answer until the
 * token expires. This saves the signature check (and key import) on every request of a session.
 * Who the caller is and may do comes from the user record (`createActorResolver`), kept at most
 * `AUTH_USER_CACHE_MS`. Tokens without `exp` and refused tokens are never remembered.
 */
export function createTokenVerifier(
  config: Pick<Config, 'clerk' | 'isProduction' | 'dataDir'>,
): TokenVerifier {
  const keys = verificationKeys(config);
  const options = {
    ...(keys.jwtKey ? { jwtKey: keys.jwtKey } : {}),
    ...(keys.secretKey ? { secretKey: keys.secretKey } : {}),
    ...(config.clerk.authorizedParties.length
      ? { authorizedParties: [...config.clerk.authorizedParties] }
      : {}),
  };
  // Each entry lives until its token's exp (`ttl` per entry); an expired one is never returned.
  const verified = new LRUCache<string, VerifiedClaims>({ max: VERIFIED_TOKENS_KEPT });
  return async (token) => {
    const known = verified.get(token);
    if (known) return known;
    let result: unknown;
    try {
      result = await verifyToken(token, options);
    } catch (error) {
      throw refusal(error, keys);
    }
    // Some @clerk/backend versions return { data, errors } instead of throwing.
    let payload = result as Record<string, unknown> | undefined;
    if (payload && typeof payload === 'object' && ('errors' in payload || 'data' in payload)) {
      if (payload.errors) {
        const errors = payload.errors;
        throw refusal(Array.isArray(errors) ? errors[0] : errors, keys);
      }
      payload = payload.data as Record<string, unknown> | undefined;
    }
    const sub = payload ? stringClaim(payload, 'sub') : undefined;
    if (!payload || !sub) throw new UnauthenticatedError('Invalid or expired token');
    const name = stringClaim(payload, 'name');
    const email = stringClaim(payload, 'email');
    const claims: VerifiedClaims = { sub, ...(name ? { name } : {}), ...(email ? { email } : {}) };
    const exp = payload.exp;
    const ttl = typeof exp === 'number' ? exp * 1000 - Date.now() : 0;
    if (Number.isFinite(ttl) && ttl > 0) verified.set(token, claims, { ttl });
    return claims;
  };
}

/** An absent or empty `Authorization` header: the caller is anonymous. */
function isAnonymous(header: string | undefined): header is undefined | '' {
  return header === undefined || header === '';
}

/** Reads `Authorization: Bearer <token>`; absent is anonymous, anything malformed a 401. */
export function bearerToken(header: string | undefined): string | null {
  if (isAnonymous(header)) return null;
  const match = /^Bearer\s+([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.?[A-Za-z0-9\-_.+/=]*)$/i.exec(
    header.trim(),
  );
  if (!match?.[1]) throw new UnauthenticatedError('Authorization header must be "Bearer <token>"');
  return match[1];
}

/**
 * Resolves the caller: verified claims, then the user record (created on first sight), kept in
 * this process for `AUTH_USER_CACHE_MS` (the domain drops it at once when this process changes
 * the user; a change made by another instance applies here within that time).
 */
export function createActorResolver(
  config: Pick<
    Config,
    'clerk' | 'isProduction' | 'dataDir' | 'adminExternalIds' | 'authUserCacheMs'
  >,
  verifier: TokenVerifier = createTokenVerifier(config),
): ActorResolver {
  const users = createActorCache({ maxAgeMs: config.authUserCacheMs });
  return async (authorization) => {
    const token = bearerToken(authorization);
    if (!token) return null;
    const claims = await verifier(token);
    return users.resolve(claims.sub, async () => {
      const { actor } = await upsertUserFromClaims({
        externalId: claims.sub,
        ...(claims.name ? { name: claims.name } : {}),
        ...(claims.email ? { email: claims.email } : {}),
        adminExternalIds: [...config.adminExternalIds],
      });
      return actor;
    });
  };
}

export type ActorResolver = (authorization: string | undefined) => Promise<Actor | null>;

/**
 * Express middleware: puts the caller (or null) on `res.locals.actor`; bad tokens are 401. An
 * anonymous request (no Authorization header) passes on at once, without a promise.
 */
export function authenticate(resolveActor: ActorResolver) {
  return (req: Request, res: Response, next: NextFunction): void | Promise<void> => {
    const authorization = req.get('authorization');
    if (isAnonymous(authorization)) {
      res.locals.actor = null;
      next();
      return;
    }
    return resolveActor(authorization).then((actor) => {
      res.locals.actor = actor;
      if (actor) res.setHeader('Cache-Control', 'no-store');
      next();
    });
  };
}

/** The caller set by `authenticate`. */
export function actorOf(res: Response): Actor | null {
  return (res.locals.actor as Actor | null | undefined) ?? null;
}
