// A university's soft delete or restore rewrites the `visible` copies of everything under it
// (papers, then questions, then solutions) after the request has answered. Until the rewrite is
// done the university carries `contentSweep` (a fresh id per toggle), and visibility.ts excludes
// the content of an inactive university that has one, so nothing under it shows from the moment
// the DELETE answers. A restore shows the content as the rewrite reaches it: meanwhile a total
// may count fewer items, never a hidden one. A rewrite that a crash interrupted resumes at the
// next start (resumeContentSweeps, from prepareDatabase's caller).
import { Types } from 'mongoose';
import { setPapersVisible } from '../paper/queries.js';
import { setQuestionsVisible } from '../question/queries.js';
import { setSolutionsVisible } from '../solution/queries.js';
import { staleVisibleWhere } from '../visibility.js';
import type { ContentKind } from '../visibility.js';
import { UniversityModel } from './model.js';

/** The content collections in rewrite order: a child inserted meanwhile re-reads its parent. */
const CONTENT: readonly {
  setVisible: (filter: Record<string, unknown>, visible: boolean) => Promise<unknown>;
  kind: ContentKind;
}[] = [
  { setVisible: setPapersVisible, kind: 'paper' },
  { setVisible: setQuestionsVisible, kind: 'question' },
  { setVisible: setSolutionsVisible, kind: 'solution' },
];

const running = new Map<string, Promise<void>>();
const writing = new Map<string, Promise<unknown>>();

/**
 * Runs `write` after every earlier write of the same university in this process has finished.
 * The embedded engine updates a document by reading and rewriting it whole, so a sweep's closing
 * write racing a restore could put back the state the restore replaced; every write of a
 * university document goes through here (the service's and the sweep's). Other instances are
 * not covered: see docs/decisions/0005.
 */
export function writingUniversity<T>(universityId: string, write: () => Promise<T>): Promise<T> {
  const key = String(universityId);
  const done = (writing.get(key) ?? Promise.resolve()).then(write, write);
  const settled = done.catch(() => undefined);
  writing.set(key, settled);
  void settled.then(() => {
    if (writing.get(key) === settled) writing.delete(key);
  });
  return done;
}

/** What a soft delete or restore sets beside its new state: a fresh rewrite marker. */
export function pendingSweep(): { contentSweep: Types.ObjectId; inViewer: true } {
  return { contentSweep: new Types.ObjectId(), inViewer: true };
}

/** Rewrites the copies of every content document of a university to what its state says now. */
async function rewrite(universityId: Types.ObjectId | string, isActive: boolean): Promise<void> {
  for (const { setVisible, kind } of CONTENT) {
    await setVisible(staleVisibleWhere(kind, universityId, isActive), isActive);
  }
}

/**
 * Runs a university's pending rewrite until none is pending: each pass rewrites to the state read
 * at its start, then clears `contentSweep` only if no newer toggle replaced it.
 */
async function sweep(universityId: string): Promise<void> {
  for (;;) {
    const university = await UniversityModel.findById(universityId, {
      isActive: 1,
      contentSweep: 1,
    }).lean();
    if (!university?.contentSweep) return;
    await rewrite(university._id, university.isActive);
    await writingUniversity(universityId, () =>
      UniversityModel.updateOne(
        { _id: university._id, contentSweep: university.contentSweep },
        { $set: { contentSweep: null, inViewer: !university.isActive } },
        { timestamps: false },
      ),
    );
  }
}

/**
 * Starts the rewrite of a university's content in the background (one per university in this
 * process) and returns its promise. A failure leaves `contentSweep` set: visibility keeps
 * excluding the content, and the next start resumes the rewrite.
 */
export function startContentSweep(universityId: string): Promise<void> {
  const current = running.get(universityId);
  if (current) return current.then(() => startContentSweep(universityId));
  const work = sweep(universityId)
    .catch(() => undefined)
    .finally(() => running.delete(universityId));
  running.set(universityId, work);
  return work;
}

/** Resumes every rewrite left pending (by a crash or a stop mid-way); resolves when all are done. */
export async function resumeContentSweeps(): Promise<number> {
  // A university made inactive, or left with a marker, before `inViewer` existed gets the flag.
  await UniversityModel.updateMany(
    { $or: [{ isActive: false }, { contentSweep: { $ne: null } }], inViewer: { $ne: true } },
    { $set: { inViewer: true } },
    { timestamps: false },
  );
  const pending = await UniversityModel.find({ contentSweep: { $ne: null } }, { _id: 1 }).lean();
  await Promise.all(pending.map((u) => startContentSweep(String(u._id))));
  return pending.length;
}

/** Resolves when every rewrite started in this process has finished (tests, shutdown). */
export async function contentSweepsSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running.values()]);
}
