import { randomInt } from 'node:crypto';
import { transliterate } from 'transliteration';
import { ConflictError, isDuplicateKeyError } from '../errors.js';
import { conflictingFields } from './unique.js';
import type { AnyModel } from '../storage/model-helpers.js';

export { slugSchema } from '../common-schemas.js';

/**
 * Lowercase kebab-case of any text, at most 100 characters: compatibility forms folded first
 * (`ﬁ`, `𝔘`), then every script transliterated to Latin by a maintained table ("中文大学" ->
 * `zhong-wen-da-xue`, "Ørsted" -> `orsted`). Empty when nothing in the text has a Latin reading
 * (emoji, symbols): createWithSlug then names the slug after the resource's kind.
 */
export function slugify(text: string): string {
  return transliterate(text.normalize('NFKC'))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '');
}

const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `<kind>-<6 random letters or digits>`: the slug of a name with nothing to transliterate. */
export function kindSlug(kind: string): string {
  let suffix = '';
  for (let i = 0; i < 6; i += 1) suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return `${kind}-${suffix}`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Inserts with a unique slug. An explicit slug that exists is a 409. A generated one takes the
 * next free suffix (`-2`, `-3`, ...); the unique index arbitrates races, and a loser retries. A
 * base with nothing to transliterate gives `<kind>-<random>`, drawn again on a collision.
 */
export async function createWithSlug<T>(options: {
  model: AnyModel;
  /** The resource's kind in a slug (`university`), for names with nothing to transliterate. */
  kind: string;
  explicit?: string | undefined;
  base: string;
  insert: (slug: string) => Promise<T>;
}): Promise<T> {
  const { model, explicit, insert } = options;
  const isSlugConflict = async (error: unknown, slug: string) =>
    isDuplicateKeyError(error) &&
    (await conflictingFields(model, { slug }, error)).includes('slug');
  if (explicit) {
    try {
      return await insert(explicit);
    } catch (error) {
      if (await isSlugConflict(error, explicit)) {
        throw new ConflictError(`The slug "${explicit}" is already taken`, [
          { path: 'slug', message: 'already taken' },
        ]);
      }
      throw error;
    }
  }
  const base = slugify(options.base);
  let candidate = base || kindSlug(options.kind);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      return await insert(candidate);
    } catch (error) {
      if (!(await isSlugConflict(error, candidate))) throw error;
      if (!base) {
        candidate = kindSlug(options.kind);
        continue;
      }
      const taken = await model
        .find({ slug: { $regex: `^${escapeRegex(base)}(-\\d+)?$` } }, { slug: 1 })
        .lean<{ slug: string }[]>();
      const highest = taken.reduce((max, doc) => {
        const suffix = doc.slug === base ? 1 : Number(doc.slug.slice(base.length + 1));
        return Number.isFinite(suffix) && suffix > max ? suffix : max;
      }, 1);
      // Spread racing inserts over a few candidates instead of all colliding on the same one.
      candidate = `${base}-${highest + 1 + (attempt > 2 ? Math.floor(Math.random() * attempt) : 0)}`;
    }
  }
  throw new ConflictError(`Could not find a free slug for "${base || options.kind}"`, [
    { path: 'slug', message: 'no free slug' },
  ]);
}
