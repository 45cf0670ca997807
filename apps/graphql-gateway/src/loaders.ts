import {
  loadBranchesByIds,
  loadBranchesByUniversityIds,
  loadModulesBySyllabusIds,
  loadPapersBySubjectOfferingIds,
  loadQuestionsBySubjectOfferingIds,
  loadSemestersByBranchIds,
  loadSemestersByIds,
  loadSolutionsBySubjectOfferingIds,
  loadSubjectOfferingsByIds,
  loadSubjectsByIds,
  loadSyllabiBySubjectOfferingIds,
  loadTopicsBySyllabusIds,
  loadUniversitiesByIds,
} from '@qpc/domain';
import type {
  Branch,
  Caller,
  Module,
  Paper,
  Question,
  Semester,
  Solution,
  Subject,
  SubjectOffering,
  Syllabus,
  Topic,
  University,
  Viewer,
} from '@qpc/domain';
import DataLoader from 'dataloader';

/**
 * One DataLoader per nested level. Children load by the key of the root they hang from (a
 * syllabus's topics, an offering's questions and solutions), one indexed query per root, and the
 * resolvers pick a parent's share: a tree costs the same number of queries whatever its size.
 */
export interface Loaders {
  universityById: DataLoader<string, University | null>;
  branchById: DataLoader<string, Branch | null>;
  semesterById: DataLoader<string, Semester | null>;
  subjectById: DataLoader<string, Subject | null>;
  subjectOfferingById: DataLoader<string, SubjectOffering | null>;
  branchesByUniversityId: DataLoader<string, Branch[]>;
  semestersByBranchId: DataLoader<string, Semester[]>;
  syllabusBySubjectOfferingId: DataLoader<string, Syllabus | null>;
  modulesBySyllabusId: DataLoader<string, Module[]>;
  topicsBySyllabusId: DataLoader<string, Topic[]>;
  papersBySubjectOfferingId: DataLoader<string, Paper[]>;
  questionsBySubjectOfferingId: DataLoader<string, Question[]>;
  solutionsBySubjectOfferingId: DataLoader<string, Solution[]>;
}

/**
 * Builds the loaders of one request. They are created per request because their caches hold
 * what this caller may see (papers, questions and solutions depend on the caller's role, and
 * `myVote` on who asks): a cache shared between requests would leak one caller's view to another.
 * The caller's viewer (visibility.ts) is the request's one, read once and shared with the services.
 */
export function createLoaders(caller: Caller): Loaders {
  const visible = <K, V>(load: (v: Viewer, keys: readonly K[]) => Promise<V[]>) =>
    new DataLoader<K, V>(async (keys) => load(await caller.viewer(), keys));
  return {
    universityById: new DataLoader((ids) => loadUniversitiesByIds(ids)),
    branchById: new DataLoader((ids) => loadBranchesByIds(ids)),
    semesterById: new DataLoader((ids) => loadSemestersByIds(ids)),
    subjectById: new DataLoader((ids) => loadSubjectsByIds(ids)),
    subjectOfferingById: new DataLoader((ids) => loadSubjectOfferingsByIds(ids)),
    branchesByUniversityId: visible(loadBranchesByUniversityIds),
    semestersByBranchId: visible(loadSemestersByBranchIds),
    syllabusBySubjectOfferingId: visible(loadSyllabiBySubjectOfferingIds),
    modulesBySyllabusId: visible(loadModulesBySyllabusIds),
    topicsBySyllabusId: visible(loadTopicsBySyllabusIds),
    papersBySubjectOfferingId: visible(loadPapersBySubjectOfferingIds),
    questionsBySubjectOfferingId: visible(loadQuestionsBySubjectOfferingIds),
    solutionsBySubjectOfferingId: visible(loadSolutionsBySubjectOfferingIds),
  };
}
