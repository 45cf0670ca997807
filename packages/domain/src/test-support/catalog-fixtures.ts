// Catalogs for the apps' tests. Small catalogs go through the domain services (as an admin would
// create them); the large trees of the round-trip tests are written straight through the models in
// bulk.
import { Types } from 'mongoose';
import type { Actor } from '../access.js';
import { BranchModel } from '../branch/model.js';
import type { Branch } from '../branch/schema.js';
import { createBranch } from '../branch/service.js';
import { PaperModel } from '../paper/model.js';
import type { Paper } from '../paper/schema.js';
import { createPaper, setPaperStatus } from '../paper/service.js';
import { QuestionModel } from '../question/model.js';
import type { Question } from '../question/schema.js';
import { createQuestion } from '../question/service.js';
import { SemesterModel } from '../semester/model.js';
import type { Semester } from '../semester/schema.js';
import { createSemester } from '../semester/service.js';
import { SolutionModel, VoteModel } from '../solution/model.js';
import type { Solution } from '../solution/schema.js';
import { createSolution } from '../solution/service.js';
import { SubjectOfferingModel } from '../subject-offering/model.js';
import type { SubjectOffering } from '../subject-offering/schema.js';
import { createSubjectOffering } from '../subject-offering/service.js';
import { SubjectModel } from '../subject/model.js';
import type { Subject } from '../subject/schema.js';
import { createSubject } from '../subject/service.js';
import { ModuleModel, SyllabusModel, TopicModel } from '../syllabus/model.js';
import type { Module, Topic } from '../syllabus/schema.js';
import { createModule, createTopic, initSyllabus } from '../syllabus/service.js';
import { UniversityModel } from '../university/model.js';
import type { University } from '../university/schema.js';
import { createUniversity } from '../university/service.js';
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

export interface TreeSize {
  modules: number;
  topicsPerModule: number;
  questionsPerTopic: number;
  solutionsPerQuestion: number;
  /** Votes on each of the first `votedSolutions` solutions, by distinct voters. */
  votesPerSolution: number;
  /** How many solutions get votes (FerretDB scans votes: keep it small). */
  votedSolutions: number;
}

/**
 * A subject offering with an approved paper and a syllabus of the given size, every question in
 * the paper and in a topic (hence in its module), each with solutions and votes. Written with
 * insertMany: tens of thousands of documents in seconds.
 */
export async function makeLargeTree(
  size: TreeSize,
): Promise<{ offeringId: string; questions: number }> {
  const t = uid();
  const university = await UniversityModel.create({
    name: `Tree ${t}`,
    shortName: 'T',
    slug: `tree-${t}`,
  });
  const branch = await BranchModel.create({ universityId: university._id, name: `Branch ${t}` });
  const semester = await SemesterModel.create({
    branchId: branch._id,
    universityId: university._id,
    number: 1,
  });
  const subject = await SubjectModel.create({
    name: `Tree subject ${t}`,
    slug: `tree-subject-${t}`,
  });
  const offering = await SubjectOfferingModel.create({
    universityId: university._id,
    branchId: branch._id,
    semesterId: semester._id,
    subjectId: subject._id,
  });
  const syllabus = await SyllabusModel.create({
    subjectOfferingId: offering._id,
    universityId: university._id,
  });
  const paper = await PaperModel.create({
    subjectOfferingId: offering._id,
    universityId: university._id,
    branchId: branch._id,
    semesterId: semester._id,
    subjectId: subject._id,
    examYear: 2024,
    examType: 'end-term',
    title: `Tree paper ${t}`,
    slug: `tree-paper-${t}`,
    status: 'approved',
    visible: true,
  });
  const author = await UserModel.create({
    externalId: `author_${t}`,
    role: 'normal',
    isActive: true,
  });
  const voters = await UserModel.insertMany(
    Array.from({ length: size.votesPerSolution }, (_, i) => ({
      externalId: `voter_${t}_${i}`,
      role: 'normal',
      isActive: true,
    })),
  );

  const modules = Array.from({ length: size.modules }, (_, m) => ({
    _id: new Types.ObjectId(),
    syllabusId: syllabus._id,
    subjectOfferingId: offering._id,
    universityId: university._id,
    title: `Module ${m + 1}`,
    order: m + 1,
  }));
  const topics = modules.flatMap((module) =>
    Array.from({ length: size.topicsPerModule }, (_, i) => ({
      _id: new Types.ObjectId(),
      moduleId: module._id,
      syllabusId: syllabus._id,
      subjectOfferingId: offering._id,
      universityId: university._id,
      title: `Topic ${i + 1}`,
      order: i + 1,
    })),
  );
  const questions = topics.flatMap((topic) =>
    Array.from({ length: size.questionsPerTopic }, () => {
      const id = new Types.ObjectId();
      return {
        _id: id,
        paperId: paper._id,
        subjectOfferingId: offering._id,
        universityId: university._id,
        paperStatus: 'approved',
        visible: true,
        moduleId: topic.moduleId,
        topicId: topic._id,
        text: `Question ${id.toHexString()}`,
        type: 'short',
        difficulty: 'medium',
        slug: `q-${id.toHexString()}`,
      };
    }),
  );
  const solutions = questions.flatMap((question) =>
    Array.from({ length: size.solutionsPerQuestion }, (_, i) => ({
      _id: new Types.ObjectId(),
      questionId: question._id,
      paperId: paper._id,
      subjectOfferingId: offering._id,
      universityId: university._id,
      paperStatus: 'approved',
      visible: true,
      authorId: author._id,
      content: `Solution ${i + 1}`,
    })),
  );
  const votes = solutions.slice(0, size.votedSolutions).flatMap((solution) =>
    voters.map((voter, i) => ({
      solutionId: solution._id,
      questionId: solution.questionId,
      subjectOfferingId: offering._id,
      userId: voter._id,
      value: i % 3 === 0 ? -1 : 1,
    })),
  );
  await ModuleModel.insertMany(modules);
  await TopicModel.insertMany(topics);
  await QuestionModel.insertMany(questions);
  await SolutionModel.insertMany(solutions);
  await VoteModel.insertMany(votes);
  return { offeringId: offering._id.toHexString(), questions: questions.length };
}
