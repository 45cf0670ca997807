import {
  loadBranchesByIds,
  loadBranchesByUniversityIds,
  loadModulesBySyllabusIds,
  loadPapersBySubjectOfferingIds,
  loadQuestionsByModuleIds,
  loadQuestionsByPaperIds,
  loadQuestionsByTopicIds,
  loadSemestersByBranchIds,
  loadSemestersByIds,
  loadSolutionsByQuestionIds,
  loadSubjectOfferingsByIds,
  loadSubjectsByIds,
  loadSyllabiBySubjectOfferingIds,
  loadTopicsByModuleIds,
  loadUniversitiesByIds,
  type Actor,
  type Branch,
  type Module,
  type Paper,
  type Question,
  type Semester,
  type Solution,
  type Subject,
  type SubjectOffering,
  type Syllabus,
  type Topic,
  type University,
} from '@qpc/domain';
import DataLoader from 'dataloader';

/** One DataLoader per nested field; each batch is one call into the domain's batch loaders. */
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
  topicsByModuleId: DataLoader<string, Topic[]>;
  papersBySubjectOfferingId: DataLoader<string, Paper[]>;
  questionsByPaperId: DataLoader<string, Question[]>;
  questionsByModuleId: DataLoader<string, Question[]>;
  questionsByTopicId: DataLoader<string, Question[]>;
  solutionsByQuestionId: DataLoader<string, Solution[]>;
}

/**
 * Builds the loaders of one request. They are created per request because their caches hold
 * what this caller may see (papers, questions and solutions depend on the caller's role, and
 * `myVote` on who asks): a cache shared between requests would leak one caller's view to another.
 */
export function createLoaders(actor: Actor | null): Loaders {
  return {
    universityById: new DataLoader((ids) => loadUniversitiesByIds(ids)),
    branchById: new DataLoader((ids) => loadBranchesByIds(ids)),
    semesterById: new DataLoader((ids) => loadSemestersByIds(ids)),
    subjectById: new DataLoader((ids) => loadSubjectsByIds(ids)),
    subjectOfferingById: new DataLoader((ids) => loadSubjectOfferingsByIds(ids)),
    branchesByUniversityId: new DataLoader((ids) => loadBranchesByUniversityIds(ids)),
    semestersByBranchId: new DataLoader((ids) => loadSemestersByBranchIds(ids)),
    syllabusBySubjectOfferingId: new DataLoader((ids) => loadSyllabiBySubjectOfferingIds(ids)),
    modulesBySyllabusId: new DataLoader((ids) => loadModulesBySyllabusIds(ids)),
    topicsByModuleId: new DataLoader((ids) => loadTopicsByModuleIds(ids)),
    papersBySubjectOfferingId: new DataLoader((ids) => loadPapersBySubjectOfferingIds(actor, ids)),
    questionsByPaperId: new DataLoader((ids) => loadQuestionsByPaperIds(actor, ids)),
    questionsByModuleId: new DataLoader((ids) => loadQuestionsByModuleIds(actor, ids)),
    questionsByTopicId: new DataLoader((ids) => loadQuestionsByTopicIds(actor, ids)),
    solutionsByQuestionId: new DataLoader((ids) => loadSolutionsByQuestionIds(actor, ids)),
  };
}
