// Surrogate keys: the names a shared cache files an answer under, so that a write can drop the
// answers it changed and nothing else. The rule lives here, once, for both sides:
// - an answer carries the id of every record in it and the ids that record references
//   (`paperId`, `universityId`, ...), plus `list:<Kind>` for a list (and `list:Search`);
// - a write carries the id of the record it wrote, the ids it references (but `universityId`:
//   see changeKeys), and the list keys of its kind and of every kind below it, whose
//   visibility and copied fields flow down from it (writing/reference-table.ts).
// This module imports nothing of the models: storage/model-helpers.ts loads it before any model.

/** The catalog's models whose writes change public answers, and what each one's children are. */
const CHILDREN: Readonly<Record<string, readonly string[]>> = {
  University: ['Branch', 'SubjectOffering'],
  Branch: ['Semester', 'SubjectOffering'],
  Semester: ['SubjectOffering'],
  Subject: ['SubjectOffering'],
  SubjectOffering: ['Syllabus', 'Paper'],
  Syllabus: ['Module'],
  Module: ['Topic', 'Question'],
  Topic: ['Question'],
  Paper: ['Question'],
  Question: ['Solution'],
  Solution: ['Vote'],
  Vote: [],
};

/** Kinds whose records search finds or counts (questions, papers, subjects, topics, by university). */
const SEARCHED = new Set([
  'University',
  'Subject',
  'SubjectOffering',
  'Syllabus',
  'Module',
  'Topic',
  'Paper',
  'Question',
]);

// Search hits and suggestions change with the same writes: both are filed under `Search`.
const SEARCH_LISTS = new Set(['SearchHit', 'SearchSuggestion']);

/** What a list of this kind is filed under; search hits and suggestions are one kind, `Search`. */
export function listKey(kind: string): string {
  return `list:${SEARCH_LISTS.has(kind) ? 'Search' : kind}`;
}

/** Whether writes to this model change public answers (users, drafts and the like do not). */
export function isCatalogModel(modelName: string): boolean {
  return modelName in CHILDREN;
}

/** The kind and every kind below it. */
function withDescendants(kind: string, into = new Set<string>()): Set<string> {
  if (into.has(kind)) return into;
  into.add(kind);
  for (const child of CHILDREN[kind] ?? []) withDescendants(child, into);
  return into;
}

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** An id as text when it looks like one (a 24-hex string, or an ObjectId), else undefined. */
function idText(value: unknown): string | undefined {
  if (typeof value === 'string') return OBJECT_ID.test(value) ? value : undefined;
  if (value && typeof value === 'object' && typeof value.toString === 'function') {
    const text = String(value);
    return OBJECT_ID.test(text) ? text : undefined;
  }
  return undefined;
}

function isReferenceField(field: string): boolean {
  return field === 'id' || field === '_id' || field.endsWith('Id');
}

/**
 * The keys of one record (a DTO or a stored document): its id and the ids it references.
 * `except` leaves reference fields out (a write's `universityId`).
 */
export function recordKeys(
  record: object,
  into: Set<string> = new Set(),
  except?: ReadonlySet<string>,
): Set<string> {
  // Keys, then only the reference fields' values: Object.entries made a pair per field, and
  // every answer of every anonymous GET passes here (a search page has ~150 records).
  for (const field of Object.keys(record)) {
    if (!isReferenceField(field) || except?.has(field)) continue;
    const id = idText((record as Record<string, unknown>)[field]);
    if (id) into.add(id);
  }
  return into;
}

/**
 * The surrogate keys of an answer: every record in it (any object with an `id`, at any depth)
 * and what it references, plus the list key of `listOf` when the answer is a list of that kind.
 */
export function answerKeys(answer: unknown, listOf?: string): string[] {
  const keys = new Set<string>();
  if (listOf) keys.add(listKey(listOf));
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    if ('id' in value) recordKeys(value, keys);
    const record = value as Record<string, unknown>;
    for (const field of Object.keys(record)) {
      const child = record[field];
      if (child && typeof child === 'object') visit(child);
    }
  };
  visit(answer);
  return [...keys];
}

// Every record under a university copies its id: a vote would otherwise drop every answer of the
// university. The university's own writes (deactivation included) drop it by its id.
const NOT_PURGED_BY_CHILDREN: ReadonlySet<string> = new Set(['universityId', 'userId']);

/**
 * The keys a write to `modelName` drops: the ids of the records written (before and after, as
 * known) and of their parents, and the lists of its kind and the kinds below it; search too for
 * searched kinds.
 */
export function changeKeys(modelName: string, records: readonly object[]): string[] {
  const keys = new Set<string>();
  for (const record of records) recordKeys(record, keys, NOT_PURGED_BY_CHILDREN);
  for (const kind of withDescendants(modelName)) {
    if (kind !== 'Vote') keys.add(listKey(kind));
  }
  if (modelName === 'Vote') keys.add(listKey('Solution'));
  if ([...withDescendants(modelName)].some((kind) => SEARCHED.has(kind))) keys.add('list:Search');
  return [...keys];
}
