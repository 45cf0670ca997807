// Keeps the search keys of questions, papers and subjects right. A schema plugin, so no write
// path of the services can miss it: create and insertMany compute the keys while validating, an
// update that touches a searched field recomputes them from the document merged with the update,
// and every create, update and delete adjusts the term counts (terms.ts; a failure there marks
// them for a recount and never fails the write already made). Only raw driver writes
// (`Model.collection`, `bulkWrite`) bypass it; reindexSearch repairs those.
import type { Document, Query, Schema } from 'mongoose';
import { finishEntryWrites, searchEntries } from './entry-writes.js';
import type { SearchableFields } from './fields.js';
import type { SearchType } from './schema.js';
import { documentIndex, SEARCH_KEY_FIELDS } from './tokens.js';
import type { DocumentIndex } from './tokens.js';
import { applyTermDeltaAfterWrite, changeDelta, termDelta } from './terms.js';

export type { SearchableFields };

type Read = (path: string) => unknown;

interface PendingChange {
  before: string[];
  after: string[];
}

// State a query's pre hook hands to its post hook.
const pendingUpdates = new WeakMap<object, PendingChange>();
const pendingDeletes = new WeakMap<object, string[][]>();

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

/** The operation of a query (`findOneAndUpdate`, `deleteMany`, ...). */
function opOf(query: object): string {
  return (query as { op?: string }).op ?? '';
}

const registry = new Map<object, SearchableFields>();

/** The searched fields of a model's schema, or undefined when it is not searchable. */
export function searchableFieldsOf(schema: object): SearchableFields | undefined {
  return registry.get(schema);
}

/** The search index of a document of a searchable schema, reading its fields with `read`. */
export function indexOf(fields: SearchableFields, read: Read): DocumentIndex {
  return documentIndex({ title: fields.title.map(read), body: fields.body.map(read) });
}

/** Adds the search key fields, their indexes and the hooks that keep them and the entries right to a schema. */
export function searchable(schema: Schema, fields: SearchableFields, type: SearchType): void {
  registry.set(schema, fields);
  searchEntries(schema, type);
  const sources = [...fields.title, ...fields.body];
  const sourceProjection: Record<string, 1> = Object.fromEntries(sources.map((path) => [path, 1]));
  const stemsOf = (doc: Record<string, unknown>) => indexOf(fields, (path) => doc[path]).stems;

  for (const field of SEARCH_KEY_FIELDS) {
    schema.add({ [field]: { type: [String], default: undefined } });
    // One equality per field is how search finds a term: a GIN index on PostgreSQL, multikey on MongoDB.
    schema.index({ [field]: 1 });
  }
  const hidden = Object.fromEntries(SEARCH_KEY_FIELDS.map((field) => [field, 0]));

  // Lists, loaders and single reads never need the keys (a DTO drops them; the hooks below
  // read the source fields): leave them out unless a query asks for fields itself.
  schema.pre(['find', 'findOne'], function () {
    const projection = this.projection() as Record<string, unknown> | null | undefined;
    if (projection && Object.keys(projection).length > 0) return;
    this.projection(hidden);
  });

  // create(), save() and insertMany() validate every document first.
  schema.pre('validate', function (this: Document) {
    if (!this.isNew && !sources.some((path) => this.isModified(path))) return;
    this.set(indexOf(fields, (path) => this.get(path)).fields);
  });

  schema.pre('save', async function (this: Document) {
    if (this.isNew) {
      this.$locals.searchBefore = null;
      return;
    }
    if (!sources.some((path) => this.isModified(path))) return;
    const stored = await (this.constructor as unknown as SourceReader)
      .findById(this._id, sourceProjection)
      .lean<Record<string, unknown>>();
    this.$locals.searchBefore = stored ? stemsOf(stored) : [];
  });

  schema.post('save', async function (this: Document) {
    if (!('searchBefore' in this.$locals)) return;
    const before = this.$locals.searchBefore as string[] | null;
    delete this.$locals.searchBefore;
    const after = indexOf(fields, (path) => this.get(path)).stems;
    await applyTermDeltaAfterWrite(
      before === null ? termDelta([after]) : changeDelta(before, after),
    );
  });

  schema.post('insertMany', async function (inserted: unknown) {
    const docs = inserted as Document[];
    await applyTermDeltaAfterWrite(
      termDelta(docs.map((doc) => indexOf(fields, (p) => doc.get(p)).stems)),
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
    const current = await this.model
      .findOne(this.getFilter(), sourceProjection)
      .lean<Record<string, unknown>>();
    if (!current) return;
    const set = (update.$set ?? {}) as Record<string, unknown>;
    const unset = (update.$unset ?? {}) as Record<string, unknown>;
    const merged: Read = (path) => {
      if (path in set) return set[path];
      if (path in update) return update[path];
      return path in unset ? null : current[path];
    };
    const next = indexOf(fields, merged);
    this.set(next.fields);
    pendingUpdates.set(this, { before: stemsOf(current), after: next.stems });
  };
  const afterUpdate = async function (this: Query<unknown, unknown>, result: unknown) {
    const change = pendingUpdates.get(this);
    if (!change) return;
    pendingUpdates.delete(this);
    const matched =
      opOf(this) === 'updateOne'
        ? ((result as { matchedCount?: number } | null)?.matchedCount ?? 0) > 0
        : result !== null && result !== undefined;
    if (matched) await applyTermDeltaAfterWrite(changeDelta(change.before, change.after));
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
    const query = this.model.find(this.getFilter(), { ...sourceProjection, _id: 1 });
    const found = await (opOf(this) === 'deleteMany' ? query : query.limit(1)).lean<
      Record<string, unknown>[]
    >();
    pendingDeletes.set(
      this,
      found.map((doc) => [String(doc._id), ...stemsOf(doc)]),
    );
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
          .find({ _id: { $in: found.map(([id]) => id) } }, { _id: 1 })
          .lean<{ _id: unknown }[]>();
        const kept = new Set(left.map((d) => String(d._id)));
        gone = found.filter(([id]) => !kept.has(id!));
      }
    }
    if (gone.length)
      await applyTermDeltaAfterWrite(
        termDelta(
          [],
          gone.map(([, ...stems]) => stems),
        ),
      );
  };
  for (const op of ['deleteOne', 'deleteMany', 'findOneAndDelete'] as const) {
    schema.pre(op, beforeDelete);
    schema.post(op, afterDelete);
  }
  // Last: a save's entry is written while the hooks above write its term counts.
  finishEntryWrites(schema);
}

interface SourceReader {
  findById: (id: unknown, projection: Record<string, 1>) => { lean: <T>() => Promise<T | null> };
}
