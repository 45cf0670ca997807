// Keeps the search keys of questions, papers and subjects right. A schema plugin, so no write
// path of the services can miss it: create and insertMany compute the keys while validating, an
// update that touches a searched field recomputes them from the document merged with the update,
// and every create, update and delete adjusts the document frequencies (terms.ts). Only raw
// driver writes (`Model.collection`, `bulkWrite`) bypass it; backfillSearch repairs those.
import type { Document, Query, Schema } from 'mongoose';
import { documentKeys } from './tokens.js';
import type { DocumentKeys } from './tokens.js';
import { applyTermDelta, changeDelta, termDelta } from './terms.js';

/** The fields holding a document's search keys (internal: never in a DTO). */
export const SEARCH_FIELDS = ['searchKeys', 'searchTitleKeys'] as const;

/** Which fields of a model are searched, and how they weigh. */
export interface SearchableFields {
  /** Title-like fields (title, slug, name, code): a hit here ranks above a body hit. */
  title: readonly string[];
  /** Body text (question text, subject description). */
  body: readonly string[];
}

interface KeyedDoc {
  _id?: unknown;
  searchKeys?: string[] | null;
}

interface PendingChange {
  before: string[];
  after: string[];
}

// State a query's pre hook hands to its post hook.
const pendingUpdates = new WeakMap<object, PendingChange>();
const pendingDeletes = new WeakMap<object, KeyedDoc[]>();

const UPDATE_OPERATORS = ['$set', '$unset', '$setOnInsert', '$rename', '$push', '$addToSet'];

function touchedFields(update: Record<string, unknown>): Set<string> {
  const touched = new Set<string>();
  for (const [key, value] of Object.entries(update)) {
    if (!key.startsWith('$')) touched.add(key.split('.')[0]!);
    else if (UPDATE_OPERATORS.includes(key) && value && typeof value === 'object') {
      for (const path of Object.keys(value)) touched.add(path.split('.')[0]!);
    }
  }
  return touched;
}

const registry = new Map<object, SearchableFields>();

/** The searched fields of a model's schema, or undefined when it is not searchable. */
export function searchableFieldsOf(schema: object): SearchableFields | undefined {
  return registry.get(schema);
}

/** The keys of a (lean) document of a searchable schema. */
export function keysOfDocument(
  fields: SearchableFields,
  doc: Record<string, unknown>,
): DocumentKeys {
  return documentKeys({
    title: fields.title.map((path) => doc[path]),
    body: fields.body.map((path) => doc[path]),
  });
}

/** Adds the search key fields, their index and the hooks that keep them right to a schema. */
export function searchable(schema: Schema, fields: SearchableFields): void {
  registry.set(schema, fields);
  const sources = [...fields.title, ...fields.body];
  const keysFrom = (read: (path: string) => unknown): DocumentKeys =>
    documentKeys({ title: fields.title.map(read), body: fields.body.map(read) });

  schema.add({
    searchKeys: { type: [String], default: undefined },
    searchTitleKeys: { type: [String], default: undefined },
  });
  // One equality on this array is how search finds a term (a GIN index on PostgreSQL, multikey on MongoDB).
  schema.index({ searchKeys: 1 });

  // Lists and loaders never need the keys: leave them out unless a query asks for fields itself.
  schema.pre('find', function () {
    const projection = this.projection() as Record<string, unknown> | null | undefined;
    if (projection && Object.keys(projection).length > 0) return;
    this.projection({ searchKeys: 0, searchTitleKeys: 0 });
  });

  // create(), save() and insertMany() validate every document first.
  schema.pre('validate', function (this: Document) {
    if (!this.isNew && !sources.some((path) => this.isModified(path))) return;
    const { keys, titleKeys } = keysFrom((path) => this.get(path));
    this.set({ searchKeys: keys, searchTitleKeys: titleKeys });
  });

  schema.pre('save', async function (this: Document) {
    if (this.isNew) {
      this.$locals.searchChange = { before: null, after: null };
      return;
    }
    if (!sources.some((path) => this.isModified(path))) return;
    const stored = await (this.constructor as unknown as KeyedModel)
      .findById(this._id, { searchKeys: 1 })
      .lean<KeyedDoc>();
    this.$locals.searchChange = { before: stored?.searchKeys ?? [], after: null };
  });

  schema.post('save', async function (this: Document) {
    const change = this.$locals.searchChange as { before: string[] | null } | undefined;
    if (!change) return;
    delete this.$locals.searchChange;
    const after = (this.get('searchKeys') as string[] | undefined) ?? [];
    await applyTermDelta(
      change.before === null ? termDelta([after]) : changeDelta(change.before, after),
    );
  });

  schema.post('insertMany', async function (inserted: unknown) {
    const docs = inserted as Document[];
    await applyTermDelta(
      termDelta(docs.map((doc) => (doc.get('searchKeys') as string[] | undefined) ?? [])),
    );
  });

  const beforeUpdate = async function (this: Query<unknown, unknown>) {
    const update = (this.getUpdate() ?? {}) as Record<string, unknown>;
    const touched = touchedFields(update);
    if (!sources.some((path) => touched.has(path))) return;
    const op = opOf(this);
    if (op !== 'findOneAndUpdate' && op !== 'updateOne') {
      throw new Error(
        `${op} cannot change searched fields (${sources.join(', ')}): update one document at a time`,
      );
    }
    const projection = Object.fromEntries([...sources, 'searchKeys'].map((p) => [p, 1]));
    const current = await this.model
      .findOne(this.getFilter(), projection)
      .lean<Record<string, unknown>>();
    if (!current) return;
    const set = (update.$set ?? {}) as Record<string, unknown>;
    const unset = (update.$unset ?? {}) as Record<string, unknown>;
    const merged = (path: string): unknown =>
      path in set
        ? set[path]
        : path in update
          ? update[path]
          : path in unset
            ? null
            : current[path];
    const { keys, titleKeys } = keysFrom(merged);
    this.set({ searchKeys: keys, searchTitleKeys: titleKeys });
    pendingUpdates.set(this, {
      before: (current.searchKeys as string[] | undefined) ?? [],
      after: keys,
    });
  };
  const afterUpdate = async function (this: Query<unknown, unknown>, result: unknown) {
    const change = pendingUpdates.get(this);
    if (!change) return;
    pendingUpdates.delete(this);
    const matched =
      opOf(this) === 'updateOne'
        ? ((result as { matchedCount?: number } | null)?.matchedCount ?? 0) > 0
        : result !== null && result !== undefined;
    if (matched) await applyTermDelta(changeDelta(change.before, change.after));
  };
  for (const op of ['findOneAndUpdate', 'updateOne', 'updateMany'] as const) {
    schema.pre(op, beforeUpdate);
    schema.post(op, afterUpdate);
  }
  for (const op of ['replaceOne', 'findOneAndReplace'] as const) {
    schema.pre(op, function () {
      throw new Error(`${op} is not supported on a searchable model: use an update`);
    });
  }

  const beforeDelete = async function (this: Query<unknown, unknown>) {
    const many = opOf(this) === 'deleteMany';
    const query = this.model.find(this.getFilter(), { searchKeys: 1 });
    const found = await (many ? query : query.limit(1)).lean<KeyedDoc[]>();
    pendingDeletes.set(this, found);
  };
  const afterDelete = async function (this: Query<unknown, unknown>, result: unknown) {
    const found = pendingDeletes.get(this) ?? [];
    pendingDeletes.delete(this);
    let gone = found;
    if (opOf(this) === 'findOneAndDelete') {
      if (!result) gone = [];
    } else {
      const deleted = (result as { deletedCount?: number } | null)?.deletedCount ?? 0;
      if (deleted === 0) gone = [];
      else if (deleted < found.length) {
        const left = await this.model
          .find({ _id: { $in: found.map((d) => d._id) } }, { _id: 1 })
          .lean<KeyedDoc[]>();
        const kept = new Set(left.map((d) => String(d._id)));
        gone = found.filter((d) => !kept.has(String(d._id)));
      }
    }
    if (gone.length)
      await applyTermDelta(
        termDelta(
          [],
          gone.map((d) => d.searchKeys ?? []),
        ),
      );
  };
  for (const op of ['deleteOne', 'deleteMany', 'findOneAndDelete'] as const) {
    schema.pre(op, beforeDelete);
    schema.post(op, afterDelete);
  }
}

/** The operation of a query (`findOneAndUpdate`, `deleteMany`, ...). */
function opOf(query: object): string {
  return (query as { op?: string }).op ?? '';
}

interface KeyedModel {
  findById: (id: unknown, projection: Record<string, 1>) => { lean: <T>() => Promise<T | null> };
}
