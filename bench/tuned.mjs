// A change the benchmark measured and the project did not ship: caching the caller behind a
// token (bench/auth-cost.mjs shows what it would save). Nothing here is loaded by the apps.

/**
 * Cache the caller behind a token. Every authenticated request reads the user by the id derived
 * from its externalId (userIdFor); the token's signature is checked once per token
 * (`createTokenVerifier` remembers it until its exp). Here the resolved actor itself is kept per
 * Authorization header for 30 s (never past the token's own expiry), in a bounded map, so a
 * deactivated user or a changed role would take effect only when the entry expires.
 */
export function cacheActors(resolveActor, { ttlMs = 30_000, max = 10_000 } = {}) {
  const cache = new Map();
  return async (authorization) => {
    if (!authorization) return resolveActor(authorization);
    const now = Date.now();
    const hit = cache.get(authorization);
    if (hit && hit.expires > now) return hit.actor;
    const actor = await resolveActor(authorization);
    if (actor) {
      let exp = Infinity;
      try {
        exp =
          JSON.parse(Buffer.from(authorization.split('.')[1], 'base64url').toString()).exp * 1000 ||
          Infinity;
      } catch {
        // keep the TTL alone
      }
      if (cache.size >= max) cache.delete(cache.keys().next().value);
      cache.set(authorization, { actor, expires: Math.min(now + ttlMs, exp) });
    }
    return actor;
  };
}
