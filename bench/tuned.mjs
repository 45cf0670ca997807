// The two changes docs/benchmarks.md recommends, applied at start-up to the production build so
// their effect is measured ("rest-tuned") before anyone changes the shipped code. Nothing here is
// loaded by the apps themselves.

const isPlainValue = (v) =>
  v === null ||
  ['string', 'number', 'boolean'].includes(typeof v) ||
  v?._bsontype === 'ObjectId' ||
  v instanceof Date;

/**
 * 1. Read by `_id` alone. The embedded engine uses the `_id` index only for a filter that is
 * exactly `{_id: value}`; `{_id, status: 'approved'}` (the services' visibility checks through
 * `Model.exists`) scans the collection. Here `exists({_id, ...equalities})` becomes
 * `findById(_id, projection)` plus the comparison in code: same answer, one indexed read.
 */
export function readByIdAlone(mongoose) {
  for (const model of Object.values(mongoose.models)) {
    const original = model.exists.bind(model);
    model.exists = function exists(filter, ...rest) {
      const keys = filter && typeof filter === 'object' ? Object.keys(filter) : [];
      const rewritable =
        keys.length > 1 &&
        keys.includes('_id') &&
        Object.values(filter).every(isPlainValue) &&
        rest.length === 0;
      if (!rewritable) return original(filter, ...rest);
      const { _id, ...others } = filter;
      const projection = Object.fromEntries(Object.keys(others).map((k) => [k, 1]));
      return model
        .findById(_id, projection)
        .lean()
        .then((doc) =>
          doc && Object.entries(others).every(([k, v]) => String(doc[k]) === String(v))
            ? { _id: doc._id }
            : null,
        );
    };
  }
}

/**
 * 2. Cache the caller behind a token. Every authenticated request verifies the JWT (Clerk's
 * verifyToken imports the PEM key each time) and looks the user up by externalId (a scan of the
 * users collection on the embedded engine). Here the resolved actor is kept per Authorization
 * header for 30 s (never past the token's own expiry), in a bounded map.
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
