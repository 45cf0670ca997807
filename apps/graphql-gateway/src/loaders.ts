import {
  readBranchesByIds,
  readBranchesByUniversityIds,
  readModulesBySyllabusIds,
  readPaperCountsByIds,
  readPapersBySubjectOfferingIds,
  readQuestionsBySubjectOfferingIds,
  readSemestersByBranchIds,
  readSemestersByIds,
  readSolutionsBySubjectOfferingIds,
  readSubjectOfferingsByIds,
  readSubjectsByIds,
  readSyllabiBySubjectOfferingIds,
  readTopicsBySyllabusIds,
  readUniversitiesByIds,
} from '@qpc/domain';
import type {
  Branch,
  RequestCaller,
  Module,
  PaperCounts,
  PaperRecord,
  QuestionsByParent,
  Semester,
  Solution,
  SortKey,
  Subject,
  SubjectOffering,
  Syllabus,
  Topic,
  University,
} from '@qpc/domain';
import DataLoader from 'dataloader';

/** Children by their parent's id: a parent's share is one map lookup, never a scan. */
export type ByParent<T> = ReadonlyMap<string, readonly T[]>;

/**
 * One DataLoader per nested level, each on one of the domain's batch reads. Children are read by
 * the root they hang from (a syllabus's topics, an offering's questions and solutions), one
 * indexed query per root, and come back grouped by parent: a resolver looks its parent up in
 * the root's groups (`childrenOf`), so a tree costs the same number of queries whatever its size.
 */
export interface Loaders {
  universityById: DataLoader<string, University | null>;
  branchById: DataLoader<string, Branch | null>;
  semesterById: DataLoader<string, Semester | null>;
  subjectById: DataLoader<string, Subject | null>;
  subjectOfferingById: DataLoader<string, SubjectOffering | null>;
  branchesByUniversityId: DataLoader<string, readonly Branch[]>;
  semestersByBranchId: DataLoader<string, readonly Semester[]>;
  syllabusBySubjectOfferingId: DataLoader<string, Syllabus | null>;
  modulesBySyllabusId: DataLoader<string, readonly Module[]>;
  /** A syllabus's topics, by module id. */
  topicsBySyllabusId: DataLoader<string, ByParent<Topic>>;
  papersBySubjectOfferingId: DataLoader<string, readonly PaperRecord[]>;
  /** A paper's `questionCount` and (editors and admins) `draftsWaiting`, by paper id. */
  paperCountsById: DataLoader<string, PaperCounts>;
  /** An offering's questions, by paper, module and topic id (newest first). */
  questionsBySubjectOfferingId: DataLoader<string, QuestionsByParent>;
  /** An offering's questions in a caller's order (`Paper.questions(sort:)`): one loader per order. */
  questionsInOrder: (sort?: readonly SortKey[]) => DataLoader<string, QuestionsByParent>;
  /** An offering's solutions, by question id. */
  solutionsBySubjectOfferingId: DataLoader<string, ByParent<Solution>>;
}

/** A parent's children among its root's groups (none when it has none). */
export function childrenOf<T>(groups: ByParent<T>, parentId: string): readonly T[] {
  return groups.get(parentId) ?? [];
}

const NO_GROUPS: ByParent<never> = new Map();
const NO_QUESTIONS: QuestionsByParent = {
  byPaper: NO_GROUPS,
  byModule: NO_GROUPS,
  byTopic: NO_GROUPS,
};

/** A DataLoader on a batch read answering a Map: each key gets its entry, or `missing`. */
function loader<V>(
  read: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>,
  missing: V,
): DataLoader<string, V> {
  return new DataLoader<string, V>(async (keys) => {
    const found = await read(keys);
    return keys.map((key) => found.get(key) ?? missing);
  });
}

/**
 * Builds the loaders of one request. They are created per request because their caches hold
 * what this caller may see (papers, questions and solutions depend on the caller's role, and
 * `myVote` on who asks): a cache shared between requests would leak one caller's view to another.
 * The caller is the request's one (its view read once, shared with the services).
 */
export function createLoaders(caller: RequestCaller): Loaders {
  const forCaller =
    <V>(read: (c: RequestCaller, keys: readonly string[]) => Promise<ReadonlyMap<string, V>>) =>
    (keys: readonly string[]) =>
      read(caller, keys);
  const questionsBySubjectOfferingId = loader(
    forCaller(readQuestionsBySubjectOfferingIds),
    NO_QUESTIONS,
  );
  const questionsInOrders = new Map<string, DataLoader<string, QuestionsByParent>>();
  const questionsInOrder = (sort?: readonly SortKey[]) => {
    if (!sort) return questionsBySubjectOfferingId;
    const key = JSON.stringify(sort);
    let inOrder = questionsInOrders.get(key);
    if (!inOrder) {
      inOrder = loader(
        (keys) => readQuestionsBySubjectOfferingIds(caller, keys, sort),
        NO_QUESTIONS,
      );
      questionsInOrders.set(key, inOrder);
    }
    return inOrder;
  };
  return {
    universityById: loader<University | null>(readUniversitiesByIds, null),
    branchById: loader<Branch | null>(readBranchesByIds, null),
    semesterById: loader<Semester | null>(readSemestersByIds, null),
    subjectById: loader<Subject | null>(readSubjectsByIds, null),
    subjectOfferingById: loader<SubjectOffering | null>(readSubjectOfferingsByIds, null),
    branchesByUniversityId: loader<readonly Branch[]>(forCaller(readBranchesByUniversityIds), []),
    semestersByBranchId: loader<readonly Semester[]>(forCaller(readSemestersByBranchIds), []),
    syllabusBySubjectOfferingId: loader<Syllabus | null>(
      forCaller(readSyllabiBySubjectOfferingIds),
      null,
    ),
    modulesBySyllabusId: loader<readonly Module[]>(forCaller(readModulesBySyllabusIds), []),
    topicsBySyllabusId: loader<ByParent<Topic>>(forCaller(readTopicsBySyllabusIds), NO_GROUPS),
    papersBySubjectOfferingId: loader<readonly PaperRecord[]>(
      forCaller(readPapersBySubjectOfferingIds),
      [],
    ),
    paperCountsById: loader<PaperCounts>(forCaller(readPaperCountsByIds), { questionCount: 0 }),
    questionsBySubjectOfferingId,
    questionsInOrder,
    solutionsBySubjectOfferingId: loader<ByParent<Solution>>(
      forCaller(readSolutionsBySubjectOfferingIds),
      NO_GROUPS,
    ),
  };
}
