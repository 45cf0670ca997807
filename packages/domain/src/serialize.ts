import { Types } from 'mongoose';

// Internal fields no DTO carries: the version key, and the search keys (`searchKeys0`...,
// search/tokens.ts; `searchKeys` and `searchTitleKeys` of documents the search-2 backfill has not
// reached yet).
function isInternal(key: string): boolean {
  return key === '__v' || key === 'searchTitleKeys' || /^searchKeys\d*$/.test(key);
}

function convert(value: unknown): unknown {
  if (value instanceof Types.ObjectId) return value.toHexString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(convert);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (isInternal(key)) continue;
      if (key === '_id') {
        out.id = convert(v);
        continue;
      }
      out[key] = convert(v);
    }
    return out;
  }
  return value;
}

/**
 * Turns a lean document into the contract's JSON shape: `id` instead of `_id`, no `__v`,
 * ids as strings and dates as ISO 8601 strings. Subdocuments keep their own `id`.
 */
export function toDto<T>(doc: unknown): T {
  return convert(doc) as T;
}
