// Catalog data made through the domain services (not over HTTP), each call with unique names: what
// the apps' tests start from.
import { randomUUID } from 'node:crypto';
import {
  createBranch,
  createModule,
  createPaper,
  createQuestion,
  createSemester,
  createSolution,
  createSubject,
  createSubjectOffering,
  createTopic,
  createUniversity,
  initSyllabus,
  setPaperStatus,
} from '../index.js';
import type { Actor } from '../access.js';
import type { PaperStatus } from '../schemas.js';

export const uid = (): string => randomUUID().slice(0, 8);

type Input = Record<string, unknown>;

export const makeUniversity = (actor: Actor, input: Input = {}) =>
  createUniversity({
    actor,
    input: { name: `University ${uid()}`, shortName: `U${uid()}`, ...input },
  });

export const makeBranch = (actor: Actor, universityId: string, input: Input = {}) =>
  createBranch({ actor, input: { universityId, name: `Branch ${uid()}`, ...input } });

export const makeSemester = (actor: Actor, branchId: string, number = 1) =>
  createSemester({ actor, input: { branchId, number } });

export const makeSubject = (actor: Actor, input: Input = {}) =>
  createSubject({ actor, input: { name: `Subject ${uid()}`, ...input } });

/** An offering with its own university, branch, semester and subject (`subject`: its input). */
export async function makeOffering(actor: Actor, subject: Input = {}) {
  const university = await makeUniversity(actor);
  const branch = await makeBranch(actor, university.id);
  const semester = await makeSemester(actor, branch.id);
  const subjectMade = await makeSubject(actor, subject);
  const offering = await createSubjectOffering({
    actor,
    input: {
      universityId: university.id,
      branchId: branch.id,
      semesterId: semester.id,
      subjectId: subjectMade.id,
    },
  });
  return { university, branch, semester, subject: subjectMade, offering };
}

/** A syllabus for the offering with one module and one topic in it. */
export async function makeSyllabus(actor: Actor, subjectOfferingId: string) {
  const syllabus = await initSyllabus({ actor, input: { subjectOfferingId } });
  const module = await createModule({
    actor,
    input: { subjectOfferingId, title: `Module ${uid()}` },
  });
  const topic = await createTopic({
    actor,
    input: { moduleId: module.id, title: `Topic ${uid()}` },
  });
  return { syllabus, module, topic };
}

/** A paper of the offering; `approved` and `rejected` go through the status operation. */
export async function makePaper(
  actor: Actor,
  subjectOfferingId: string,
  options: {
    status?: PaperStatus;
    examYear?: number;
    examType?: string;
  } = {},
) {
  const status = options.status ?? 'approved';
  const paper = await createPaper({
    actor,
    input: {
      subjectOfferingId,
      examYear: options.examYear ?? 2023,
      examType: options.examType ?? 'end-term',
      title: `Paper ${uid()}`,
      status: status === 'draft' ? 'draft' : 'pending',
    },
  });
  if (status === 'approved' || status === 'rejected') {
    // Fixtures approve before adding questions: an empty paper is approved on purpose.
    return setPaperStatus({ actor, id: paper.id, input: { status, force: true } });
  }
  return paper;
}

export const makeQuestion = (actor: Actor, paperId: string, input: Input = {}) =>
  createQuestion({
    actor,
    input: {
      paperId,
      text: `Question q${uid()} text`,
      type: 'long',
      difficulty: 'medium',
      ...input,
    },
  });

export const makeSolution = (actor: Actor, questionId: string, content = `Solution ${uid()}`) =>
  createSolution({ actor, input: { questionId, content } });

/** Everything at once: offering, syllabus, an approved paper, a question in the module and topic, a solution. */
export async function makeTree(actor: Actor) {
  const academic = await makeOffering(actor);
  const syllabus = await makeSyllabus(actor, academic.offering.id);
  const paper = await makePaper(actor, academic.offering.id);
  const question = await makeQuestion(actor, paper.id, {
    moduleId: syllabus.module.id,
    topicId: syllabus.topic.id,
  });
  const solution = await makeSolution(actor, question.id);
  return { ...academic, ...syllabus, paper, question, solution };
}
