// Batch loads for the GraphQL gateway's per-request DataLoaders. Each function runs at most one
// query whatever the number of keys, and returns results aligned with the keys (duplicates and
// malformed ids included: a malformed id simply finds nothing).
import type { Model, SortOrder } from 'mongoose';
import type { Branch } from '../branch/schema.js';
import { BranchModel } from '../branch/model.js';
import { LOAD_BATCH_SIZE } from '../db.js';
import type { Semester } from '../semester/schema.js';
import { SemesterModel } from '../semester/model.js';
import { toDto } from '../serialize.js';
import type { SubjectOffering } from '../subject-offering/schema.js';
import { SubjectOfferingModel } from '../subject-offering/model.js';
import type { Subject } from '../subject/schema.js';
import { SubjectModel } from '../subject/model.js';
import type { Module, Syllabus, Topic } from '../syllabus/schema.js';
import { ModuleModel, SyllabusModel, TopicModel } from '../syllabus/model.js';
import type { University } from '../university/schema.js';
import { UniversityModel } from '../university/model.js';

const OBJECT_ID = /^[a-f0-9]{24}$/i;

/** Distinct well-formed ids, lowercased. */
function validIds(keys: readonly string[]): string[] {
  return [
    ...new Set(
      keys.filter((k) => typeof k === 'string' && OBJECT_ID.test(k)).map((k) => k.toLowerCase()),
    ),
  ];
}

function keyOf(value: unknown): string {
  return String(value).toLowerCase();
}

async function loadOneEach<T>(
  model: Model<any>,
  field: string,
  keys: readonly string[],
): Promise<(T | null)[]> {
  const ids = validIds(keys);
  if (!ids.length) return keys.map(() => null);
  const docs = await model
    .find({ [field]: { $in: ids } })
    .batchSize(LOAD_BATCH_SIZE)
    .lean<Record<string, unknown>[]>();
  const byKey = new Map(docs.map((doc) => [keyOf(doc[field]), toDto<T>(doc)]));
  return keys.map((key) => byKey.get(keyOf(key)) ?? null);
}

async function loadManyEach<T>(
  model: Model<any>,
  field: string,
  keys: readonly string[],
  sort: Record<string, SortOrder>,
): Promise<T[][]> {
  const ids = validIds(keys);
  if (!ids.length) return keys.map(() => []);
  const docs = await model
    .find({ [field]: { $in: ids } })
    .sort({ ...sort, _id: 1 })
    .batchSize(LOAD_BATCH_SIZE)
    .lean<Record<string, unknown>[]>();
  const byKey = new Map<string, T[]>();
  for (const doc of docs) {
    const key = keyOf(doc[field]);
    const list = byKey.get(key) ?? [];
    list.push(toDto<T>(doc));
    byKey.set(key, list);
  }
  // Each position gets its own array, so callers may mutate one without touching another.
  return keys.map((key) => [...(byKey.get(keyOf(key)) ?? [])]);
}

/** Universities by id, soft-deleted ones included (what references them still points at them). */
export function loadUniversitiesByIds(ids: readonly string[]): Promise<(University | null)[]> {
  return loadOneEach<University>(UniversityModel, '_id', ids);
}

/** Branches by id. */
export function loadBranchesByIds(ids: readonly string[]): Promise<(Branch | null)[]> {
  return loadOneEach<Branch>(BranchModel, '_id', ids);
}

/** Semesters by id. */
export function loadSemestersByIds(ids: readonly string[]): Promise<(Semester | null)[]> {
  return loadOneEach<Semester>(SemesterModel, '_id', ids);
}

/** Subjects by id. */
export function loadSubjectsByIds(ids: readonly string[]): Promise<(Subject | null)[]> {
  return loadOneEach<Subject>(SubjectModel, '_id', ids);
}

/** Subject offerings by id. */
export function loadSubjectOfferingsByIds(
  ids: readonly string[],
): Promise<(SubjectOffering | null)[]> {
  return loadOneEach<SubjectOffering>(SubjectOfferingModel, '_id', ids);
}

/** The branches of each university, ordered by name (as GET /branches). */
export function loadBranchesByUniversityIds(universityIds: readonly string[]): Promise<Branch[][]> {
  return loadManyEach<Branch>(BranchModel, 'universityId', universityIds, { name: 1 });
}

/** The semesters of each branch, ordered by number (as GET /semesters). */
export function loadSemestersByBranchIds(branchIds: readonly string[]): Promise<Semester[][]> {
  return loadManyEach<Semester>(SemesterModel, 'branchId', branchIds, { number: 1 });
}

/** The syllabus (without modules) of each subject offering, or null when it has none. */
export function loadSyllabiBySubjectOfferingIds(
  subjectOfferingIds: readonly string[],
): Promise<(Syllabus | null)[]> {
  return loadOneEach<Syllabus>(SyllabusModel, 'subjectOfferingId', subjectOfferingIds);
}

/** The modules (without topics) of each syllabus, ordered by order, then creation. */
export function loadModulesBySyllabusIds(syllabusIds: readonly string[]): Promise<Module[][]> {
  return loadManyEach<Module>(ModuleModel, 'syllabusId', syllabusIds, { order: 1, createdAt: 1 });
}

/** The topics of each module, ordered by order, then creation. */
export function loadTopicsByModuleIds(moduleIds: readonly string[]): Promise<Topic[][]> {
  return loadManyEach<Topic>(TopicModel, 'moduleId', moduleIds, { order: 1, createdAt: 1 });
}
