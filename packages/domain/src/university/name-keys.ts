// The universities list's `search`: a literal, case-insensitive substring of the name or short
// name, answered by one equality the embedded engine pushes down (with the list's sort, limit and
// count) instead of a regular expression over every university. Each university keeps the
// distinct substrings of its lower-cased name and short name, up to NAME_KEY_LENGTH characters,
// spread over NAME_KEY_BUCKETS array fields by a hash of the substring (search/tokens.ts's
// bucketOf), so that no field's btree entry grows past PostgreSQL's limit. A search of at most
// NAME_KEY_LENGTH characters is one equality on its field; a longer one looks up its first
// NAME_KEY_LENGTH characters and is checked by the regular expression on the few universities
// holding them. A schema hook writes the keys on create and save; writeUpdate on a rename (it
// calls nameKeyFields); backfillNameKeys fills them for universities written without them.
import type { Schema } from 'mongoose';
import { mongoose } from '../db.js';
import { literalRegex } from '../listing/search-param.js';
import { bucketOf } from '../search/tokens.js';

/** The longest substring kept as a key. */
export const NAME_KEY_LENGTH = 8;
/** Number of array fields the keys are spread over. */
export const NAME_KEY_BUCKETS = 8;
/** The array fields holding a university's name keys (internal: never in a DTO). */
export const NAME_KEY_FIELDS: readonly string[] = Array.from(
  { length: NAME_KEY_BUCKETS },
  (_, i) => `nameKeys${i}`,
);

/** The characters of a lower-cased text (code points, so no key splits a surrogate pair). */
function charsOf(text: string): string[] {
  return Array.from(text.toLowerCase());
}

function fieldOf(key: string): string {
  return NAME_KEY_FIELDS[bucketOf(key, NAME_KEY_BUCKETS)]!;
}

/** The key fields of a university named `name` and `shortName`: every field present. */
export function nameKeyFields(name: unknown, shortName: unknown): Record<string, string[]> {
  const keys = new Set<string>();
  for (const text of [name, shortName]) {
    if (typeof text !== 'string') continue;
    const chars = charsOf(text);
    for (let start = 0; start < chars.length; start += 1) {
      const end = Math.min(chars.length, start + NAME_KEY_LENGTH);
      for (let stop = start + 1; stop <= end; stop += 1)
        keys.add(chars.slice(start, stop).join(''));
    }
  }
  const fields = Object.fromEntries(NAME_KEY_FIELDS.map((field) => [field, [] as string[]]));
  for (const key of [...keys].sort()) fields[fieldOf(key)]!.push(key);
  return fields;
}

/** The filter of universities whose name or short name contains `search` (not empty). */
export function nameSearchFilter(search: string): Record<string, unknown> {
  const key = charsOf(search).slice(0, NAME_KEY_LENGTH).join('');
  const lookup = { [fieldOf(key)]: key };
  if (charsOf(search).length <= NAME_KEY_LENGTH) return lookup;
  const regex = literalRegex(search);
  return { ...lookup, $or: [{ name: regex }, { shortName: regex }] };
}

/** Adds the key fields, their indexes and the hook that writes them to the university schema. */
export function nameKeys(schema: Schema): void {
  for (const field of NAME_KEY_FIELDS) {
    schema.add({ [field]: { type: [String], default: undefined } });
    schema.index({ [field]: 1 });
  }
  schema.pre('validate', function () {
    if (!this.isNew && !this.isModified('name') && !this.isModified('shortName')) return;
    this.set(nameKeyFields(this.get('name'), this.get('shortName')));
  });
}

/**
 * Writes the name keys of the universities that lack them (written before the keys existed, or by
 * raw driver writes). Run at every start: universities are few, so the check is cheap.
 */
export async function backfillNameKeys(): Promise<{ updated: number }> {
  const universities = mongoose.model('University').collection;
  const stale = await universities
    .find({ [NAME_KEY_FIELDS[0]!]: { $exists: false } }, { projection: { name: 1, shortName: 1 } })
    .toArray();
  for (const { _id, name, shortName } of stale) {
    await universities.updateOne({ _id }, { $set: nameKeyFields(name, shortName) });
  }
  return { updated: stale.length };
}
