// Indexes on engines that refuse some of our index options. FerretDB as released (1.24) answers
// `partialFilterExpression` with NotImplemented and refuses the whole createIndexes command, so a
// model's other indexes would not be made either and the app could not start. Each index is then
// made on its own, and a refused partial one is made in its plain form or left out, with one
// warning each: the answers stay the same (a partial index only ever speeds up queries whose
// filter implies its own), some lists get slower.
import type { AnyModel } from './model-helpers.js';
import { indexPurposeOf } from './model-helpers.js';

/** Where buildIndexes reports an index made otherwise than declared: one line each. */
export type IndexWarn = (message: string, details: IndexFallback) => void;

/** An index the engine refused as declared, and what was made instead. */
export interface IndexFallback {
  collection: string;
  index: string;
  /** `plain`: made without its filter; `left-out`: not made. */
  outcome: 'plain' | 'left-out';
  /** The engine's refusal, as it said it. */
  reason: string;
}

type Keys = Record<string, 1 | -1 | string>;
type IndexSpecification = Parameters<AnyModel['collection']['createIndex']>[0];
type IndexOptions = Record<string, unknown> & {
  name?: string;
  unique?: boolean;
  partialFilterExpression?: Record<string, unknown>;
};

/** NotImplemented, CommandNotSupported, InvalidIndexSpecificationOption. */
const REFUSAL_CODES = new Set([238, 115, 197]);

/** True when the engine refused an index for an option it does not implement. */
export function isRefusedIndexOption(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'number' && REFUSAL_CODES.has(code)) ||
    String(message).includes('partialFilterExpression')
  );
}

function sameKeys(a: Keys, b: Keys): boolean {
  const left = Object.entries(a);
  const right = Object.entries(b);
  return (
    left.length === right.length &&
    left.every(([k, v], i) => right[i]![0] === k && right[i]![1] === v)
  );
}

function defaultName(keys: Keys): string {
  return Object.entries(keys)
    .map(([field, direction]) => `${field}_${String(direction)}`)
    .join('_');
}

/**
 * Makes the model's declared indexes as mongoose does; when the engine refuses an option, makes
 * them one at a time and handles each refused partial index:
 * - non-unique, with the keys of an index declared without filter: left out (that one serves it);
 * - non-unique otherwise: made plain under its name (a superset of its entries: same answers);
 * - unique: left out. Made plain it would refuse documents outside its filter that MongoDB
 *   accepts (two drafts with one slug, say); left out, that uniqueness is not enforced by the
 *   engine, which the warning says. No model declares one today (storage/index-fallback.test.ts
 *   fails when one is added, so that it comes with its own enforcement).
 */
export async function createDeclaredIndexes(model: AnyModel, warn: IndexWarn): Promise<void> {
  try {
    await model.createIndexes();
    return;
  } catch (error) {
    if (!isRefusedIndexOption(error)) throw error;
  }
  const declared = model.schema.indexes() as [Keys, IndexOptions][];
  for (const [keys, options] of declared) {
    try {
      await model.collection.createIndex(keys as IndexSpecification, options);
      continue;
    } catch (error) {
      if (!isRefusedIndexOption(error) || !options.partialFilterExpression) throw error;
      await fallBack(model, { keys, options, declared, reason: (error as Error).message, warn });
    }
  }
}

async function fallBack(
  model: AnyModel,
  refused: {
    keys: Keys;
    options: IndexOptions;
    declared: [Keys, IndexOptions][];
    reason: string;
    warn: IndexWarn;
  },
): Promise<void> {
  const { keys, options, declared, reason, warn } = refused;
  const { partialFilterExpression: filter, ...plainOptions } = options;
  const name = options.name ?? defaultName(keys);
  const collection = model.collection.collectionName;
  const purpose =
    indexPurposeOf(model.schema, name) ?? `queries matching ${JSON.stringify(filter)}`;
  const subject = `index ${collection}.${name} (partial on ${JSON.stringify(filter)})`;
  const report = (outcome: IndexFallback['outcome'], message: string) =>
    warn(message, { collection, index: name, outcome, reason });
  if (options.unique) {
    report(
      'left-out',
      `${subject} left out: the engine refused it (${reason}); uniqueness among those documents is not enforced by the engine`,
    );
    return;
  }
  const twin = declared.find(
    ([otherKeys, other]) => !other.partialFilterExpression && sameKeys(otherKeys, keys),
  );
  if (twin) {
    const twinName = twin[1].name ?? defaultName(twin[0]);
    report(
      'left-out',
      `${subject} left out: the engine refused it (${reason}); slower: ${purpose}, served by the plain index ${twinName}, which holds every document`,
    );
    return;
  }
  await model.collection.createIndex(keys as IndexSpecification, { ...plainOptions, name });
  report(
    'plain',
    `${subject} made plain: the engine refused it (${reason}); slower: ${purpose}, its index now holds every document`,
  );
}
