// The one place that decides what a caller may see. Two rules:
// 1. Anonymous and normal callers see approved papers only, and the questions and solutions of
//    approved papers only (each question and solution carries its paper's status as
//    `paperStatus`, kept equal to it by setPaperStatus, so the rule is an equality filter).
// 2. An inactive (soft-deleted) university hides everything under it from them (every document
//    below a university carries `universityId`; nothing is rewritten when a university is
//    deactivated or restored, the filter excludes its id).
// Editors and admins see everything. Every list, read, loader, count, search and coverage query
// takes its filter from here, as an equality on a top-level field that the database answers
// from an index (FerretDB pushes it down to PostgreSQL; the exclusion of inactive universities,
// when there are any, is applied to the few documents the equality returns).
import type { MaybeActor } from './access.js';
import { can } from './access.js';
import { mongoose } from './db.js';

/** The caller as visibility sees it: computed once per request (or per service call). */
export interface Viewer {
  readonly actor: MaybeActor;
  /** Editors and admins: every status, and content under inactive universities. */
  readonly seesAll: boolean;
  /** Universities whose content this viewer may not see (empty when `seesAll`). */
  readonly hiddenUniversityIds: readonly string[];
}

/** What a filter is for: papers, their questions and solutions, or the academic structure. */
export type VisibleKind = 'paper' | 'question' | 'solution' | 'academic';

/** The public status: the only one anonymous and normal callers see. */
export const PUBLIC_PAPER_STATUS = 'approved';

/** True when the caller sees unpublished content and hidden universities: active editors and admins. */
export function seesAll(actor: MaybeActor): boolean {
  return can(actor, 'paper:read-unapproved');
}

/**
 * The viewer of a caller: one small query (inactive universities) for callers who do not see all.
 * `shared`: the viewer this request already reads for the same caller (`sharedViewer`), so a
 * request that calls a service and loaders alike (a GraphQL tree) reads it once.
 */
export async function viewerFor(actor: MaybeActor, shared?: SharedViewer): Promise<Viewer> {
  if (shared) {
    if ((shared.actor ?? null) !== (actor ?? null))
      throw new Error('viewerFor: the shared viewer belongs to another caller');
    return shared.read();
  }
  if (seesAll(actor)) return { actor, seesAll: true, hiddenUniversityIds: [] };
  const inactive = await mongoose
    .model('University')
    .find({ isActive: false }, { _id: 1 })
    .lean<{ _id: unknown }[]>();
  return { actor, seesAll: false, hiddenUniversityIds: inactive.map((u) => String(u._id)) };
}

/** One caller's viewer for the length of one request: read on first use, then reused. */
export interface SharedViewer {
  readonly actor: MaybeActor;
  read(): Promise<Viewer>;
}

/**
 * A viewer read at most once, for one request of one caller (never shared between requests: a
 * university deactivated meanwhile must hide its content from the next request on).
 */
export function sharedViewer(actor: MaybeActor): SharedViewer {
  let viewer: Promise<Viewer> | undefined;
  return { actor, read: () => (viewer ??= viewerFor(actor)) };
}

/** The conditions restricting a collection of `kind` to what the viewer may see (empty: all). */
export function visibleFilter(viewer: Viewer, kind: VisibleKind): Record<string, unknown> {
  if (viewer.seesAll) return {};
  const filter: Record<string, unknown> = {};
  if (kind === 'paper') filter.status = PUBLIC_PAPER_STATUS;
  if (kind === 'question' || kind === 'solution') filter.paperStatus = PUBLIC_PAPER_STATUS;
  if (viewer.hiddenUniversityIds.length > 0) {
    filter.universityId = { $nin: viewer.hiddenUniversityIds };
  }
  return filter;
}

/**
 * Merges a caller's filter with the visibility conditions. Returns null when the two cannot both
 * hold (e.g. `status=pending` from a caller who sees approved papers only): the answer is empty,
 * never the filter silently dropped.
 */
export function restrictFilter(
  viewer: Viewer,
  kind: VisibleKind,
  filter: Record<string, unknown>,
): Record<string, unknown> | null {
  const visible = visibleFilter(viewer, kind);
  for (const field of ['status', 'paperStatus'] as const) {
    const wanted = filter[field];
    if (visible[field] !== undefined && wanted !== undefined && wanted !== visible[field]) {
      return null;
    }
  }
  const universityId = filter.universityId;
  if (universityId !== undefined && viewer.hiddenUniversityIds.includes(String(universityId))) {
    return null;
  }
  const merged = { ...visible, ...filter };
  // A caller's own universityId (an equality) already excludes the hidden ones.
  if (universityId !== undefined) merged.universityId = universityId;
  return merged;
}

interface VisibleDoc {
  status?: unknown;
  paperStatus?: unknown;
  universityId?: unknown;
}

/** True when the viewer may see this (lean) document of `kind`. */
export function isVisible(viewer: Viewer, kind: VisibleKind, doc: VisibleDoc): boolean {
  if (viewer.seesAll) return true;
  if (kind === 'paper' && doc.status !== PUBLIC_PAPER_STATUS) return false;
  if ((kind === 'question' || kind === 'solution') && doc.paperStatus !== PUBLIC_PAPER_STATUS) {
    return false;
  }
  const hidden = viewer.hiddenUniversityIds;
  return hidden.length === 0 || !hidden.includes(String(doc.universityId));
}

/**
 * Copies a paper's status onto its questions and solutions (`paperStatus`), the field public
 * reads filter on. Idempotent: documents that already agree are not rewritten.
 */
export async function syncPaperStatus(paperId: unknown, status: string): Promise<void> {
  const filter = { paperId, paperStatus: { $ne: status } };
  const update = { $set: { paperStatus: status } };
  await mongoose.model('Question').updateMany(filter, update);
  await mongoose.model('Solution').updateMany(filter, update);
}
