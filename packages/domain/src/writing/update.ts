import { withUniqueCheck } from './unique.js';
import type { AnyModel } from '../storage/model-helpers.js';

/** The given (not undefined) fields of parsed input, ready for a `$set`. */
export function definedFields<T extends object, K extends keyof T>(
  data: T,
  keys: readonly K[],
): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const key of keys) if (data[key] !== undefined) set[key as string] = data[key];
  return set;
}

/**
 * Updates one document by id and returns it lean (`null` when it does not exist). A unique
 * violation is a 409 naming the fields; `attempted` are the values the unique indexes see
 * (defaults to `$set`; give the merged values for compound indexes).
 */
export async function updateById<T>(
  model: AnyModel,
  id: string,
  update: { $set: Record<string, unknown>; $unset?: Record<string, 1> },
  options: { attempted?: Record<string, unknown>; conflictMessage?: string } = {},
): Promise<T | null> {
  const { $unset, $set } = update;
  const operation = $unset && Object.keys($unset).length ? { $set, $unset } : { $set };
  return withUniqueCheck(
    model,
    options.attempted ?? $set,
    () =>
      model
        .findByIdAndUpdate(id, operation, { returnDocument: 'after', runValidators: true })
        .lean<T>()
        .exec(),
    options.conflictMessage,
  );
}

/** The result of a read, or the given not-found error when it found nothing. */
export async function orNotFound<T>(
  read: PromiseLike<T | null>,
  notFound: () => Error,
): Promise<T> {
  const doc = await read;
  if (!doc) throw notFound();
  return doc;
}
