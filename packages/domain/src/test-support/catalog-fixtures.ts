// Small catalogs for the apps' tests, made through the domain services (as an admin would create
// them); the large trees of the round-trip tests are in large-tree.ts.
import type { Actor } from '../access.js';
import { createBranch } from '../branch/service.js';
import type { Branch } from '../branch/schema.js';
import { createPaper, setPaperStatus } from '../paper/service.js';
import type { Paper } from '../paper/schema.js';
import { createQuestion } from '../question/service.js';
import type { Question } from '../question/schema.js';
import { createSemester } from '../semester/service.js';
import type { Semester } from '../semester/schema.js';
import { createSolution } from '../solution/service.js';
import type { Solution } from '../solution/schema.js';
import { createSubject } from '../subject/service.js';
import type { Subject } from '../subject/schema.js';
import { createSubjectOffering } from '../subject-offering/service.js';
import type { SubjectOffering } from '../subject-offering/schema.js';
import { createModule, createTopic, initSyllabus } from '../syllabus/service.js';
import type { Module, Topic } from '../syllabus/schema.js';
import { createUniversity } from '../university/service.js';
import type { University } from '../university/schema.js';
import { UserModel } from '../user/model.js';
import { uid } from './service-fixtures.js';

/** The Actor of a signed-in test caller, read from the user record. */
export async function actorOf(externalId: string): Promise<Actor> {
  const user = await UserModel.findOne({ externalId }).lean();
  if (!user) throw new Error(`no user ${externalId}`);
  return {
    id: user._id.toHexString(),
    externalId,
    role: user.role as Actor['role'],
    isActive: user.isActive,
  };
}

export interface Catalog {
  university: University;
  branch: Branch;
  semester: Semester;
  subject: Subject;
  offering: SubjectOffering;
  module: Module;
  topic: Topic;
  approved: Paper;
  pending: Paper;
  question: Question;
  hiddenQuestion: Question;
  solution: Solution;
}

/**
 * A small catalog made through the services: university, branch, semester, subject, offering
 * with a syllabus of one module and one topic, an approved and a pending paper with one
 * question each, and a solution (by `author`) to the approved paper's question.
 */
export async function makeCatalog(admin: Actor, author: Actor = admin): Promise<Catalog> {
  const t = uid();
  const university = await createUniversity({
    actor: admin,
    input: { name: `University ${t}`, shortName: `U${t}` },
  });
  const branch = await createBranch({
    actor: admin,
    input: { universityId: university.id, name: `Branch ${t}`, code: 'CSE' },
  });
  const semester = await createSemester({
    actor: admin,
    input: { branchId: branch.id, number: 3, name: 'II-I' },
  });
  const subject = await createSubject({
    actor: admin,
    input: { name: `Subject ${t}`, code: `S${t}` },
  });
  const offering = await createSubjectOffering({
    actor: admin,
    input: {
      universityId: university.id,
      branchId: branch.id,
      semesterId: semester.id,
      subjectId: subject.id,
      regulation: 'R22',
    },
  });
  await initSyllabus({ actor: admin, input: { subjectOfferingId: offering.id } });
  const module = await createModule({
    actor: admin,
    input: { subjectOfferingId: offering.id, title: 'Module 1' },
  });
  const topic = await createTopic({
    actor: admin,
    input: { moduleId: module.id, title: 'Topic 1' },
  });
  const draft = await createPaper({
    actor: admin,
    input: {
      subjectOfferingId: offering.id,
      examYear: 2023,
      examType: 'end-term',
      title: `Approved ${t}`,
    },
  });
  const approved = await setPaperStatus({
    actor: admin,
    id: draft.id,
    input: { status: 'approved', reason: 'ok' },
  });
  const pending = await createPaper({
    actor: admin,
    input: {
      subjectOfferingId: offering.id,
      examYear: 2024,
      examType: 'mid-term',
      title: `Pending ${t}`,
    },
  });
  const question = await createQuestion({
    actor: admin,
    input: {
      paperId: approved.id,
      text: `What is a stack? ${t}`,
      type: 'mcq',
      difficulty: 'easy',
      options: ['LIFO', 'FIFO'],
      answer: 'LIFO',
      marks: 2,
      moduleId: module.id,
      topicId: topic.id,
    },
  });
  const hiddenQuestion = await createQuestion({
    actor: admin,
    input: {
      paperId: pending.id,
      text: `Explain queues ${t}`,
      type: 'long',
      difficulty: 'hard',
      topicId: topic.id,
    },
  });
  const solution = await createSolution({
    actor: author,
    input: { questionId: question.id, content: 'LIFO: last in, first out.' },
  });
  return {
    university,
    branch,
    semester,
    subject,
    offering,
    module,
    topic,
    approved,
    pending,
    question,
    hiddenQuestion,
    solution,
  };
}
