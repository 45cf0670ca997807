// Keeps each searchable document's entry (entries.ts) equal to entryOf of the document as stored.
// A schema plugin beside search/indexing.ts, so every write path of the services keeps it: create
// and save, insertMany, every update that touches a field the entry reads (the services' own
// updates, the copies of writing/copies.ts, setPaperStatus, the university content sweep), and
// every delete. Raw driver writes bypass it (deleteUnlessReferenced's put-back rewrites the
// entry itself; backfills rebuild them).
//
// Whole writes (decision 9): the entry is a second document, so each write records its intent in
// the `pendingwrites` journal (kind `search-entries`, the kind and ids as target) before its first
// step and removes it after the entry is written (after the answer, with the rows of other writes:
// journal-retirement.ts). A question's create is the exception: the periodic repair finds a
// question left without its entry by its creation time (create-sweep.ts), so the create makes no
// journal commit on its path. A failed entry write repairs at once (the entries rebuilt from the
// documents as stored), and the write stands when that worked. When it fails too, a create is
// undone and answers its error (finishEntryWrites); any other write answers its error, and its
// row stays for the periodic repair (storage/repairs.ts), which rebuilds the entries later.
import { Types } from 'mongoose';
import type { Document, Model, Query, Schema } from 'mongoose';
import { mongoose } from '../db.js';
import { isDuplicateKeyError } from '../errors.js';
import { PENDING_WRITES_COLLECTION } from '../writing/pending-writes.js';
import type { PendingWrite } from '../writing/pending-writes.js';
import { ENTRY_SOURCE_PROJECTION, entryOf, SEARCH_ENTRIES_COLLECTION } from './entries.js';
import type { EntryDoc, EntrySource } from './entries.js';
import { retireRow } from './journal-retirement.js';
import type { SearchType } from './schema.js';

/** Kinds whose creates are not journalled: the repair's sweep of creates (create-sweep.ts) finds them. */
const SWEPT_CREATES: ReadonlySet<SearchType> = new Set(['question']);
/** Ids per command: FerretDB 1.24 hangs on large update commands (terms.ts). */
const IDS_PER_COMMAND = 500;
const ENTRY_WRITES_PER_COMMAND = 40;

type Db = NonNullable<typeof mongoose.connection.db>;

function connectedDb(): Db {
  const db = mongoose.connection.db;
  if (!db) throw new Error('search entries need a connected database');
  return db;
}

const entries = () => connectedDb().collection<EntryDoc>(SEARCH_ENTRIES_COLLECTION);
const journal = () => connectedDb().collection<PendingWrite>(PENDING_WRITES_COLLECTION);

/** The journal target of a write of entries: `<type>:<id>,<id>...`. */
export function entryTarget(type: SearchType, ids: readonly unknown[]): string {
  return `${type}:${ids.map(String).join(',')}`;
}

/** The kind and ids a journal target names. */
export function parseEntryTarget(target: string): { type: SearchType; ids: string[] } {
  const [type, list = ''] = target.split(':');
  return { type: type as SearchType, ids: list ? list.split(',') : [] };
}

async function chunked<T>(items: readonly T[], size: number, run: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await run(items.slice(i, i + size));
}

/** Writes these entries whole (each replaces the one of its id, or is inserted). */
export async function putEntries(built: readonly EntryDoc[]): Promise<void> {
  await chunked(built, ENTRY_WRITES_PER_COMMAND, (part) =>
    entries().bulkWrite(
      part.map((entry) => ({
        replaceOne: { filter: { _id: entry._id }, replacement: entry, upsert: true },
      })),
      { ordered: false },
    ),
  );
}

/**
 * Makes the entries of these ids equal to entryOf of the documents as stored now: rebuilt for
 * the documents found, removed for the ids no document holds. Idempotent (the repair).
 */
export async function rewriteEntries(
  model: Model<unknown>,
  type: SearchType,
  ids: readonly unknown[],
): Promise<void> {
  const objectIds = ids.map((id) => new Types.ObjectId(String(id)));
  await chunked(objectIds, IDS_PER_COMMAND, async (part) => {
    const docs = await model.collection
      .find({ _id: { $in: part } }, { projection: ENTRY_SOURCE_PROJECTION[type] })
      .toArray();
    await putEntries(docs.map((doc) => entryOf(type, doc as EntrySource)));
    const found = new Set(docs.map((doc) => String(doc._id)));
    const gone = part.filter((id) => !found.has(String(id)));
    if (gone.length) await entries().deleteMany({ _id: { $in: gone } });
  });
}

/** Journals a write of entries; returns the row's id (null when there is nothing to journal). */
async function openJournal(type: SearchType, ids: readonly unknown[]) {
  if (ids.length === 0) return null;
  const row: PendingWrite = {
    _id: new Types.ObjectId(),
    kind: 'search-entries',
    targetId: entryTarget(type, ids),
    at: new Date(),
  };
  await journal().insertOne(row);
  return row._id;
}

/**
 * Runs the entry step of a journalled write, then removes the row. On failure the entries are
 * rebuilt from the documents at once: when that worked the write is whole (its row removed),
 * else the step's error is thrown and the row stays for the repair.
 */
async function closeJournal(
  row: Types.ObjectId | null,
  step: () => Promise<unknown>,
  repair: () => Promise<void>,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(await settleJournal(row, repair))) throw error;
    return;
  }
  // The write is whole: its row is removed with others after the answer.
  if (row) retireRow(row);
}

/** Removes a journal row; a row that cannot be removed only costs one idle repair later. */
async function removeRow(row: Types.ObjectId | null): Promise<void> {
  if (row)
    await journal()
      .deleteOne({ _id: row })
      .catch(() => undefined);
}

/**
 * After a write that failed (a refused slug, a database away) and may still have reached the
 * documents: its entries are rebuilt from what is stored, and its row removed when that worked.
 */
async function settleJournal(
  row: Types.ObjectId | null,
  repair: () => Promise<void>,
): Promise<boolean> {
  const isRepaired = await repair().then(
    () => true,
    () => false,
  );
  if (isRepaired) await removeRow(row);
  return isRepaired;
}

/** Source fields whose new value an entry takes as it is, per kind: an update of only these is a `$set` on entries. */
const COPIED: Record<SearchType, Record<string, keyof EntryDoc>> = {
  question: {
    universityId: 'u',
    subjectOfferingId: 'o',
    examYear: 'e',
    visible: 'v',
    paperStatus: 's',
    searchGroup: 'g',
  },
  paper: { universityId: 'u', subjectOfferingId: 'o', examYear: 'e', visible: 'v', status: 's' },
  subject: {},
  topic: { universityId: 'u', subjectOfferingId: 'o' },
};

/** A value an entry holds as given: of the one type the entry field holds. */
function isPlainCopy(field: keyof EntryDoc, value: unknown): boolean {
  if (field === 'v') return typeof value === 'boolean';
  if (field === 'e') return value === null || typeof value === 'number';
  if (field === 's' || field === 'g') return typeof value === 'string';
  return value === null || value instanceof Types.ObjectId;
}

/** The `$set` on entries that an update of copies only amounts to, or null when entries must be rebuilt. */
function copiedSet(
  type: SearchType,
  update: Record<string, unknown>,
): Record<string, unknown> | null {
  const keys = Object.keys(update);
  if (keys.some((key) => key !== '$set')) return null;
  const set = (update.$set ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(set)) {
    const field = COPIED[type][path];
    if (!field) {
      if (path in ENTRY_SOURCE_PROJECTION[type]) return null;
      continue;
    }
    if (!isPlainCopy(field, value)) return null;
    out[field] = value;
  }
  return out;
}

function touchedPaths(update: Record<string, unknown>): string[] {
  return Object.entries(update).flatMap(([key, value]) =>
    key.startsWith('$') && value && typeof value === 'object'
      ? Object.keys(value).map((path) => path.split('.')[0]!)
      : [key.split('.')[0]!],
  );
}

/**
 * Adds the hook that ends a save's entry write, which searchEntries' post-save hook starts: added
 * after the schema's other post-save hooks, so that the entry is written while they run.
 */
export function finishEntryWrites(schema: Schema): void {
  schema.post('save', async function (this: Document) {
    const pending = this.$locals.entryWrite as EntryWriteOfSave | undefined;
    if (!pending) return;
    delete this.$locals.entryWrite;
    const failed = await pending.done;
    if (!failed) return;
    // A new document whose entry cannot be written is taken back out: the create answers its
    // error and leaves nothing a reader sees (contract: no write is half done), so a retry
    // creates it afresh. The delete's own hooks take back its term counts and its entry. When
    // even that fails, the document stays, and the repair writes its entry (from its journal
    // row, or for a question, which has none, from the sweep of creates).
    if (pending.isNew) {
      const model = this.constructor as unknown as Model<unknown>;
      await model.deleteOne({ _id: this._id }).catch(() => undefined);
    }
    throw failed.error;
  });
}

/** A save's entry write, started by its post-save hook: whether it created, and how it ended. */
interface EntryWriteOfSave {
  isNew: boolean;
  done: Promise<{ error: unknown } | null>;
}

const kinds = new WeakMap<object, SearchType>();

/** The kind of entry a schema's documents have, or undefined when they have none. */
export function entryKindOf(schema: object): SearchType | undefined {
  return kinds.get(schema);
}

interface PendingEntryWrite {
  row: Types.ObjectId | null;
  ids: unknown[];
  set: Record<string, unknown> | null;
}
const pending = new WeakMap<object, PendingEntryWrite>();
// insertMany's pre and post hooks see different arrays: its journal row is found by its first id.
const inserting = new Map<string, PendingEntryWrite>();

/** Adds the hooks that keep a searchable model's entries (kind `type`) equal to its documents. */
export function searchEntries(schema: Schema, type: SearchType): void {
  kinds.set(schema, type);
  const read = Object.keys(ENTRY_SOURCE_PROJECTION[type]);
  const modelOf = (doc: Document) => doc.constructor as unknown as Model<unknown>;

  schema.pre('save', async function (this: Document) {
    const isNew = this.isNew;
    if (!isNew && !read.some((path) => this.isModified(path))) return;
    this.$locals.entryRow =
      isNew && SWEPT_CREATES.has(type) ? null : await openJournal(type, [this._id]);
    this.$locals.entryIsNew = isNew;
  });
  schema.post('save', async function (this: Document) {
    if (!('entryRow' in this.$locals)) return;
    const row = this.$locals.entryRow as Types.ObjectId | null;
    const isNew = this.$locals.entryIsNew === true;
    delete this.$locals.entryRow;
    delete this.$locals.entryIsNew;
    const entry = entryOf(type, this.toObject() as EntrySource);
    const repair = () => rewriteEntries(modelOf(this), type, [this._id]);
    // A new document's entry is a plain insert (an entry left by an earlier crash is replaced).
    const step = isNew
      ? () =>
          entries()
            .insertOne(entry)
            .catch((error: unknown) => {
              if (!isDuplicateKeyError(error)) throw error;
              return putEntries([entry]);
            })
      : () => putEntries([entry]);
    // Started, not awaited: it runs while the later post-save hooks write the term counts, and
    // finishEntryWrites' hook, added after them, waits for it and answers its error.
    const write: EntryWriteOfSave = {
      isNew,
      done: closeJournal(row, step, repair).then(
        () => null,
        (error: unknown) => ({ error }),
      ),
    };
    this.$locals.entryWrite = write;
  });

  schema.post('save', { errorHandler: true }, async function (this: Document) {
    if (!('entryRow' in this.$locals)) return;
    const row = this.$locals.entryRow as Types.ObjectId | null;
    delete this.$locals.entryRow;
    delete this.$locals.entryIsNew;
    await settleJournal(row, () => rewriteEntries(modelOf(this), type, [this._id]));
  });

  schema.pre('insertMany', async function (docs: unknown) {
    // The documents get their ids now, for the journal (mongoose keeps an `_id` it is given).
    const list = (Array.isArray(docs) ? docs : [docs]) as Record<string, unknown>[];
    for (const doc of list) if (doc && doc._id === undefined) doc._id = new Types.ObjectId();
    const ids = list.map((doc) => doc._id);
    if (ids.length)
      inserting.set(String(ids[0]), { row: await openJournal(type, ids), ids, set: null });
  });
  schema.post('insertMany', async function (this: Model<unknown>, inserted: unknown) {
    const docs = inserted as Document[];
    if (docs.length === 0) return;
    const state = inserting.get(String(docs[0]!._id));
    inserting.delete(String(docs[0]!._id));
    const built = docs.map((doc) => entryOf(type, doc.toObject() as EntrySource));
    const ids = state?.ids ?? docs.map((doc) => doc._id);
    await closeJournal(
      state?.row ?? null,
      () => putEntries(built),
      () => rewriteEntries(this, type, ids),
    );
  });

  schema.post(
    'insertMany',
    { errorHandler: true },
    async function (this: Model<unknown>, _error: unknown, docs: unknown) {
      const first = (Array.isArray(docs) ? docs[0] : docs) as { _id?: unknown } | undefined;
      const state = first ? inserting.get(String(first._id)) : undefined;
      if (!state) return;
      inserting.delete(String(first!._id));
      await settleJournal(state.row, () => rewriteEntries(this, type, state.ids));
    },
  );

  const beforeUpdate = async function (this: Query<unknown, unknown>) {
    const update = (this.getUpdate() ?? {}) as Record<string, unknown>;
    if (!touchedPaths(update).some((path) => read.includes(path))) return;
    const many = (this as { op?: string }).op === 'updateMany';
    const query = this.model.find(this.getFilter(), { _id: 1 });
    const found = await (many ? query : query.limit(1)).lean<{ _id: unknown }[]>();
    const ids = found.map((doc) => doc._id);
    pending.set(this, { row: await openJournal(type, ids), ids, set: copiedSet(type, update) });
  };
  const afterUpdate = async function (this: Query<unknown, unknown>) {
    const state = pending.get(this);
    if (!state) return;
    pending.delete(this);
    const { row, ids, set } = state;
    const model = this.model as Model<unknown>;
    const repair = () => rewriteEntries(model, type, ids);
    const step =
      set && Object.keys(set).length > 0
        ? () =>
            chunked(ids, IDS_PER_COMMAND, (part) =>
              entries().updateMany({ _id: { $in: part as Types.ObjectId[] } }, { $set: set }),
            )
        : set
          ? () => Promise.resolve()
          : repair;
    await closeJournal(row, step, repair);
  };
  const afterFailure = async function (this: Query<unknown, unknown>) {
    const state = pending.get(this);
    if (!state) return;
    pending.delete(this);
    const model = this.model as Model<unknown>;
    await settleJournal(state.row, () => rewriteEntries(model, type, state.ids));
  };
  for (const op of ['findOneAndUpdate', 'updateOne', 'updateMany'] as const) {
    schema.pre(op, beforeUpdate);
    schema.post(op, afterUpdate);
    schema.post(op, { errorHandler: true }, afterFailure);
  }

  const beforeDelete = async function (this: Query<unknown, unknown>) {
    const many = (this as { op?: string }).op === 'deleteMany';
    const query = this.model.find(this.getFilter(), { _id: 1 });
    const found = await (many ? query : query.limit(1)).lean<{ _id: unknown }[]>();
    const ids = found.map((doc) => doc._id);
    pending.set(this, { row: await openJournal(type, ids), ids, set: null });
  };
  const afterDelete = async function (this: Query<unknown, unknown>) {
    const state = pending.get(this);
    if (!state) return;
    pending.delete(this);
    // Rebuilt from what is stored: the ids a delete missed keep their entries.
    const repair = () => rewriteEntries(this.model as Model<unknown>, type, state.ids);
    await closeJournal(state.row, repair, repair);
  };
  for (const op of ['deleteOne', 'deleteMany', 'findOneAndDelete'] as const) {
    schema.pre(op, beforeDelete);
    schema.post(op, afterDelete);
    schema.post(op, { errorHandler: true }, afterFailure);
  }
}
