// Which subject each subject offering teaches, as the pages' context last read it. A hit's subject
// is read through its paper (a question) or its offering (a topic), a wave after the hit's own
// context; knowing the offering's subject beforehand lets that read join the first wave. It is
// only a guess of which ids to read: the context still takes each subject by the id the paper or
// offering just read names, and reads the ones guessed wrong after them (context.ts), so a stale
// guess costs a wave, never a wrong answer. Per process, bounded, never a visibility decision
// (subjects are the same for every caller).

/** At most this many offerings are remembered; the memory is dropped whole when full. */
export const MAX_REMEMBERED_OFFERINGS = 50_000;

const subjectOf = new Map<string, string>();

/** The subject the offering taught when last seen, or null. */
export function guessedSubjectOf(offeringId: unknown): string | null {
  return offeringId ? (subjectOf.get(String(offeringId)) ?? null) : null;
}

/** Remembers that the offering teaches the subject (as a paper or offering just read says). */
export function rememberSubjectOf(offeringId: unknown, subjectId: unknown): void {
  if (!offeringId || !subjectId) return;
  if (subjectOf.size >= MAX_REMEMBERED_OFFERINGS) subjectOf.clear();
  subjectOf.set(String(offeringId), String(subjectId));
}

/** Forgets every offering (tests: the first page of a process). */
export function forgetOfferingSubjects(): void {
  subjectOf.clear();
}
