// Every child -> parent reference of the catalog in one table, holding the model objects
// themselves (find-references sees every use), with the fields each child copies from its parent.
// Everything that depends on references is derived from it: "the parent must exist", "insert
// under a parent that may vanish" and "delete unless referenced" (references.ts); the values a
// child inherits on insert (inheritedFrom), copy-down when a parent changes and the move guards
// (copies.ts); the backfill of copies older documents lack (storage/migrations.ts). It imports
// the models only (leaves), never a service.

import { BranchModel } from '../branch/model.js';
import { PaperModel } from '../paper/model.js';
import { QuestionModel } from '../question/model.js';
import { SemesterModel } from '../semester/model.js';
import { SolutionModel, VoteModel } from '../solution/model.js';
import { SubjectModel } from '../subject/model.js';
import { SubjectOfferingModel } from '../subject-offering/model.js';
import { ModuleModel, SyllabusModel, TopicModel } from '../syllabus/model.js';
import { UniversityModel } from '../university/model.js';
import type { AnyModel } from '../storage/model-helpers.js';

/** The names the catalog's models are registered under. */
export type ModelName =
  | 'University'
  | 'Branch'
  | 'Semester'
  | 'Subject'
  | 'SubjectOffering'
  | 'Syllabus'
  | 'Module'
  | 'Topic'
  | 'Paper'
  | 'Question'
  | 'Solution'
  | 'Vote'
  | 'User';

/**
 * How a child computes one copied field from its parent: the parent's field of that name, or a
 * flag (`true` only when the parent's field is `true`; a parent written before it has none).
 */
export type Copy = string | { flag: string };

/** One reference: documents of `child` point at a `parent` through `field`. */
export interface Reference {
  child: AnyModel;
  field: string;
  parent: AnyModel;
  /** What deleting the parent does while children exist: refuse (409) or delete them with it. */
  onDelete: 'restrict' | 'cascade';
  /** Plural field name for the 409's details, e.g. `semesters`. */
  path: string;
  /** Singular noun for messages, e.g. `semester`. */
  noun: string;
  /** The fields the child copies from this parent: child field -> how it is computed. */
  copies: Readonly<Record<string, Copy>>;
}

const restrict = (
  child: AnyModel,
  field: string,
  parent: AnyModel,
  path: string,
  noun: string,
  copies: Readonly<Record<string, Copy>> = {},
): Reference => ({ child, field, parent, onDelete: 'restrict', path, noun, copies });

const offering = 'subject offering';

/**
 * The catalog's references. Order matters for the order of names in a 409 message, and the rows
 * that copy fields come parents first (a parent's copies are complete before its children copy
 * from it: the backfill runs them in this order).
 */
export const REFERENCES: readonly Reference[] = [
  restrict(BranchModel, 'universityId', UniversityModel, 'branches', 'branch'),
  restrict(SemesterModel, 'branchId', BranchModel, 'semesters', 'semester', {
    universityId: 'universityId',
  }),
  restrict(SubjectOfferingModel, 'branchId', BranchModel, 'subjectOfferings', offering),
  restrict(SubjectOfferingModel, 'semesterId', SemesterModel, 'subjectOfferings', offering),
  restrict(SubjectOfferingModel, 'subjectId', SubjectModel, 'subjectOfferings', offering),
  restrict(SubjectOfferingModel, 'universityId', UniversityModel, 'subjectOfferings', offering),
  restrict(SyllabusModel, 'subjectOfferingId', SubjectOfferingModel, 'syllabus', 'syllabus', {
    universityId: 'universityId',
  }),
  restrict(PaperModel, 'subjectOfferingId', SubjectOfferingModel, 'papers', 'paper', {
    universityId: 'universityId',
    branchId: 'branchId',
    semesterId: 'semesterId',
    subjectId: 'subjectId',
  }),
  restrict(ModuleModel, 'syllabusId', SyllabusModel, 'modules', 'module', {
    subjectOfferingId: 'subjectOfferingId',
    universityId: 'universityId',
  }),
  restrict(TopicModel, 'moduleId', ModuleModel, 'topics', 'topic', {
    syllabusId: 'syllabusId',
    subjectOfferingId: 'subjectOfferingId',
    universityId: 'universityId',
  }),
  restrict(QuestionModel, 'paperId', PaperModel, 'questions', 'question', {
    subjectOfferingId: 'subjectOfferingId',
    universityId: 'universityId',
    paperStatus: 'status',
    visible: { flag: 'visible' },
    examYear: 'examYear',
  }),
  restrict(QuestionModel, 'moduleId', ModuleModel, 'questions', 'question'),
  restrict(QuestionModel, 'topicId', TopicModel, 'questions', 'question'),
  restrict(SolutionModel, 'questionId', QuestionModel, 'solutions', 'solution', {
    paperId: 'paperId',
    subjectOfferingId: 'subjectOfferingId',
    universityId: 'universityId',
    paperStatus: 'paperStatus',
    visible: { flag: 'visible' },
  }),
  {
    child: VoteModel,
    field: 'solutionId',
    parent: SolutionModel,
    onDelete: 'cascade',
    path: 'votes',
    noun: 'vote',
    copies: { questionId: 'questionId', subjectOfferingId: 'subjectOfferingId' },
  },
];

/** The row of `child`'s reference through `field` (a programming error when there is none). */
export function referenceOf(child: AnyModel, field: string): Reference {
  const found = REFERENCES.find((r) => r.child === child && r.field === field);
  if (!found) throw new Error(`No reference ${child.modelName}.${field} in the table`);
  return found;
}

/** The references that point at `parent`: what deleting one of its documents must consider. */
export function dependentsOf(parent: AnyModel): Reference[] {
  return REFERENCES.filter((r) => r.parent === parent);
}

/** The parent's field a copy reads. */
export function sourceOf(copy: Copy): string {
  return typeof copy === 'string' ? copy : copy.flag;
}

/** The value a copy takes from its parent. */
export function copiedValue(copy: Copy, parent: Record<string, unknown>): unknown {
  return typeof copy === 'string' ? parent[copy] : parent[copy.flag] === true;
}

/** The fields `child` copies through `field`, computed from its parent (for inserts). */
export function inheritedFrom(
  child: AnyModel,
  field: string,
  parent: object,
): Record<string, unknown> {
  const { copies } = referenceOf(child, field);
  const values = parent as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(copies).map(([to, copy]) => [to, copiedValue(copy, values)]),
  );
}

/** A projection of the parent's fields `child` copies through `field` (plus `extra`). */
export function copiedProjection(
  child: AnyModel,
  field: string,
  extra: readonly string[] = [],
): Record<string, 1> {
  const sources = Object.values(referenceOf(child, field).copies).map(sourceOf);
  return Object.fromEntries([...sources, ...extra].map((f) => [f, 1 as const]));
}

/** The label of a model in messages: `SubjectOffering` -> `subject offering`. */
export function nounOf(model: AnyModel): string {
  return model.modelName.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
