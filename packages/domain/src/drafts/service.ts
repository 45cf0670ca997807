// Reading and accepting a paper's drafts (editors and admins). Accepting makes each question
// through createQuestion, so every question rule holds; a claim per draft, inserted first,
// makes each draft accepted once, whatever runs at the same time.
import { Types } from 'mongoose';
import { assertCan } from '../access.js';
import type { MaybeActor } from '../access.js';
import { objectId } from '../common-schemas.js';
import {
  ConflictError,
  isDuplicateKeyError,
  NotFoundError,
  parseInput,
  ValidationError,
} from '../errors.js';
import { fileOfPaper } from '../paper/queries.js';
import { createQuestion, getQuestionById } from '../question/service.js';
import type { Question } from '../question/schema.js';
import { viewerFor } from '../visibility.js';
import { visibleSimilarRefs } from '../similar/refs.js';
import { DraftClaimModel, PaperDraftsModel } from './model.js';
import { acceptDraftsInput } from './schema.js';
import type { AcceptDraftsInput, Draft, PaperDrafts } from './schema.js';

interface StoredDraft {
  index: number;
  number: string;
  text: string;
  marks: number | null;
  type: Draft['type'];
  options?: string[] | null;
  parent?: string | null;
  page?: number | null;
  section?: string | null;
  confidence?: number | null;
  warnings?: string[];
  suggestedModuleId: Types.ObjectId | null;
  suggestedTopicId: Types.ObjectId | null;
  similar: { questionId: Types.ObjectId; similarity: number }[];
}

interface StoredDrafts {
  _id: Types.ObjectId;
  fileId: Types.ObjectId;
  status: PaperDrafts['status'];
  reason: string | null;
  pages: number;
  textLayer: boolean;
  drafts: StoredDraft[];
  suggested?: Partial<PaperDrafts['suggested']> | null;
  warnings?: string[];
  progress?: PaperDrafts['progress'];
  ocrPages?: number[];
}

const claimId = (paperId: Types.ObjectId, fileId: Types.ObjectId, index: number) =>
  `${paperId.toHexString()}:${fileId.toHexString()}:${index}`;

/** A paper's drafts as stored: 404 when the paper does not exist or has no file. */
async function storedDrafts(id: string): Promise<StoredDrafts> {
  const paperId = parseInput(objectId, id, 'id');
  const [paper, drafts] = await Promise.all([
    fileOfPaper(paperId),
    PaperDraftsModel.findById(paperId).lean<StoredDrafts>(),
  ]);
  if (!paper) throw new NotFoundError('Paper not found');
  if (!paper.file || !drafts) throw new NotFoundError('This paper has no file to read drafts from');
  return drafts;
}

/** The questions made from a paper's drafts so far: draft index -> question id. */
async function acceptedOf(drafts: StoredDrafts): Promise<Map<number, string>> {
  const claims = await DraftClaimModel.find(
    { paperId: drafts._id, fileId: drafts.fileId },
    { index: 1, questionId: 1 },
  ).lean();
  return new Map(
    claims.filter((c) => c.questionId).map((c) => [c.index, String(c.questionId)] as const),
  );
}

/** Reads a paper's drafts (editors and admins): pending, ready or failed with the reason. */
export async function getPaperDrafts({
  actor,
  id,
}: {
  actor: MaybeActor;
  id: string;
}): Promise<PaperDrafts> {
  assertCan(actor, 'catalog:write');
  const stored = await storedDrafts(id);
  const [accepted, viewer] = await Promise.all([acceptedOf(stored), viewerFor(actor)]);
  const similar = await visibleSimilarRefs(
    viewer,
    stored.drafts.map((d) => d.similar),
  );
  return {
    paperId: stored._id.toHexString(),
    pages: stored.pages,
    textLayer: stored.textLayer,
    status: stored.status,
    progress:
      stored.status === 'pending' && stored.progress
        ? { pagesRead: stored.progress.pagesRead, pages: stored.progress.pages }
        : null,
    ocrPages: [...(stored.ocrPages ?? [])],
    reason: stored.status === 'failed' ? stored.reason : null,
    drafts: stored.drafts.map((draft, i) => ({
      index: draft.index,
      number: draft.number,
      text: draft.text,
      marks: draft.marks ?? null,
      type: draft.type,
      options: draft.options?.length ? [...draft.options] : null,
      // Drafts read before the fourth release lack these: page 1, sure, no warnings.
      parent: draft.parent ?? null,
      page: draft.page ?? 1,
      section: draft.section ?? null,
      confidence: draft.confidence ?? 1,
      warnings: draft.warnings ?? [],
      suggestedModuleId: draft.suggestedModuleId ? String(draft.suggestedModuleId) : null,
      suggestedTopicId: draft.suggestedTopicId ? String(draft.suggestedTopicId) : null,
      similar: similar[i] ?? [],
      acceptedQuestionId: accepted.get(draft.index) ?? null,
    })),
    suggested: {
      examYear: stored.suggested?.examYear ?? null,
      examType: stored.suggested?.examType ?? null,
      maxMarks: stored.suggested?.maxMarks ?? null,
      durationMinutes: stored.suggested?.durationMinutes ?? null,
    },
    warnings: stored.warnings ?? [],
  };
}

type Entry = AcceptDraftsInput['drafts'][number];

/** The createQuestion input of a draft with the editor's changes. */
function questionInput(paperId: string, draft: StoredDraft, entry: Entry): Record<string, unknown> {
  const type = entry.type ?? draft.type;
  const options = entry.options !== undefined ? entry.options : (draft.options ?? null);
  const marks = entry.marks !== undefined ? entry.marks : draft.marks;
  // Module and topic come together: either the editor's, or the suggestion.
  const chosen = entry.moduleId !== undefined || entry.topicId !== undefined;
  const moduleId = chosen ? (entry.moduleId ?? null) : draft.suggestedModuleId;
  const topicId = chosen ? (entry.topicId ?? null) : draft.suggestedTopicId;
  return {
    paperId,
    text: entry.text ?? draft.text,
    type,
    difficulty: entry.difficulty ?? 'medium',
    ...(marks !== null ? { marks } : {}),
    ...(type === 'mcq' && options ? { options } : {}),
    ...(moduleId ? { moduleId: String(moduleId) } : {}),
    ...(topicId ? { topicId: String(topicId) } : {}),
  };
}

function alreadyAccepted(index: number, path: string): ConflictError {
  return new ConflictError(`Draft ${index} was accepted before`, [
    { path, message: `draft ${index} was accepted before` },
  ]);
}

interface Claim {
  questionId?: Types.ObjectId | null;
  requestId?: string | null;
  plannedQuestionId?: Types.ObjectId | null;
}

/**
 * The drafts an accept request names, checked: known, named once, not accepted before (a claim
 * of the same `requestId`, a rerun's own, is resumed instead), each with its claim if any.
 */
async function checkEntries(
  stored: StoredDrafts,
  entries: readonly Entry[],
  requestId: string | undefined,
) {
  if (stored.status !== 'ready') {
    throw new ConflictError(`The drafts are not ready (${stored.status})`);
  }
  const byIndex = new Map(stored.drafts.map((d) => [d.index, d]));
  const seen = new Set<number>();
  const picked = entries.map((entry, i) => {
    const path = `drafts.${i}.index`;
    const draft = byIndex.get(entry.index);
    if (!draft) {
      throw new ValidationError(`Validation failed: ${path}: no draft has index ${entry.index}`, [
        { path, message: `no draft has index ${entry.index}` },
      ]);
    }
    if (seen.has(entry.index)) {
      throw new ValidationError(`Validation failed: ${path}: draft ${entry.index} is named twice`, [
        { path, message: `draft ${entry.index} is named twice` },
      ]);
    }
    seen.add(entry.index);
    return { entry, draft, path };
  });
  const claims = await Promise.all(
    picked.map(({ entry }) =>
      DraftClaimModel.findById(claimId(stored._id, stored.fileId, entry.index)).lean<Claim>(),
    ),
  );
  return picked.map((item, i) => {
    const claim = claims[i] ?? null;
    const isOwn = claim !== null && requestId !== undefined && claim.requestId === requestId;
    if (claim && !isOwn) throw alreadyAccepted(item.entry.index, item.path);
    return { ...item, claim };
  });
}

/**
 * Makes one question per named draft, in the given order, through createQuestion (editors and
 * admins). A draft accepted before is 409 naming it; an unknown index is 400. A question refused
 * by the question rules stops the request there (400); the drafts accepted before it stay.
 * `requestId` (reserved with an idempotency key) makes a rerun after a fault resume its own
 * claims: each question keeps the id chosen for it the first time, so none is made twice.
 */
export async function acceptDrafts({
  actor,
  id,
  input,
  requestId,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
  requestId?: string;
}): Promise<Question[]> {
  assertCan(actor, 'catalog:write');
  const data = parseInput(acceptDraftsInput, input);
  const stored = await storedDrafts(id);
  const picked = await checkEntries(stored, data.drafts, requestId);
  const made: Question[] = [];
  for (const { entry, draft, path, claim } of picked) {
    const _id = claimId(stored._id, stored.fileId, entry.index);
    if (claim?.questionId) {
      made.push(await getQuestionById({ actor, id: String(claim.questionId) }));
      continue;
    }
    const questionId = claim?.plannedQuestionId ?? new Types.ObjectId();
    if (!claim) await claimDraft(stored, entry.index, path, requestId, questionId);
    const question = await makeQuestion(actor, stored, draft, entry, path, questionId, !claim);
    await DraftClaimModel.updateOne(
      { _id },
      { $set: { questionId: new Types.ObjectId(question.id) } },
    );
    made.push(question);
  }
  return made;
}

/** Claims a draft for this request, with the id its question will get; 409 if it was taken. */
async function claimDraft(
  stored: StoredDrafts,
  index: number,
  path: string,
  requestId: string | undefined,
  questionId: Types.ObjectId,
): Promise<void> {
  try {
    await DraftClaimModel.create({
      _id: claimId(stored._id, stored.fileId, index),
      paperId: stored._id,
      fileId: stored.fileId,
      index,
      requestId: requestId ?? null,
      plannedQuestionId: questionId,
    });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw alreadyAccepted(index, path);
    throw error;
  }
}

/**
 * Makes a draft's question with its planned id. A resumed claim's question may exist already
 * (made before the fault): it is read back. A refusal lets a fresh claim go again.
 */
async function makeQuestion(
  actor: MaybeActor,
  stored: StoredDrafts,
  draft: StoredDraft,
  entry: Entry,
  path: string,
  questionId: Types.ObjectId,
  isFreshClaim: boolean,
): Promise<Question> {
  const id = questionId.toHexString();
  try {
    return await createQuestion({
      actor,
      input: questionInput(stored._id.toHexString(), draft, entry),
      id,
    });
  } catch (error) {
    // A timeout or a cut connection can hide a question that was made: look for it by its id.
    const existing = await getQuestionById({ actor, id }).catch((e: unknown) =>
      e instanceof NotFoundError ? null : undefined,
    );
    if (existing) return existing;
    // Surely nothing made: a fresh claim lets the draft go again. Unsure (the database is away):
    // the claim stays, and a rerun of the same keyed request resumes it.
    if (existing === null && isFreshClaim) {
      await DraftClaimModel.deleteOne({
        _id: claimId(stored._id, stored.fileId, entry.index),
      }).catch(() => undefined);
    }
    if (error instanceof ValidationError) {
      throw new ValidationError(
        `Draft ${entry.index}: ${error.message}`,
        (error.details ?? []).map((d) => ({
          ...d,
          path: `drafts.${path.split('.')[1]}.${d.path}`,
        })),
      );
    }
    throw error;
  }
}

/**
 * The questions a request with this `requestId` made of the named drafts, when it made them all;
 * null otherwise (its rerun resumes). How a replay after a fault answers acceptDrafts.
 */
export async function findAcceptedDrafts({
  actor,
  id,
  input,
  requestId,
}: {
  actor: MaybeActor;
  id: string;
  input: unknown;
  requestId: string;
}): Promise<Question[] | null> {
  const data = parseInput(acceptDraftsInput, input);
  const stored = await storedDrafts(id);
  const claims = await Promise.all(
    data.drafts.map((entry) =>
      DraftClaimModel.findById(claimId(stored._id, stored.fileId, entry.index)).lean<Claim>(),
    ),
  );
  if (!claims.every((c) => c?.requestId === requestId && c.questionId)) return null;
  return Promise.all(claims.map((c) => getQuestionById({ actor, id: String(c!.questionId) })));
}
