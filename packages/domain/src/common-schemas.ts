import { z } from 'zod';

/**
 * The GraphQL scalar a schema stands for where zod's own type does not say it: an id
 * (`ObjectID`), a bounded number (`ExamYear`), checked text (`Slug`). The gateway generates its
 * object and input types from the zod schemas and reads this registry; being a registry of its
 * own, it stays out of the JSON Schema (OpenAPI). Schemas derived by `.describe()` inherit it.
 */
export const graphqlScalars = z.registry<{ scalar: string }>();

/** `schema`, marked as the gateway's scalar `scalar`. */
export function asScalar<T extends z.ZodType>(schema: T, scalar: string): T {
  graphqlScalars.add(schema, { scalar });
  return schema;
}

/** A MongoDB ObjectId as 24 hex characters. */
export const objectId = asScalar(
  z
    .string()
    .regex(/^[a-f0-9]{24}$/i, 'must be a 24-character hexadecimal id')
    .transform((v) => v.toLowerCase())
    .describe('Resource id (24 hexadecimal characters)'),
  'ObjectID',
);

/** An id as the API returns it (a DTO field): text, and an `ObjectID` in the graph. */
export const recordId = asScalar(z.string().describe('Resource id'), 'ObjectID');

export const idParams = z.strictObject({ id: objectId });

/**
 * The characters JavaScript's `trim()` removes, spelled out so the pattern below means the same
 * in every regex dialect that reads the OpenAPI document (Python's `\s` is a different set).
 */
const TRIMMED =
  '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/**
 * Holds at least one character that is not whitespace (what `.trim().min(1)` accepts) and no NUL
 * character, which PostgreSQL's jsonb (the embedded engine's storage) cannot hold.
 */
export const NOT_BLANK = new RegExp(`^[^\\u0000]*[^${TRIMMED}\\u0000][^\\u0000]*$`);

/** Text without NUL characters (PostgreSQL's jsonb cannot store them). */
// eslint-disable-next-line no-control-regex -- NUL is exactly the character refused
export const NO_NUL = new RegExp('^[^\\u0000]*$');

/**
 * Text that is trimmed and must not be blank, at most `max` characters after trimming. The
 * pattern states "not blank" for readers of the schema (OpenAPI), where `trim` cannot be shown.
 */
export function trimmedText(field: string, max: number): z.ZodString {
  const empty = `${field} must not be empty`;
  const text = z
    .string()
    .trim()
    .min(1, { message: empty, abort: true })
    .max(max, `${field} must be at most ${max} characters`)
    .regex(NOT_BLANK, `${field} must not be empty or contain NUL characters`);
  return asScalar(text, 'NonEmptyString');
}

/**
 * Refuses an object whose fields are all absent (a PATCH body with nothing to change), naming
 * the fields it takes.
 */
export function atLeastOneField<T extends z.ZodObject>(schema: T) {
  const fields = Object.keys(schema.shape);
  return schema.refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: `give at least one of ${fields.join(', ')}`,
  });
}

/** A lowercase kebab-case slug, unique in its collection. */
export const slugSchema = asScalar(
  z
    .string()
    .min(1)
    .max(120)
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      'must be lowercase kebab-case (a-z, 0-9 and single dashes)',
    )
    .describe('Lowercase kebab-case identifier, unique in its collection'),
  'Slug',
);
