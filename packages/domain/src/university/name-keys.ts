// The universities list's `search` (a literal, case-insensitive substring of the name or short
// name) without reading every university. `universitynamekeys` holds one small row per distinct
// substring of up to NAME_KEY_LENGTH characters of a university's name and short name, with
// copies of the university's fields. A search of at most NAME_KEY_LENGTH characters is then one
// equality whose page, sort and count the embedded engine answers in PostgreSQL, and the page's
// rows are the page's universities. A longer search looks up its first
// NAME_KEY_LENGTH characters and checks the regular expression on those universities only.
//
// Case-insensitive as the regular expression is: keys are lower case, and the two non-ASCII
// letters whose case folds to an ASCII letter (Kelvin sign, long s) count as that letter. Only
// runs of ASCII characters are keyed: a search holding another character keeps the regular
// expression over every university (searchByNameKeys answers null).
//
// Rows are rewritten after each write of a university (syncNameKeys), under a pending row
// written before the university itself, so that a crash or a failure between the two leaves the
// pending row, and resumeNameKeys (at start, and in the periodic repair of storage/repairs.ts)
// rewrites that university's rows again. A create whose rows fail is taken back out
// (createUniversity), so that no university shows without its rows.
import { model, Schema, Types } from 'mongoose';
import type { SortOrder } from 'mongoose';
import { mongoose } from '../db.js';
import { BACKFILL_MARKERS } from '../storage/backfill-markers.js';
import { ObjectIdType } from '../storage/model-helpers.js';
import { UniversityModel } from './model.js';

/** The longest substring kept as a key. */
export const NAME_KEY_LENGTH = 8;

/**
 * The fields of a university copied onto its rows: every field of its DTO, so that a page of rows
 * is the page of universities (no write of these fields bypasses syncNameKeys).
 */
const COPIED = [
  'name',
  'shortName',
  'slug',
  'isActive',
  'deletedAt',
  'createdAt',
  'updatedAt',
] as const;

const MARKER = BACKFILL_MARKERS.nameKeys;

/** The key of a pending rewrite: never a name's key (keys are ASCII) nor looked up (non-ASCII). */
export const PENDING_KEY = '\u00a0pending';

const nameKeySchema = new Schema(
  {
    key: { type: String, required: true },
    universityId: { type: ObjectIdType, required: true },
    name: { type: String },
    shortName: { type: String },
    slug: { type: String },
    isActive: { type: Boolean },
    deletedAt: { type: Date },
    createdAt: { type: Date },
    updatedAt: { type: Date },
  },
  { versionKey: false, strict: 'throw', timestamps: false },
);
// An equality on `key` is answered from its GIN index (packages/ferretdb makes one per btree).
nameKeySchema.index({ key: 1 });
nameKeySchema.index({ universityId: 1 });

/** Derived rows of the universities search (internal: never in a DTO). */
export const UniversityNameKeyModel = model('UniversityNameKey', nameKeySchema);

const FOLDED: Record<string, string> = { '\u212a': 'k', '\u017f': 's' };
// eslint-disable-next-line no-control-regex -- every ASCII character but NUL (no search holds it)
const ASCII_RUNS = /[\x01-\x7f]+/g;

/**
 * A text as keys compare it: ASCII letters in lower case, the Kelvin sign and long s as `k` and
 * `s` (the only characters whose simple case folding reaches ASCII); nothing else changes.
 */
export function foldName(text: string): string {
  return text
    .replace(/[\u212a\u017f]/g, (c) => FOLDED[c]!)
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The distinct keys of a university's name and short name. */
export function nameKeysOf(texts: readonly unknown[]): string[] {
  const keys = new Set<string>();
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    for (const run of foldName(text).match(ASCII_RUNS) ?? []) {
      for (let start = 0; start < run.length; start += 1) {
        const end = Math.min(run.length, start + NAME_KEY_LENGTH);
        for (let stop = start + 1; stop <= end; stop += 1) keys.add(run.slice(start, stop));
      }
    }
  }
  return [...keys];
}

type UniversityFields = { _id: unknown } & Partial<Record<(typeof COPIED)[number], unknown>>;

/** The rows of one university. */
export function nameKeyRows(university: UniversityFields): Record<string, unknown>[] {
  const copies = Object.fromEntries(COPIED.map((field) => [field, university[field]]));
  return nameKeysOf([university.name, university.shortName]).map((key) => ({
    _id: new Types.ObjectId(),
    key,
    universityId: university._id,
    ...copies,
  }));
}

/** The university a row copies: its DTO's fields under the university's `_id`. */
export function universityOfRow(row: Record<string, unknown>): Record<string, unknown> {
  return { _id: row.universityId, ...Object.fromEntries(COPIED.map((f) => [f, row[f]])) };
}

const rows = () => UniversityNameKeyModel.collection;

/** Rewrites the rows of one university from its document (none when it is gone). */
async function rewriteRows(universityId: Types.ObjectId): Promise<void> {
  const universities = UniversityModel.collection;
  const projection = Object.fromEntries(COPIED.map((field) => [field, 1]));
  const university = await universities.findOne({ _id: universityId }, { projection });
  await rows().deleteMany({ universityId, key: { $ne: PENDING_KEY } });
  const fresh = university ? nameKeyRows(university as UniversityFields) : [];
  // A name without ASCII letters or digits ("©", "中文大学") has no keys, and the engine refuses
  // an empty insertMany ("Batch cannot be empty").
  if (fresh.length > 0) await rows().insertMany(fresh);
}

/**
 * Runs `write` (a write of the university `universityId`), then rewrites its rows. A pending row
 * written first marks the rewrite until it is done, so that a crash is repaired at start.
 */
export async function syncNameKeys<T>(universityId: string, write: () => Promise<T>): Promise<T> {
  const id = new Types.ObjectId(universityId);
  const pending = { _id: new Types.ObjectId(), key: PENDING_KEY, universityId: id };
  await rows().insertOne(pending);
  try {
    return await write();
  } finally {
    await rewriteRows(id);
    await rows().deleteOne({ _id: pending._id });
  }
}

/**
 * Rewrites the rows of universities whose rewrite a stop or a failure interrupted, among the
 * pending rows written more than `olderThanMs` ago (0 at start; the periodic repair leaves
 * rewrites still under way alone). Returns how many universities.
 */
export async function resumeNameKeys(olderThanMs = 0): Promise<number> {
  const before = Date.now() - olderThanMs;
  const pending = (await rows().find({ key: PENDING_KEY }).toArray()).filter(
    (row) => (row._id as Types.ObjectId).getTimestamp().getTime() <= before,
  );
  const ids = [...new Map(pending.map((row) => [String(row.universityId), row.universityId]))];
  for (const [, id] of ids) await rewriteRows(id as Types.ObjectId);
  if (pending.length) await rows().deleteMany({ _id: { $in: pending.map((row) => row._id) } });
  return ids.length;
}

/**
 * Writes the rows of every university once per database (universities written before the rows
 * existed); on later starts, resumes the rewrites a stop interrupted. Returns how many
 * universities it wrote.
 */
export async function backfillNameKeys(): Promise<{ updated: number }> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('backfillNameKeys needs a connected database');
  const migrations = db.collection<{ _id: string }>('migrations');
  if (!(await migrations.findOne(MARKER))) {
    await rebuildNameKeys();
    await migrations.updateOne(MARKER, { $set: { at: new Date() } }, { upsert: true });
    return { updated: await UniversityModel.countDocuments() };
  }
  return { updated: await resumeNameKeys() };
}

/** Replaces every row by those of the universities stored now. Returns how many rows. */
export async function rebuildNameKeys(): Promise<number> {
  const universities = UniversityModel.collection;
  const projection = Object.fromEntries(COPIED.map((field) => [field, 1]));
  const all = await universities.find({}, { projection }).toArray();
  await rows().deleteMany({});
  const built = all.flatMap((u) => nameKeyRows(u as UniversityFields));
  for (let i = 0; i < built.length; i += 2_000) await rows().insertMany(built.slice(i, i + 2_000));
  return built.length;
}

/** What searchByNameKeys needs of the list. */
export interface NameKeySearch {
  search: string;
  /** Equalities on copied fields (`isActive`). */
  filter: Record<string, unknown>;
  /** The list's order, `_id` last. */
  order: Record<string, SortOrder>;
}

/**
 * How to answer a search through the rows, or null when the rows cannot (a non-ASCII search, an
 * order on a field they do not copy): `exact` (the rows' filter selects exactly the matching
 * universities, one row each; their order is the list's with `universityId` for `_id`) or
 * `candidates` (the rows' filter finds a superset, to check by the regular expression).
 */
export function nameKeyPlan(
  request: NameKeySearch,
):
  | { exact: true; filter: Record<string, unknown>; order: Record<string, SortOrder> }
  | { exact: false; filter: Record<string, unknown> }
  | null {
  const folded = foldName(request.search);
  // eslint-disable-next-line no-control-regex -- ASCII is exactly what the rows key
  if (!/^[\x01-\x7f]+$/.test(folded)) return null;
  const copied: readonly string[] = COPIED;
  const fields = Object.keys(request.order).filter((field) => field !== '_id');
  if (!fields.every((field) => copied.includes(field))) return null;
  if (!Object.keys(request.filter).every((field) => copied.includes(field))) return null;
  const filter = { ...request.filter, key: folded.slice(0, NAME_KEY_LENGTH) };
  if (folded.length > NAME_KEY_LENGTH) return { exact: false, filter };
  const order = Object.fromEntries(
    Object.entries(request.order).map(([field, dir]) => [
      field === '_id' ? 'universityId' : field,
      dir,
    ]),
  );
  return { exact: true, filter, order };
}
