// The context's records kept per process: the rows of papers, topics, modules, subjects and
// universities a page's context reads by id (context.ts), kept under the generation of their
// collection (context-generations.ts) that the request read in its first wave. A kept row is used
// only when this request read the same generation; any other generation drops the collection's
// rows, and the rows read then are kept under the generation this request read. Exact
// (docs/decisions/0013, "Context records kept per process"):
// - a write that completed before a request began set a fresh generation G_w after it committed;
//   the request reads G_w or one set after it (one row, the engine answers the latest committed
//   value). Rows kept under that value were read by a request that had read it, so after it was
//   set, so after the write committed: they show the write.
// - a write landing between a request's generation read and its row read: the rows may show it
//   or not (the request ran beside the write, either answer is right), and the write's bump then
//   sets a generation no kept row carries, so later requests read again.
// A bump lost to a crash between the write and the bump is bounded by KEPT_FOR_MS. No row kept
// here decides visibility: the context checks the viewer's universities (visibility.ts).
import { Types } from 'mongoose';
import { mongoose } from '../db.js';
import { readByIds } from '../storage/model-helpers.js';
import type { AnyModel } from '../storage/model-helpers.js';
import {
  generationKey,
  isKeptModel,
  KEPT_FIELDS,
  onGenerationBump,
} from './context-generations.js';
import type { KeptModel } from './context-generations.js';

/** Rows kept per collection at most; a full collection's rows are dropped whole. */
export const MAX_KEPT_ROWS = 20_000;

/** How long a kept row is used at most (the shared cache's s-maxage): what a lost bump costs. */
export const KEPT_FOR_MS = 60_000;

/** The generation of each kept collection as this request read it (null: none stored). */
export type Generations = ReadonlyMap<KeptModel, string | null>;

type Row = Record<string, unknown> & { _id: Types.ObjectId };

interface Kept {
  generation: string;
  rows: Map<string, { row: Row; at: number }>;
}

const kept = new Map<KeptModel, Kept>();

// This process's own writes drop its rows at once, before the bump's command.
onGenerationBump((name) => kept.delete(name));

/** The generations among rows read from `searchterms` by `_id` (context-generations.ts). */
export function generationsOf(rows: ReadonlyMap<string, { g?: unknown }>): Generations {
  return new Map(
    (Object.keys(KEPT_FIELDS) as KeptModel[]).map((name) => {
      const g = rows.get(generationKey(name))?.g;
      return [name, g ? String(g) : null];
    }),
  );
}

/**
 * Stores a first generation of a collection that has none (a fresh or recounted catalog), to keep
 * the rows read after it under it. An insert, never an upsert: the engine applies an update as a
 * read and a write back, so an upsert that found the row could put back a value a bump had just
 * replaced. Null when another request stored one first (nothing is kept this time).
 */
async function createGeneration(name: KeptModel): Promise<string | null> {
  const g = new Types.ObjectId();
  const stored = await mongoose.connection.db
    ?.collection<{ _id: string; g: Types.ObjectId }>('searchterms')
    .insertOne({ _id: generationKey(name), g })
    .then(() => true)
    .catch(() => false);
  return stored ? String(g) : null;
}

function keep(name: KeptModel, generation: string, rows: readonly Row[], at: number): void {
  let store = kept.get(name);
  if (store?.generation !== generation || store.rows.size + rows.length > MAX_KEPT_ROWS) {
    store = { generation, rows: new Map() };
    kept.set(name, store);
  }
  for (const row of rows) store.rows.set(String(row._id), { row, at });
}

/**
 * The records of these ids with the fields the context reads, into a map by id: the rows kept
 * under the generation this request read, and the others read (one `_id` `$in`, none when all
 * are kept). A collection that is not kept, or a request without generations, always reads.
 */
export async function contextRowsByIds<T extends Row>(
  model: AnyModel,
  ids: readonly string[],
  fields: Record<string, 1>,
  generations: Generations | null,
): Promise<Map<string, T>> {
  const name = model.modelName;
  const kind = isKeptModel(name) ? name : null;
  let generation = kind && generations ? generations.get(kind) : undefined;
  const now = Date.now();
  const store = kind ? kept.get(kind) : undefined;
  const found = new Map<string, T>();
  const missing: string[] = [];
  for (const id of ids) {
    const entry = generation && store?.generation === generation ? store.rows.get(id) : undefined;
    if (entry && now - entry.at < KEPT_FOR_MS) found.set(id, entry.row as T);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  // Once per catalog (and after a recount): a round trip more, so that the rows can be kept.
  if (kind && generation === null) generation = await createGeneration(kind);
  const rows = await readByIds<T>(model, missing, fields);
  if (kind && generation) keep(kind, generation, rows, now);
  for (const row of rows) found.set(String(row._id), row);
  return found;
}

/** Forgets every kept row (tests: the first page of a process). */
export function forgetContextRows(): void {
  kept.clear();
}
