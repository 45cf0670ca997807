import { ConflictError, duplicateKeyFields, isDuplicateKeyError } from '../errors.js';
import type { AnyModel } from '../storage/model-helpers.js';

function uniqueIndexFields(model: AnyModel): string[][] {
  return model.schema
    .indexes()
    .filter(([, options]) => options?.unique)
    .map(([fields]) => Object.keys(fields));
}

/**
 * The fields of the unique index a duplicate-key error broke. MongoDB names them in the error;
 * FerretDB does not, so each unique index of the model is probed with the attempted values.
 */
export async function conflictingFields(
  model: AnyModel,
  attempted: Record<string, unknown>,
  error: unknown,
): Promise<string[]> {
  const named = duplicateKeyFields(error);
  if (named.length) return named;
  for (const fields of uniqueIndexFields(model)) {
    if (!fields.every((f) => f in attempted)) continue;
    const filter = Object.fromEntries(fields.map((f) => [f, attempted[f] ?? null]));
    if (await model.exists(filter)) return fields;
  }
  return [];
}

/** Builds the 409 for a duplicate-key error, naming the fields. */
export async function uniqueConflict(
  model: AnyModel,
  attempted: Record<string, unknown>,
  error: unknown,
  message?: string,
): Promise<ConflictError> {
  const fields = await conflictingFields(model, attempted, error);
  const label = fields.length ? fields.join(', ') : 'unique value';
  return new ConflictError(
    message ??
      `A ${model.modelName.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()} with the same ${label} already exists`,
    (fields.length ? fields : ['id']).map((path) => ({ path, message: 'must be unique' })),
  );
}

/** Runs a write; a duplicate-key error becomes a 409 naming the fields of the broken index. */
export async function withUniqueCheck<T>(
  model: AnyModel,
  attempted: Record<string, unknown>,
  write: () => Promise<T>,
  message?: string,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateKeyError(error)) throw await uniqueConflict(model, attempted, error, message);
    throw error;
  }
}
