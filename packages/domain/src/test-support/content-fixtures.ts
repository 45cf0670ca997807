// Catalog data for the content tests (papers, questions, solutions), made through the services
// as an admin would make it (rule 1 of the README): the slugs, the copies of ancestor ids, the
// `visible` flag and the status history are the services' own, never restated here.
import type { Types } from 'mongoose';
import type { Actor } from '../access.js';
import { mongoose } from '../db.js';
import { SolutionModel } from '../solution/model.js';
import { PaperModel } from '../paper/model.js';
import type { ExamType, PaperStatus } from '../paper/schema.js';
import { createPaper, setPaperStatus } from '../paper/service.js';
import { QuestionModel } from '../question/model.js';
import type { Difficulty, QuestionType } from '../question/schema.js';
import { createQuestion } from '../question/service.js';
import { createModule, createTopic, initSyllabus } from '../syllabus/service.js';
import { inheritedFrom } from '../writing/reference-table.js';
import { makeActor } from './callers.js';
import { makeOffering as makeAcademicOffering, uid as tag } from './service-fixtures.js';

export interface OfferingFixture {
  subjectName: string;
  offeringId: string;
  universityId: string;
  branchId: string;
  semesterId: string;
  syllabusId: string;
  /** Two modules with two topics each. */
  modules: { id: string; topics: string[] }[];
}

/** The admin who makes the fixtures: one per database (each test file has a database of its own). */
const admins = new Map<string, Promise<Actor>>();
function fixtureAdmin(): Promise<Actor> {
  const database = mongoose.connection.db!.databaseName;
  if (!admins.has(database)) admins.set(database, makeActor('admin'));
  return admins.get(database)!;
}

/** A university, branch, semester, subject and offering with a syllabus of two modules of two topics. */
export async function makeOffering(subjectName = `Subject ${tag()}`): Promise<OfferingFixture> {
  const actor = await fixtureAdmin();
  const { university, branch, semester, offering } = await makeAcademicOffering(actor, {
    name: subjectName,
  });
  const syllabus = await initSyllabus({ actor, input: { subjectOfferingId: offering.id } });
  const modules: { id: string; topics: string[] }[] = [];
  for (const order of [1, 2]) {
    const module = await createModule({
      actor,
      input: { subjectOfferingId: offering.id, title: `Module ${order}`, order },
    });
    const topics: string[] = [];
    for (const topicOrder of [1, 2]) {
      const topic = await createTopic({
        actor,
        input: { moduleId: module.id, title: `Topic ${order}.${topicOrder}`, order: topicOrder },
      });
      topics.push(topic.id);
    }
    modules.push({ id: module.id, topics });
  }
  return {
    subjectName,
    offeringId: offering.id,
    universityId: university.id,
    branchId: branch.id,
    semesterId: semester.id,
    syllabusId: syllabus.id,
    modules,
  };
}

/** A paper of the offering in the given status (approved by default), made through the workflow. */
export async function makePaper(
  offeringId: string,
  options: {
    status?: PaperStatus;
    examYear?: number;
    examType?: ExamType;
    title?: string;
    /** The creating user's id, in place of the fixtures' admin (none: `null`). */
    createdBy?: string | null;
  } = {},
): Promise<{ id: string; slug: string }> {
  const actor = await fixtureAdmin();
  const status = options.status ?? 'approved';
  const paper = await createPaper({
    actor,
    input: {
      subjectOfferingId: offeringId,
      examYear: options.examYear ?? 2023,
      examType: options.examType ?? 'end-term',
      title: options.title ?? `Paper ${tag()}`,
      status: status === 'draft' ? 'draft' : 'pending',
    },
  });
  if (status === 'approved' || status === 'rejected') {
    // An empty paper is approved on purpose: fixtures add questions afterwards.
    await setPaperStatus({ actor, id: paper.id, input: { status, force: true } });
  }
  // The services record the caller as creator; a test about another creator (or a paper made
  // before creators were recorded) says whom.
  if (options.createdBy !== undefined)
    await PaperModel.updateOne({ _id: paper.id }, { $set: { createdBy: options.createdBy } });
  return { id: paper.id, slug: paper.slug };
}

/** A short question of the paper, made through the question service. */
export async function makeQuestion(
  paperId: string,
  options: {
    moduleId?: string;
    topicId?: string;
    type?: QuestionType;
    difficulty?: Difficulty;
    isVerified?: boolean;
    text?: string;
    marks?: number | null;
    slug?: string;
  } = {},
): Promise<{ id: string; slug: string }> {
  const type: QuestionType = options.type ?? 'short';
  const question = await createQuestion({
    actor: await fixtureAdmin(),
    input: {
      paperId,
      moduleId: options.moduleId ?? null,
      topicId: options.topicId ?? null,
      // The tag after a letter: an all-digit tag is no word to the similarity check (numbers are
      // left out), and two such questions would count as repeated.
      text: options.text ?? `Question q${tag()}`,
      marks: options.marks ?? null,
      type,
      difficulty: options.difficulty ?? 'easy',
      ...(type === 'mcq' ? { options: ['A', 'B'] } : {}),
      slug: options.slug ?? `question-${tag()}`,
      isVerified: options.isVerified ?? false,
    },
  });
  return { id: question.id, slug: question.slug };
}

/**
 * A solution to the question by the given author. Written through the model, with the copies the
 * solution service makes (`inheritedFrom`): the tests give solutions to hidden questions too,
 * which the service refuses to a normal author, as a paper withdrawn after its solutions has them.
 */
export async function makeSolution(
  questionId: string,
  authorId: string | Types.ObjectId,
): Promise<string> {
  const question = await QuestionModel.findById(questionId).lean();
  if (!question) throw new Error('makeSolution: no such question');
  const solution = await SolutionModel.create({
    questionId,
    ...inheritedFrom(SolutionModel, 'questionId', question),
    authorId,
    content: `Solution ${tag()}`,
  });
  return solution._id.toHexString();
}
