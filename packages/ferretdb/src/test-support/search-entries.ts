// A search entry as the domain writes it (`{_id, y, k, n, c, u, o, e, v, s, g}`, entries.ts) and a
// query term of "hash", for the tests of patch 0009's command and of the tables kept beside it.
import type { ObjectId } from 'mongodb';

/** A visible, approved question's entry of `university`, its own group, with `fields` over it. */
export function searchEntry(
  id: ObjectId,
  university: ObjectId,
  fields: Record<string, unknown> = {},
) {
  return {
    _id: id,
    y: 'question',
    k: '',
    n: 2,
    c: new Date(Date.UTC(2026, 0, 1)),
    u: university,
    o: null,
    e: 2020,
    v: true,
    s: 'approved',
    g: id.toHexString(),
    ...fields,
  };
}

/** The arms of "hash" as the domain weighs them: title exact, title prefix, body exact, body prefix. */
export const HASH_ARMS = [
  { lexemes: ['tshash', 'tehash'], title: true, weight: 3 },
  { lexemes: ['twhash', 'tehash'], prefix: true, title: true, weight: 1.5 },
  { lexemes: ['bshash', 'behash'], weight: 1 },
  { lexemes: ['bwhash', 'behash'], prefix: true, weight: 0.5 },
] as const;
