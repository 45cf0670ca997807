// Tells listeners which surrogate keys each catalog write drops (keys.ts), so a shared cache can
// forget exactly the answers that changed. A global schema plugin, as search/indexing.ts is a
// schema plugin: no write path of the services (create, update, status change, delete, votes,
// files, a university's soft delete and the content rewrite after it) can miss it. It is
// registered before any model compiles (storage/model-helpers.ts imports this module).
// Raw driver writes (`Model.collection`) bypass it: only backfills and repairs use them.
import mongoose from 'mongoose';
import type { Document, Query, Schema } from 'mongoose';
import { changeKeys, isCatalogModel } from './keys.js';
import { changedNothing } from '../storage/write-results.js';

/** Receives the keys a committed write dropped. It must not throw and must not wait. */
export type CatalogChangeListener = (keys: readonly string[]) => void;

const listeners = new Set<CatalogChangeListener>();

/** Calls `listener` after every catalog write with the keys it dropped; returns the unsubscribe. */
export function onCatalogChange(listener: CatalogChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(modelName: string, records: readonly object[]): void {
  if (listeners.size === 0 || !isCatalogModel(modelName)) return;
  const keys = changeKeys(modelName, records);
  for (const listener of listeners) {
    try {
      listener(keys);
    } catch {
      // A listener's fault never fails the write that already happened.
    }
  }
}

/** The ids a filter or an update names (`{_id}`, `{paperId: {$in: [...]}}`, `$set`), as a record. */
function namedIds(condition: unknown): Record<string, unknown>[] {
  if (!condition || typeof condition !== 'object') return [];
  const found: Record<string, unknown>[] = [];
  for (const [field, value] of Object.entries(condition)) {
    if (field === '$and' || field === '$or') {
      if (Array.isArray(value)) for (const part of value) found.push(...namedIds(part));
    } else if (field === '$set' || field === '$setOnInsert') {
      found.push(...namedIds(value));
    } else if (value && typeof value === 'object' && '$in' in value) {
      const list = (value as { $in: unknown }).$in;
      if (Array.isArray(list)) for (const id of list) found.push({ [field]: id });
    } else if (value && typeof value === 'object' && '$eq' in value) {
      found.push({ [field]: (value as { $eq: unknown }).$eq });
    } else {
      found.push({ [field]: value });
    }
  }
  return found;
}

/** The reference fields of a stored document, for the write's "before". */
const REFERENCE_FIELDS = (schema: Schema): Record<string, 1> =>
  Object.fromEntries(
    Object.keys(schema.paths)
      .filter((path) => path.endsWith('Id') && !path.includes('.'))
      .map((path) => [path, 1 as const]),
  );

type AnyQuery = Query<unknown, unknown>;

// What a query's pre hook read (the document before the write) for its post hook.
const before = new WeakMap<object, object[]>();

/** Operations that change one document: the stored one is read first, for its parents. */
const SINGLE = ['updateOne', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace'] as const;
const SINGLE_DELETE = ['deleteOne', 'findOneAndDelete'] as const;
const MANY = ['updateMany', 'deleteMany'] as const;

/** Adds the change notification to a schema (every model's, through `mongoose.plugin`). */
export function notifyCatalogChanges(schema: Schema): void {
  const projection = REFERENCE_FIELDS(schema);

  schema.post('save', function (this: Document) {
    notify((this.constructor as { modelName?: string }).modelName ?? '', [this.toObject()]);
  });
  schema.post('insertMany', function (this: { modelName?: string }, inserted: unknown) {
    const docs = (Array.isArray(inserted) ? inserted : [inserted]) as Document[];
    notify(
      this.modelName ?? '',
      docs.map((doc) => (doc.toObject ? doc.toObject() : doc)),
    );
  });

  const readBefore = async function (this: AnyQuery) {
    if (listeners.size === 0 || !isCatalogModel(this.model.modelName)) return;
    // The parents of the document as stored: a delete or a move must drop the old parent's answers.
    const found = await this.model.findOne(this.getFilter(), projection).lean<object>();
    before.set(this, found ? [found] : []);
  };
  const afterWrite = function (this: AnyQuery, result: unknown) {
    if (listeners.size === 0 || !isCatalogModel(this.model.modelName)) return;
    if (changedNothing(result)) return;
    const records: object[] = [...(before.get(this) ?? []), ...namedIds(this.getFilter())];
    records.push(...namedIds(this.getUpdate()));
    // findOneAnd* hand over the document (after the update when asked for `new`).
    if (result && typeof result === 'object' && '_id' in result) records.push(result);
    notify(this.model.modelName, records);
  };

  schema.pre([...SINGLE, ...SINGLE_DELETE], readBefore);
  schema.post([...SINGLE, ...SINGLE_DELETE, ...MANY], afterWrite);
}

mongoose.plugin(notifyCatalogChanges);
