// The generation of the records a search page's context keeps per process (context-cache.ts):
// one row per kept collection in `searchterms` (`{_id: '#records:<Model>', g}`), read in the same
// `_id` `$in` as the term counts, so knowing whether the kept rows are still current costs no
// command. Every write that can change a kept field sets a fresh `g` after the write committed
// and before the write's service call returns: a global schema plugin (as cache-keys/changes.ts),
// its post hooks awaited by mongoose. Raw driver writes bypass it; the one that can change a kept
// field (the ancestor-key backfill, storage/migrations.ts) calls bumpGeneration itself.
// - `g` is a fresh ObjectId, never a counter: the engine applies `$inc` as read-then-write, so
//   two writes at once could both store n+1, and a reader that read the first n+1 before the
//   second write would keep its rows as current. A value set once can only mean "set after
//   every value it replaced"; a missing row (a fresh catalog) means "keep nothing".
//   A bump writes its row whole (`{_id, g}`), so the engine's read-then-write never puts an old
//   value back; a first value is inserted, never upserted over a row (context-cache.ts).
// - Inserts never bump: a new id was never kept (only rows found are kept).
import mongoose, { Types } from 'mongoose';
import type { Document, Query, Schema } from 'mongoose';
import { changedNothing } from '../storage/write-results.js';

/** The fields the context reads of each kept collection (by model name): a write to any bumps. */
export const KEPT_FIELDS = {
  Paper: ['slug', 'title', 'examYear', 'examType', 'subjectId'],
  Topic: ['title', 'moduleId'],
  Module: ['title'],
  Subject: ['slug', 'name'],
  University: ['slug', 'shortName'],
} as const satisfies Record<string, readonly string[]>;

export type KeptModel = keyof typeof KEPT_FIELDS;

export const isKeptModel = (name: string): name is KeptModel => Object.hasOwn(KEPT_FIELDS, name);

/** The `searchterms` row holding a collection's generation (no stem key starts with `#`). */
export const generationKey = (name: KeptModel): string => `#records:${name}`;

export const GENERATION_KEYS: readonly string[] = (Object.keys(KEPT_FIELDS) as KeptModel[]).map(
  generationKey,
);

/** Told (synchronously) that this process bumped a collection: its own rows go at once. */
type BumpListener = (name: KeptModel) => void;
const listeners = new Set<BumpListener>();

export function onGenerationBump(listener: BumpListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isDuplicateKey = (error: unknown) => (error as { code?: number })?.code === 11000;

/**
 * Sets a fresh generation of the collection (upserting its row). Never throws: the write it
 * follows already happened; a bump lost to a failure (or a crash before it) leaves other
 * processes' rows of that collection stale for at most KEPT_FOR_MS (context-cache.ts).
 */
export async function bumpGeneration(name: KeptModel): Promise<void> {
  for (const listener of listeners) listener(name);
  const db = mongoose.connection.db;
  if (!db) return;
  const rows = db.collection<{ _id: string; g?: Types.ObjectId }>('searchterms');
  const bump = () =>
    rows.updateOne(
      { _id: generationKey(name) },
      { $set: { g: new Types.ObjectId() } },
      { upsert: true },
    );
  // Two first upserts at once collide on `_id`: the loser's update then finds the row.
  await bump()
    .catch((error: unknown) => (isDuplicateKey(error) ? bump() : undefined))
    .catch(() => undefined);
}

/** Whether an update (operators or plain fields, or a pipeline) may set one of `fields`. */
export function updateTouches(update: unknown, fields: readonly string[]): boolean {
  if (!update || typeof update !== 'object') return false;
  if (Array.isArray(update)) return true;
  const named = (path: string) => fields.includes(path.split('.')[0]!);
  return Object.entries(update).some(([key, value]) => {
    if (!key.startsWith('$')) return named(key);
    if (!value || typeof value !== 'object') return true;
    // `$rename` names a field by its value too.
    const values = key === '$rename' ? Object.values(value).map(String) : [];
    return [...Object.keys(value), ...values].some(named);
  });
}

type AnyQuery = Query<unknown, unknown>;
const UPDATES = ['updateOne', 'updateMany', 'findOneAndUpdate'] as const;
const REPLACES_AND_DELETES = [
  'replaceOne',
  'findOneAndReplace',
  'deleteOne',
  'deleteMany',
  'findOneAndDelete',
] as const;

// Whether a document's save changes a kept field of a stored document (read before it runs).
const savedChange = new WeakMap<object, boolean>();

/** Adds the generation bump to a schema (every model's, through `mongoose.plugin`). */
export function bumpKeptGenerations(schema: Schema): void {
  const nameOf = (doc: Document) => (doc.constructor as { modelName?: string }).modelName ?? '';
  schema.pre('save', function (this: Document) {
    const name = nameOf(this);
    if (!isKeptModel(name) || this.isNew) return;
    const fields: readonly string[] = KEPT_FIELDS[name];
    savedChange.set(
      this,
      this.modifiedPaths().some((path) => fields.includes(path)),
    );
  });
  schema.post('save', async function (this: Document) {
    const name = nameOf(this);
    if (isKeptModel(name) && savedChange.get(this)) await bumpGeneration(name);
  });
  schema.post('deleteOne', { document: true, query: false }, async function (this: Document) {
    const name = nameOf(this);
    if (isKeptModel(name)) await bumpGeneration(name);
  });
  schema.post([...UPDATES], async function (this: AnyQuery, result: unknown) {
    const name = this.model.modelName;
    if (!isKeptModel(name) || changedNothing(result)) return;
    if (updateTouches(this.getUpdate(), KEPT_FIELDS[name])) await bumpGeneration(name);
  });
  schema.post([...REPLACES_AND_DELETES], async function (this: AnyQuery, result: unknown) {
    const name = this.model.modelName;
    if (isKeptModel(name) && !changedNothing(result)) await bumpGeneration(name);
  });
}

mongoose.plugin(bumpKeptGenerations);
