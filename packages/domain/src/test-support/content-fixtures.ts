// Catalog data for the content tests (papers, questions, solutions), written straight through
// the models so these tests do not depend on the academic-structure services.
import { randomUUID } from 'node:crypto';
import type { Types } from 'mongoose';
import {
  BranchModel,
  ModuleModel,
  PaperModel,
  QuestionModel,
  SemesterModel,
  SolutionModel,
  SubjectModel,
  SubjectOfferingModel,
  SyllabusModel,
  TopicModel,
  UniversityModel,
} from '../models.js';
import type { ExamType, PaperStatus } from '../paper/schema.js';
import type { Difficulty, QuestionType } from '../question/schema.js';
import { isPublic } from '../visibility.js';

function tag(): string {
  return randomUUID().slice(0, 8);
}

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

/** The ids of an offering and of what it hangs from, as `insertOffering` made them. */
export interface OfferingIds {
  universityId: Types.ObjectId;
  branchId: Types.ObjectId;
  semesterId: Types.ObjectId;
  subjectId: Types.ObjectId;
  subjectOfferingId: Types.ObjectId;
  syllabusId: Types.ObjectId;
}

/** A university, branch, semester, subject and offering with an empty syllabus, inserted directly. */
export async function insertOffering(subjectName = `Subject ${tag()}`): Promise<OfferingIds> {
  const t = tag();
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

/** A university, branch, semester, subject and offering with a syllabus of two modules of two topics. */
export async function makeOffering(subjectName = `Subject ${tag()}`): Promise<OfferingFixture> {
  const ids = await insertOffering(subjectName);
  // Where every module and topic sits.
  const inSyllabus = {
    syllabusId: ids.syllabusId,
    subjectOfferingId: ids.subjectOfferingId,
    universityId: ids.universityId,
  };
  const modules: { id: string; topics: string[] }[] = [];
  for (const order of [1, 2]) {
    const module = await ModuleModel.create({
      ...inSyllabus,
      title: `Module ${order}`,
      order,
    });
    const topics: string[] = [];
    for (const topicOrder of [1, 2]) {
      const topic = await TopicModel.create({
        moduleId: module._id,
        ...inSyllabus,
        title: `Topic ${order}.${topicOrder}`,
        order: topicOrder,
      });
      topics.push(topic._id.toHexString());
    }
    modules.push({ id: module._id.toHexString(), topics });
  }
  return {
    subjectName,
    offeringId: ids.subjectOfferingId.toHexString(),
    universityId: ids.universityId.toHexString(),
    branchId: ids.branchId.toHexString(),
    semesterId: ids.semesterId.toHexString(),
    syllabusId: ids.syllabusId.toHexString(),
    modules,
  };
}

/** A paper of the offering, inserted directly with the given status. */
export async function makePaper(
  offeringId: string,
  options: {
    status?: PaperStatus;
    examYear?: number;
    examType?: ExamType;
    title?: string;
    /** The creating user's id (none recorded when absent, as for papers made before it was). */
    createdBy?: string;
  } = {},
): Promise<{ id: string; slug: string }> {
  const t = tag();
  const offering = await SubjectOfferingModel.findById(offeringId).lean();
  if (!offering) throw new Error('makePaper: no such offering');
  const status = options.status ?? 'approved';
  const university = await UniversityModel.findById(offering.universityId, { isActive: 1 }).lean();
  const paper = await PaperModel.create({
    subjectOfferingId: offeringId,
    universityId: offering.universityId,
    branchId: offering.branchId,
    semesterId: offering.semesterId,
    subjectId: offering.subjectId,
    examYear: options.examYear ?? 2023,
    examType: options.examType ?? 'end-term',
    title: options.title ?? `Paper ${t}`,
    slug: `paper-${t}`,
    status,
    visible: isPublic(status, university?.isActive === true),
    createdBy: options.createdBy ?? null,
  });
  return { id: paper._id.toHexString(), slug: paper.slug };
}

/** A short question of the paper, inserted directly. */
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
  const paper = await PaperModel.findById(paperId).lean();
  if (!paper) throw new Error('makeQuestion: no such paper');
  const t = tag();
  const type: QuestionType = options.type ?? 'short';
  const question = await QuestionModel.create({
    paperId,
    subjectOfferingId: paper.subjectOfferingId,
    universityId: paper.universityId,
    paperStatus: paper.status,
    visible: paper.visible,
    examYear: paper.examYear,
    moduleId: options.moduleId ?? null,
    topicId: options.topicId ?? null,
    // The tag after a letter: an all-digit tag is no word to the similarity check (numbers are
    // left out), and two such questions would count as repeated.
    text: options.text ?? `Question q${t}`,
    marks: options.marks ?? null,
    type,
    difficulty: options.difficulty ?? 'easy',
    ...(type === 'mcq' ? { options: ['A', 'B'] } : {}),
    slug: options.slug ?? `question-${t}`,
    isVerified: options.isVerified ?? false,
  });
  return { id: question._id.toHexString(), slug: question.slug };
}

/** A solution to the question by the given author, inserted directly. */
export async function makeSolution(
  questionId: string,
  authorId: string | Types.ObjectId,
): Promise<string> {
  const question = await QuestionModel.findById(questionId).lean();
  if (!question) throw new Error('makeSolution: no such question');
  const solution = await SolutionModel.create({
    questionId,
    paperId: question.paperId,
    subjectOfferingId: question.subjectOfferingId,
    universityId: question.universityId,
    paperStatus: question.paperStatus,
    visible: question.visible,
    authorId,
    content: `Solution ${tag()}`,
  });
  return solution._id.toHexString();
}
