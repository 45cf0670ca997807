// Catalogs for the apps' tests. Small catalogs go through the domain services (as an admin would
// create them); the large trees of the round-trip tests are written straight through the models in
// bulk.
import { Types } from 'mongoose';
import type { Actor } from '../access.js';
import type { Branch } from '../branch/schema.js';
import { PaperModel } from '../paper/model.js';
import type { ExamType, Paper } from '../paper/schema.js';
import { createPaper, setPaperStatus } from '../paper/service.js';
import { QuestionModel } from '../question/model.js';
import type { Question } from '../question/schema.js';
import type { Semester } from '../semester/schema.js';
import { createSemester } from '../semester/service.js';
import { SolutionModel, VoteModel } from '../solution/model.js';
import type { Solution } from '../solution/schema.js';
import type { SubjectOffering } from '../subject-offering/schema.js';
import { createSubjectOffering } from '../subject-offering/service.js';
import type { Subject } from '../subject/schema.js';
import { ModuleModel, TopicModel } from '../syllabus/model.js';
import type { Module, Topic } from '../syllabus/schema.js';
import { createModule, createTopic, initSyllabus } from '../syllabus/service.js';
import type { University } from '../university/schema.js';
import { UserModel } from '../user/model.js';
import {
  BranchModel,
  SemesterModel,
  SubjectModel,
  SubjectOfferingModel,
  SyllabusModel,
  UniversityModel,
} from '../models.js';
import {
  makeBranch,
  makeQuestion,
  makeSolution,
  makeSubject,
  makeUniversity,
  uid,
} from './service-fixtures.js';

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
  const university = await makeUniversity(admin, { name: `University ${t}`, shortName: `U${t}` });
  const branch = await makeBranch(admin, university.id, { name: `Branch ${t}`, code: 'CSE' });
  const semester = await createSemester({
    actor: admin,
    input: { branchId: branch.id, number: 3, name: 'II-I' },
  });
  const subject = await makeSubject(admin, { name: `Subject ${t}`, code: `S${t}` });
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
  const paperOf = (examYear: number, examType: ExamType, title: string) =>
    createPaper({
      actor: admin,
      input: { subjectOfferingId: offering.id, examYear, examType, title },
    });
  const draft = await paperOf(2023, 'end-term', `Approved ${t}`);
  const approved = await setPaperStatus({
    actor: admin,
    id: draft.id,
    input: { status: 'approved', reason: 'ok', force: true },
  });
  const pending = await paperOf(2024, 'mid-term', `Pending ${t}`);
  const question = await makeQuestion(admin, approved.id, {
    text: `What is a stack? ${t}`,
    type: 'mcq',
    difficulty: 'easy',
    options: ['LIFO', 'FIFO'],
    answer: 'LIFO',
    marks: 2,
    moduleId: module.id,
    topicId: topic.id,
  });
  const hiddenQuestion = await makeQuestion(admin, pending.id, {
    text: `Explain queues ${t}`,
    type: 'long',
    difficulty: 'hard',
    topicId: topic.id,
  });
  const solution = await makeSolution(author, question.id, 'LIFO: last in, first out.');
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

/** The ids of an offering and of what it hangs from, as `insertOffering` made them. */
export interface OfferingIds {
  universityId: Types.ObjectId;
  branchId: Types.ObjectId;
  semesterId: Types.ObjectId;
  subjectId: Types.ObjectId;
  subjectOfferingId: Types.ObjectId;
  syllabusId: Types.ObjectId;
}

/**
 * A university, branch, semester, subject and offering with an empty syllabus, inserted directly:
 * the large trees' (rule 2 of the README), written through the models like the rest of the tree.
 */
export async function insertOffering(subjectName = `Subject ${uid()}`): Promise<OfferingIds> {
  const t = uid();
  const university = await UniversityModel.create({
    name: `University ${t}`,
    shortName: `U${t}`,
    slug: `u-${t}`,
  });
  const universityId = university._id;
  const branch = await BranchModel.create({ universityId, name: `Branch ${t}` });
  const semester = await SemesterModel.create({ branchId: branch._id, universityId, number: 3 });
  const subject = await SubjectModel.create({ name: subjectName, slug: `s-${t}` });
  const ids = {
    universityId,
    branchId: branch._id,
    semesterId: semester._id,
    subjectId: subject._id,
  };
  const offering = await SubjectOfferingModel.create(ids);
  const syllabus = await SyllabusModel.create({ subjectOfferingId: offering._id, universityId });
  return { ...ids, subjectOfferingId: offering._id, syllabusId: syllabus._id };
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
  const { syllabusId, ...offering } = await insertOffering(`Tree subject ${t}`);
  const { subjectOfferingId, universityId } = offering;
  // Where every module and topic sits.
  const inSyllabus = { syllabusId, subjectOfferingId, universityId };
  const paper = await PaperModel.create({
    ...offering,
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
    ...inSyllabus,
    title: `Module ${m + 1}`,
    order: m + 1,
  }));
  const topics = modules.flatMap((module) =>
    Array.from({ length: size.topicsPerModule }, (_, i) => ({
      _id: new Types.ObjectId(),
      moduleId: module._id,
      ...inSyllabus,
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
        subjectOfferingId,
        universityId,
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
      subjectOfferingId,
      universityId,
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
      subjectOfferingId,
      userId: voter._id,
      value: i % 3 === 0 ? -1 : 1,
    })),
  );
  await ModuleModel.insertMany(modules);
  await TopicModel.insertMany(topics);
  await QuestionModel.insertMany(questions);
  await SolutionModel.insertMany(solutions);
  await VoteModel.insertMany(votes);
  return { offeringId: subjectOfferingId.toHexString(), questions: questions.length };
}
