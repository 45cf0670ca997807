// The one place that decides what a caller may see.
// 1. Papers, questions and solutions carry a copied flag `visible`: the paper is approved and its
//    university is active. Anonymous and normal callers' reads filter `{visible: true}`, one
//    equality the embedded engine pushes down, sorts, limits and counts in PostgreSQL. The flag is
//    written by the domain on every change that affects it: insert under a parent (copied from the
//    paper or question), setPaperStatus (syncPaperStatus below), and a university's soft delete
//    and restore (content-sweep.ts rewrites the copies after the request answers).
// 2. While a university's copies are being rewritten after a soft delete or restore (its
//    `contentSweep` is set), its content is excluded by id (deactivated) or shown by its status
//    (restored), so the change shows at once, from the moment the request answers. These slower
//    filters last only as long as the rewrite.
// 3. The academic structure (branches ... topics) carries `universityId`: an inactive university
//    hides it from anonymous and normal callers by id.
// Editors and admins see everything. Every list, read, batch read, count, search and coverage
// query takes its filter from here, as do the paper fields a reader may not see and whether a
// soft-deleted university shows.
import { Types } from 'mongoose';
import type { Actor, MaybeActor } from './access.js';
import { can } from './access.js';
import { PaperModel } from './paper/model.js';
import { findAllOf } from './storage/find-command.js';
import { UniversityModel } from './university/model.js';
import { copyToChildren } from './writing/copies.js';

/** The caller as visibility sees it: computed once per request (or per service call). */
export interface CallerView {
  readonly actor: MaybeActor;
  /** Editors and admins: every status, and content under inactive universities. */
  readonly seesAll: boolean;
  /** Inactive universities: their academic structure is hidden (empty when `seesAll`). */
  readonly inactiveUniversityIds: readonly string[];
  /** Inactive universities whose `visible` copies are still being rewritten: excluded by id. */
  readonly deactivatingUniversityIds: readonly string[];
  /** Restored universities whose `visible` copies are still being rewritten: shown by status. */
  readonly reactivatingUniversityIds: readonly string[];
}

/** What a filter is for: papers, their questions and solutions, or the academic structure. */
export type VisibleKind = 'paper' | 'question' | 'solution' | 'academic';

/** The public status: the only one anonymous and normal callers see. */
export const PUBLIC_PAPER_STATUS = 'approved';

/** The value of `visible` for content whose paper has `status`, under an active or inactive university. */
export function isPublic(status: unknown, universityIsActive: boolean): boolean {
  return status === PUBLIC_PAPER_STATUS && universityIsActive;
}

/** True when the caller sees unpublished content and hidden universities: active editors and admins. */
export function seesAll(actor: MaybeActor): boolean {
  return can(actor, 'paper:read-unapproved');
}

const SEES_ALL = {
  seesAll: true,
  inactiveUniversityIds: [],
  deactivatingUniversityIds: [],
  reactivatingUniversityIds: [],
} as const;

/** The viewer of a caller: one small query (inactive universities) for callers who do not see all. */
export async function callerViewFor(actor: MaybeActor): Promise<CallerView> {
  if (seesAll(actor)) return { actor, ...SEES_ALL };
  // `inViewer`: inactive or being rewritten (university/model.ts), one indexed equality.
  // One command (find-command.ts): read on every anonymous request, where mongoose's query
  // building cost more CPU than the read.
  const changed = await findAllOf<{ _id: unknown; isActive: boolean; contentSweep?: unknown }>(
    UniversityModel,
    { inViewer: true },
    { _id: 1, isActive: 1, contentSweep: 1 },
  );
  const ids = (keep: (u: (typeof changed)[number]) => boolean) =>
    changed.filter(keep).map((u) => String(u._id));
  return {
    actor,
    seesAll: false,
    inactiveUniversityIds: ids((u) => !u.isActive),
    deactivatingUniversityIds: ids((u) => !u.isActive && Boolean(u.contentSweep)),
    reactivatingUniversityIds: ids((u) => u.isActive && Boolean(u.contentSweep)),
  };
}

/**
 * The caller of one request: who it is and what it may see. A transport builds one per request
 * (`callerFor`) and passes it as `actor` to every service and batch read of that request, so the
 * view is read at most once. Never shared between requests: a university deactivated meanwhile
 * must hide its content from the next request on.
 */
export interface RequestCaller {
  readonly actor: Actor | null;
  /** The caller's viewer: read on first use, then reused. */
  view(): Promise<CallerView>;
}

/** What the services take as `actor`: the request's caller, or a bare actor (read per call). */
export type Caller = MaybeActor | RequestCaller;

/** A read of one document by its id, for a caller (a 404 where the caller may not see it). */
export interface ReadById {
  actor: Caller;
  id: string;
}

/** The caller of one request, its viewer read at most once. */
export function callerFor(actor: MaybeActor): RequestCaller {
  let viewer: Promise<CallerView> | undefined;
  return { actor: actor ?? null, view: () => (viewer ??= callerViewFor(actor)) };
}

function isRequestCaller(who: Caller): who is RequestCaller {
  return typeof (who as Partial<RequestCaller> | null | undefined)?.view === 'function';
}

/** The caller behind a service's `actor`: the one given, or a fresh one for a bare actor. */
export function asCaller(who: Caller): RequestCaller {
  return isRequestCaller(who) ? who : callerFor(who);
}

// ObjectIds, not strings: the same filter serves find (which casts) and aggregate (which does not).
const objectIds = (ids: readonly string[]) => ids.map((id) => new Types.ObjectId(id));

function excluding(ids: readonly string[]): Record<string, unknown> {
  return ids.length > 0 ? { universityId: { $nin: objectIds(ids) } } : {};
}

/** The field holding the paper's status on documents of a content kind. */
function statusFieldOf(kind: ContentKind): 'status' | 'paperStatus' {
  return kind === 'paper' ? 'status' : 'paperStatus';
}

/**
 * The conditions restricting a collection of `kind` to what the viewer may see (empty: all). The
 * same object serves `find`, `countDocuments` and an aggregation's `$match`.
 */
export function visibleFilter(viewer: CallerView, kind: VisibleKind): Record<string, unknown> {
  if (viewer.seesAll) return {};
  if (kind === 'academic') return excluding(viewer.inactiveUniversityIds);
  const hiding = excluding(viewer.deactivatingUniversityIds);
  if (viewer.reactivatingUniversityIds.length === 0) return { visible: true, ...hiding };
  const restored = {
    universityId: { $in: objectIds(viewer.reactivatingUniversityIds) },
    [statusFieldOf(kind)]: PUBLIC_PAPER_STATUS,
  };
  return { $or: [{ visible: true }, restored], ...hiding };
}

/**
 * Merges a caller's filter with the visibility conditions. Returns null when the two cannot both
 * hold (e.g. `status=pending` from a caller who sees approved papers only): the answer is empty,
 * never the filter silently dropped.
 */
export function restrictFilter(
  viewer: CallerView,
  kind: VisibleKind,
  filter: Record<string, unknown>,
): Record<string, unknown> | null {
  if (viewer.seesAll) return { ...filter };
  const wanted = kind === 'academic' ? undefined : filter[statusFieldOf(kind)];
  if (wanted !== undefined && wanted !== PUBLIC_PAPER_STATUS) return null;
  const universityId = filter.universityId;
  if (universityId !== undefined && viewer.inactiveUniversityIds.includes(String(universityId))) {
    return null;
  }
  const merged = { ...visibleFilter(viewer, kind), ...filter };
  // A caller's own universityId (an equality) already excludes the hidden ones.
  if (universityId !== undefined) merged.universityId = universityId;
  return merged;
}

/**
 * `where` (an equality on a parent or root: `{subjectOfferingId}`) restricted to what the viewer
 * may see; one the viewer may not see under matches nothing. Serves `find` and, with ObjectIds in
 * `where`, an aggregation's `$match`.
 */
export function visibleWhere(
  viewer: CallerView,
  kind: VisibleKind,
  where: Record<string, unknown>,
): Record<string, unknown> {
  return restrictFilter(viewer, kind, where) ?? { _id: { $in: [] } };
}

/** A kind of content: the documents that carry the `visible` copy. */
export type ContentKind = Exclude<VisibleKind, 'academic'>;

/**
 * The content of `kind` that `isPublic` shows, as a filter: approved, under a university not in
 * `inactiveUniversityIds` (a backfill sets `visible: true` on these and false on the rest).
 */
export function publicWhere(
  kind: ContentKind,
  inactiveUniversityIds: readonly unknown[],
): Record<string, unknown> {
  return {
    [statusFieldOf(kind)]: PUBLIC_PAPER_STATUS,
    ...(inactiveUniversityIds.length > 0 ? { universityId: { $nin: inactiveUniversityIds } } : {}),
  };
}

/**
 * The content of `kind` under one university whose `visible` copy disagrees with
 * `isPublic(status, isActive)`, after the university's soft delete (`isActive` false: all that
 * show) or restore (true: the approved ones that are hidden). Setting `visible: isActive` on
 * them brings the copies in step.
 */
export function staleVisibleWhere(
  kind: ContentKind,
  universityId: unknown,
  isActive: boolean,
): Record<string, unknown> {
  return isActive
    ? { universityId, [statusFieldOf(kind)]: PUBLIC_PAPER_STATUS, visible: false }
    : { universityId, visible: true };
}

const NO_FIELDS: ReadonlySet<string> = new Set();
const UNPUBLISHED_PAPER_FIELDS: ReadonlySet<string> = new Set(['statusHistory', 'createdBy']);

/** The paper fields the caller may not read: `statusHistory` and `createdBy` are for those who see all. */
export function paperFieldsHiddenFrom(actor: MaybeActor): ReadonlySet<string> {
  return seesAll(actor) ? NO_FIELDS : UNPUBLISHED_PAPER_FIELDS;
}

/** Whether the caller may read this university: a soft-deleted one only if it sees all. */
export function isUniversityVisible(
  actor: MaybeActor,
  university: { isActive?: unknown },
): boolean {
  return university.isActive === true || seesAll(actor);
}

interface VisibleDoc {
  visible?: unknown;
  status?: unknown;
  paperStatus?: unknown;
  universityId?: unknown;
}

/**
 * True when the viewer may see this (lean) document of `kind`, read with `visible`,
 * `universityId` and its status field (`status` for papers, `paperStatus` otherwise).
 *
 * Read the viewer first, then the document, never both at once: a document read before the
 * viewer may predate a university's rewrite that the viewer, read after it ended, no longer
 * reports (the document still says `visible: true`; content-sweep.test.ts holds the reads apart).
 */
export function isVisible(viewer: CallerView, kind: VisibleKind, doc: VisibleDoc): boolean {
  if (viewer.seesAll) return true;
  const university = String(doc.universityId);
  if (kind === 'academic') return !viewer.inactiveUniversityIds.includes(university);
  if (viewer.deactivatingUniversityIds.includes(university)) return false;
  if (viewer.reactivatingUniversityIds.includes(university)) {
    return doc[statusFieldOf(kind)] === PUBLIC_PAPER_STATUS;
  }
  return doc.visible === true;
}

/**
 * "Read one document if the caller may see it", written once: the caller's view first, then the
 * document (`read`), in that order (see `isVisible`). A missing document, or one of `kind` the
 * caller may not see, is `notFound()`. Answers the document with the request's caller and view.
 */
export async function readVisible<T extends VisibleDoc>(
  who: Caller,
  kind: VisibleKind,
  read: () => PromiseLike<T | null>,
  notFound: () => Error,
): Promise<{ doc: T; caller: RequestCaller; view: CallerView }> {
  const caller = asCaller(who);
  const view = await caller.view();
  const doc = await read();
  if (!doc || !isVisible(view, kind, doc)) throw notFound();
  return { doc, caller, view };
}

/** Whether a university is active now (a missing one is not). */
export async function isUniversityActive(universityId: unknown): Promise<boolean> {
  const university = await UniversityModel.findById(universityId, { isActive: 1 }).lean<{
    isActive?: boolean;
  }>();
  return university?.isActive === true;
}

/**
 * Copies a paper's status and visibility onto its questions and solutions (`paperStatus`,
 * `visible`). Idempotent: documents that already agree are not rewritten.
 */
export async function syncPaperStatus(
  paperId: unknown,
  status: string,
  visible: boolean,
): Promise<void> {
  // The copies and how to find them come from writing/reference-table.ts.
  await copyToChildren(PaperModel, paperId, { status, visible });
}
