// Every child -> parent reference of the catalog in one table, holding the model objects
// themselves (find-references sees every use). references.ts derives from it "the parent must
// exist", "insert under a parent that may vanish" and "delete unless referenced". It imports the
// models only (leaves), never a service.

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
}

const restrict = (
  child: AnyModel,
  field: string,
  parent: AnyModel,
  path: string,
  noun: string,
): Reference => ({ child, field, parent, onDelete: 'restrict', path, noun });

const offering = 'subject offering';

/** The catalog's references. Order matters only for the order of names in a 409 message. */
export const REFERENCES: readonly Reference[] = [
  restrict(BranchModel, 'universityId', UniversityModel, 'branches', 'branch'),
  restrict(SemesterModel, 'branchId', BranchModel, 'semesters', 'semester'),
  restrict(SubjectOfferingModel, 'branchId', BranchModel, 'subjectOfferings', offering),
  restrict(SubjectOfferingModel, 'semesterId', SemesterModel, 'subjectOfferings', offering),
  restrict(SubjectOfferingModel, 'subjectId', SubjectModel, 'subjectOfferings', offering),
  restrict(SubjectOfferingModel, 'universityId', UniversityModel, 'subjectOfferings', offering),
  restrict(SyllabusModel, 'subjectOfferingId', SubjectOfferingModel, 'syllabus', 'syllabus'),
  restrict(PaperModel, 'subjectOfferingId', SubjectOfferingModel, 'papers', 'paper'),
  restrict(ModuleModel, 'syllabusId', SyllabusModel, 'modules', 'module'),
  restrict(TopicModel, 'moduleId', ModuleModel, 'topics', 'topic'),
  restrict(QuestionModel, 'paperId', PaperModel, 'questions', 'question'),
  restrict(QuestionModel, 'moduleId', ModuleModel, 'questions', 'question'),
  restrict(QuestionModel, 'topicId', TopicModel, 'questions', 'question'),
  restrict(SolutionModel, 'questionId', QuestionModel, 'solutions', 'solution'),
  {
    child: VoteModel,
    field: 'solutionId',
    parent: SolutionModel,
    onDelete: 'cascade',
    path: 'votes',
    noun: 'vote',
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

/** The label of a model in messages: `SubjectOffering` -> `subject offering`. */
export function nounOf(model: AnyModel): string {
  return model.modelName.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
