// How search reads each searchable kind: its model, who may see it, the filters it takes, and the
// fields each path reads of its documents (service.ts).
import { PaperModel } from '../paper/model.js';
import { QuestionModel } from '../question/model.js';
import type { AnyModel } from '../storage/model-helpers.js';
import { SubjectModel } from '../subject/model.js';
import { TopicModel } from '../syllabus/model.js';
import { restrictFilter } from '../visibility.js';
import type { CallerView, VisibleKind } from '../visibility.js';
import { GROUP_FIELD } from './group-key.js';
import { searchableFieldsOf } from './indexing.js';
import type { SearchableFields } from './indexing.js';
import type { SearchType } from './schema.js';

export interface KindSpec {
  model: AnyModel;
  visibility: VisibleKind;
  /** The filters this kind has (subjects none; topics no exam year): any other excludes it. */
  filterable: readonly (keyof Filters)[];
  /** Fields read besides the searched ones. */
  extra: readonly string[];
  /**
   * What the page's context reads besides the searched fields (context.ts): all the engine path
   * reads of the page's documents, by id, since the engine has ranked, grouped and filtered them.
   */
  context: readonly string[];
}

export const KINDS: Record<SearchType, KindSpec> = {
  question: {
    model: QuestionModel,
    visibility: 'question',
    filterable: ['universityId', 'subjectOfferingId', 'examYear'],
    // Context and grouping read the paper, topic, marks and group key of every hit.
    extra: [
      'universityId',
      'visible',
      'paperStatus',
      'examYear',
      'paperId',
      'subjectOfferingId',
      'topicId',
      'marks',
      GROUP_FIELD,
    ],
    // moduleId: its topic's module, copied on the question, is read beside the topic.
    context: ['paperId', 'topicId', 'moduleId', 'universityId', 'subjectOfferingId', 'marks'],
  },
  paper: {
    model: PaperModel,
    visibility: 'paper',
    filterable: ['universityId', 'subjectOfferingId', 'examYear'],
    extra: [
      'universityId',
      'visible',
      'status',
      'examYear',
      'examType',
      'subjectId',
      'subjectOfferingId',
    ],
    // A paper hit is its own paper in the context.
    context: ['universityId', 'examYear', 'examType', 'subjectId', 'subjectOfferingId'],
  },
  subject: {
    model: SubjectModel,
    visibility: 'academic',
    filterable: [],
    extra: [],
    context: [],
  },
  topic: {
    model: TopicModel,
    visibility: 'academic',
    filterable: ['universityId', 'subjectOfferingId'],
    extra: ['universityId', 'moduleId', 'subjectOfferingId'],
    context: ['universityId', 'moduleId', 'subjectOfferingId'],
  },
};

export function searchedFields(spec: KindSpec): SearchableFields {
  const fields = searchableFieldsOf(spec.model.schema);
  if (!fields) throw new Error(`${spec.model.modelName} is not searchable`);
  return fields;
}

export type Filters = { universityId?: string; subjectOfferingId?: string; examYear?: number };

/** The equality filter of one kind for this viewer and these filters, or null when none can match. */
export function filterFor(
  spec: KindSpec,
  viewer: CallerView,
  filters: Filters,
): Record<string, unknown> | null {
  const wanted = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
  if (Object.keys(wanted).some((f) => !spec.filterable.includes(f as keyof Filters))) return null;
  // Subjects belong to no university: every viewer sees them all.
  if (spec.filterable.length === 0) return {};
  return restrictFilter(viewer, spec.visibility, wanted);
}

/** What search reads of a document of one kind: its searched fields and what ranking, grouping and context read. */
export function projectionOf(spec: KindSpec, fields: SearchableFields): Record<string, 1> {
  const read = ['slug', 'createdAt', ...fields.title, ...fields.body, ...spec.extra];
  return Object.fromEntries(read.map((f) => [f, 1 as const]));
}

/**
 * What the engine path reads of a page's document: what the page shows (slug, the searched
 * fields, for its title, snippet and a corrected word) and its context. Each field costs the
 * engine per row.
 */
export function pageProjectionOf(spec: KindSpec, fields: SearchableFields): Record<string, 1> {
  const read = ['slug', ...fields.title, ...fields.body, ...spec.context];
  return Object.fromEntries(read.map((f) => [f, 1 as const]));
}
