// The group key of a question (`searchGroup` on it, `g` on its entry) (decision 13, "Repeated questions counted once"): search counts
// near-identical questions once, and a database can only count groups that a stored key names.
// A question's `g` is the `g` of its first (oldest) earlier near-identical question of another
// paper whose group holds no question of its own paper, else its own id. Near-identical is the
// rule of similar/signature.ts, candidates found by their band keys as similar/ finds them.
// Kept on writes by a plugin on the question schema (registered after similarity(), whose hooks
// compute the band keys this one reads):
// - a create computes its `g`;
// - a changed text first re-points the questions whose `g` was its id to the next oldest of them,
//   then computes its own `g` again;
// - a delete re-points its group to the next oldest member.
// The key is stored on the question too, not only on its entry: search's in-process path reads the
// question documents anyway, and one short string replaces the twelve band keys grouping read.
// A re-point that a failure leaves undone is harmless: the members still share one `g` (the id
// of a question gone or moved), so they still count as one group.
import type { Document, Model, Query, Schema, Types } from 'mongoose';
import { keysOf, SIMILAR_BAND_FIELDS } from '../similar/plugin.js';
import { isNearIdentical, jaccard, shinglesOf } from '../similar/signature.js';

/** What the rule reads of a question. */
export interface GroupSource {
  _id: Types.ObjectId;
  paperId: unknown;
  text: unknown;
  createdAt?: Date | null;
  searchGroup?: unknown;
}

const textOf = (doc: GroupSource) => (typeof doc.text === 'string' ? doc.text : '');
/** The field of a question holding its group key (internal: no DTO carries it). */
export const GROUP_FIELD = 'searchGroup';

/** A question's group key: its stored `searchGroup`, else (not yet grouped) its own id. */
export function groupOf(doc: { _id: unknown; searchGroup?: unknown }): string {
  return typeof doc.searchGroup === 'string' ? doc.searchGroup : String(doc._id);
}

/** Oldest first: createdAt, then id (hex, byte order). */
export function byAge(a: GroupSource, b: GroupSource): number {
  const at = (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0);
  if (at !== 0) return at;
  const [x, y] = [String(a._id), String(b._id)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The group of `question` among `candidates` (questions sharing a band key with it): the group of
 * the oldest near-identical one written before it (every candidate when it has no createdAt yet)
 * of another paper whose group is not in `taken` (the groups holding a question of its paper).
 */
export function chooseGroup(
  question: GroupSource,
  candidates: readonly GroupSource[],
  taken: ReadonlySet<string>,
): string {
  const shingles = shinglesOf(textOf(question));
  const paper = String(question.paperId);
  const earlier = candidates
    .filter(
      (c) =>
        !c._id.equals(question._id) &&
        String(c.paperId) !== paper &&
        (!question.createdAt || byAge(c, question) < 0),
    )
    .sort(byAge);
  for (const candidate of earlier) {
    const group = groupOf(candidate);
    if (taken.has(group)) continue;
    if (isNearIdentical(jaccard(shingles, shinglesOf(textOf(candidate))))) return group;
  }
  return String(question._id);
}

/**
 * The group keys of a whole set of questions at once (backfill, the bench's bulk load): each
 * question, oldest first, gets the group the write path would give it when written after all
 * older ones. Returns id -> g.
 */
export function groupKeysInBulk(
  questions: readonly (Record<string, unknown> & { _id: Types.ObjectId })[],
): Map<string, string> {
  const ordered = ([...questions] as (GroupSource & Record<string, unknown>)[]).sort(byAge);
  const byKey = new Map<string, GroupSource[]>();
  const papersOf = new Map<string, Set<string>>();
  const out = new Map<string, string>();
  for (const question of ordered) {
    const keys = keysOf(question).filter((key): key is string => !!key);
    const candidates = new Set<GroupSource>();
    for (const key of keys) for (const c of byKey.get(key) ?? []) candidates.add(c);
    const paper = String(question.paperId);
    const taken = new Set(
      [...candidates].map(groupOf).filter((g) => papersOf.get(g)?.has(paper) === true),
    );
    const g = chooseGroup(question, [...candidates], taken);
    const placed = { ...question, searchGroup: g };
    out.set(String(question._id), g);
    const papers = papersOf.get(g) ?? new Set<string>();
    papers.add(paper);
    papersOf.set(g, papers);
    for (const key of keys) {
      const list = byKey.get(key);
      if (list) list.push(placed);
      else byKey.set(key, [placed]);
    }
  }
  return out;
}

/**
 * Candidates a write reads, the oldest by id: each is a whole row for the engine, and a text
 * asked in many papers (or many times in one) shares its band keys with every copy. A question
 * sharing band keys with more older questions may miss its group and start its own.
 */
export const MAX_CANDIDATES = 24;
const CANDIDATE_FIELDS = { _id: 1, paperId: 1, text: 1, createdAt: 1, searchGroup: 1 } as const;

/** The group a question gets from the questions stored now (`keys`: its band keys). */
async function storedGroupOf(
  model: Model<unknown>,
  question: GroupSource,
  keys: readonly (string | null)[],
): Promise<string> {
  const branches = keys.flatMap((key, band) =>
    key ? [{ [SIMILAR_BAND_FIELDS[band]!]: key }] : [],
  );
  if (branches.length === 0) return String(question._id);
  // Only the `$or` of equalities: the embedded engine sends it whole to PostgreSQL (a union of
  // index lookups); another condition beside it (the paper's `$ne`) makes it read the table.
  const candidates = await model
    .find({ $or: branches }, CANDIDATE_FIELDS)
    .sort({ _id: 1 })
    .limit(MAX_CANDIDATES)
    .lean<GroupSource[]>();
  const shingles = shinglesOf(textOf(question));
  const paper = String(question.paperId);
  const alike = candidates.filter(
    (c) => String(c.paperId) !== paper && isNearIdentical(jaccard(shingles, shinglesOf(textOf(c)))),
  );
  if (alike.length === 0) return String(question._id);
  // The groups already holding a question of its paper: asked only when there is a group to join.
  const groups = [...new Set(alike.map(groupOf))];
  const siblings = await model
    .find(
      { paperId: question.paperId, _id: { $ne: question._id }, [GROUP_FIELD]: { $in: groups } },
      { [GROUP_FIELD]: 1 },
    )
    .lean<GroupSource[]>();
  return chooseGroup(question, alike, new Set(siblings.map(groupOf)));
}

/** Re-points the questions whose `g` is `id` (other than it) to the oldest of them. */
async function repointGroup(model: Model<unknown>, id: string): Promise<void> {
  const members = await model
    .find({ searchGroup: id, _id: { $ne: id } }, { _id: 1, createdAt: 1 })
    .lean<GroupSource[]>();
  if (members.length === 0) return;
  const next = String(members.sort(byAge)[0]!._id);
  await model.updateMany(
    { searchGroup: id },
    { $set: { searchGroup: next } },
    { timestamps: false },
  );
}

const pendingDeletes = new WeakMap<object, string[]>();

/** Adds `g`, its index and the hooks that keep it to the question schema. */
export function groupKeys(schema: Schema): void {
  schema.add({ [GROUP_FIELD]: { type: String, default: null } });
  schema.index({ [GROUP_FIELD]: 1 });

  // A create starts its lookup while validating and takes its answer just before the insert: the
  // lookup runs meanwhile with the pre-save steps of other plugins.
  schema.pre('validate', function (this: Document) {
    if (!this.isNew) return;
    const model = this.constructor as unknown as Model<unknown>;
    const lookup = storedGroupOf(
      model,
      { _id: this._id as Types.ObjectId, paperId: this.get('paperId'), text: this.get('text') },
      keysOf(Object.fromEntries(SIMILAR_BAND_FIELDS.map((f) => [f, this.get(f)]))),
    );
    // Settled here, so that a validation that is never saved leaves no rejection unhandled.
    this.$locals.groupLookup = lookup.then(
      (g) => ({ g }),
      (error: unknown) => ({ error }),
    );
  });
  schema.pre('save', async function (this: Document) {
    const pending = this.$locals.groupLookup as
      Promise<{ g: string } | { error: unknown }> | undefined;
    if (!pending) return;
    delete this.$locals.groupLookup;
    const found = await pending;
    if ('error' in found) throw found.error;
    this.set(GROUP_FIELD, found.g);
  });

  const beforeUpdate = async function (this: Query<unknown, unknown>) {
    const update = (this.getUpdate() ?? {}) as Record<string, unknown>;
    const set = (update.$set ?? {}) as Record<string, unknown>;
    const text = 'text' in set ? set.text : update.text;
    if (text === undefined) return;
    const model = this.model as Model<unknown>;
    const current = await model
      .findOne(this.getFilter(), { _id: 1, paperId: 1, createdAt: 1 })
      .lean<GroupSource>();
    if (!current) return;
    await repointGroup(model, String(current._id));
    // similarity()'s hook, registered first, has put the new text's band keys in the update.
    const keys = keysOf((this.getUpdate() as { $set?: Record<string, unknown> }).$set ?? {});
    this.set(GROUP_FIELD, await storedGroupOf(model, { ...current, text }, keys));
  };
  for (const op of ['findOneAndUpdate', 'updateOne'] as const) schema.pre(op, beforeUpdate);

  const beforeDelete = async function (this: Query<unknown, unknown>) {
    const many = (this as { op?: string }).op === 'deleteMany';
    const query = this.model.find(this.getFilter(), { _id: 1 });
    const found = await (many ? query : query.limit(1)).lean<GroupSource[]>();
    pendingDeletes.set(
      this,
      found.map((doc) => String(doc._id)),
    );
  };
  const afterDelete = async function (this: Query<unknown, unknown>) {
    const ids = pendingDeletes.get(this) ?? [];
    pendingDeletes.delete(this);
    const model = this.model as Model<unknown>;
    for (const id of ids) {
      // A question the delete missed keeps its group.
      if (await model.exists({ _id: id })) continue;
      await repointGroup(model, id);
    }
  };
  for (const op of ['deleteOne', 'deleteMany', 'findOneAndDelete'] as const) {
    schema.pre(op, beforeDelete);
    schema.post(op, afterDelete);
  }
}
