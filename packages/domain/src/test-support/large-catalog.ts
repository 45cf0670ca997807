// A large catalog written straight into the collections (no models, no hooks), for the tests
// that ask the embedded engine how it answers the hot queries at a realistic size.
import { Types } from 'mongoose';
import { mongoose } from '../db.js';
import { bandFields } from '../similar/plugin.js';
import { bandKeys } from '../similar/signature.js';
import type { ModelName } from '../writing/reference-table.js';

const OFFERINGS = 300;
const PAPERS_PER_OFFERING = 4;
const QUESTIONS_PER_PAPER = 5;
const ids = (n: number) => Array.from({ length: n }, () => new Types.ObjectId());

const collection = (name: ModelName) => mongoose.model(name).collection.collectionName;

/** Seeds the large catalog and returns the ids of one of each kind of thing in it. */
export async function seedLargeCatalog(): Promise<Record<string, Types.ObjectId>> {
  const db = mongoose.connection.db!;
  const universities = ids(30);
  const offerings = ids(OFFERINGS);
  const universityOf = (i: number) => universities[i % universities.length]!;
  const branches = ids(100);
  const branchOf = (i: number) => branches[i % branches.length]!;
  const now = new Date();
  const base = { createdAt: now, updatedAt: now };
  await db.collection(collection('University')).insertMany(
    universities.map((_id, i) => ({
      _id,
      name: `U${i}`,
      shortName: `U${i}`,
      slug: `u-${i}-${_id}`,
      isActive: i !== 0,
      deletedAt: null,
      ...base,
    })),
  );
  const syllabi = offerings.map((offering, i) => ({
    _id: new Types.ObjectId(),
    subjectOfferingId: offering,
    universityId: universityOf(i),
    ...base,
  }));
  await db.collection(collection('Syllabus')).insertMany(syllabi);
  const modules = syllabi.flatMap((s) =>
    Array.from({ length: 4 }, (_, m) => ({
      _id: new Types.ObjectId(),
      syllabusId: s._id,
      subjectOfferingId: s.subjectOfferingId,
      universityId: s.universityId,
      title: `M${m}`,
      order: m,
      ...base,
    })),
  );
  await db.collection(collection('Module')).insertMany(modules);
  const topics = modules.flatMap((m) =>
    Array.from({ length: 3 }, (_, t) => ({
      _id: new Types.ObjectId(),
      moduleId: m._id,
      syllabusId: m.syllabusId,
      subjectOfferingId: m.subjectOfferingId,
      universityId: m.universityId,
      title: `T${t}`,
      order: t,
      ...base,
    })),
  );
  await db.collection(collection('Topic')).insertMany(topics);
  const papers = offerings.flatMap((offering, i) =>
    Array.from({ length: PAPERS_PER_OFFERING }, (_, p) => ({
      _id: new Types.ObjectId(),
      subjectOfferingId: offering,
      universityId: universityOf(i),
      branchId: branchOf(i),
      semesterId: new Types.ObjectId(),
      subjectId: new Types.ObjectId(),
      examYear: 2015 + p,
      examType: 'end-term',
      title: `P${i}.${p}`,
      slug: `p-${i}-${p}-${offering}`,
      status: p === 0 ? 'pending' : 'approved',
      visible: p !== 0,
      statusHistory: [],
      createdBy: null,
      ...base,
    })),
  );
  await db.collection(collection('Paper')).insertMany(papers);
  let n = 0;
  const questions = papers.flatMap((paper) =>
    Array.from({ length: QUESTIONS_PER_PAPER }, (_, q) => {
      n += 1;
      const module = modules[(n * 7) % modules.length]!;
      return {
        _id: new Types.ObjectId(),
        paperId: paper._id,
        subjectOfferingId: paper.subjectOfferingId,
        universityId: paper.universityId,
        paperStatus: paper.status,
        visible: paper.visible,
        moduleId: module._id,
        topicId: topics[(n * 13) % topics.length]!._id,
        text: `Q ${q}`,
        // Distinct texts: every question holds band keys of its own.
        ...bandFields(bandKeys(String(paper.subjectId), `explain topic ${n} of paper ${q}`)),
        type: ['mcq', 'short', 'long', 'numerical', 'coding'][q % 5],
        difficulty: ['easy', 'medium', 'hard'][q % 3],
        marks: 5,
        answer: null,
        slug: `q-${paper._id}-${q}`,
        isVerified: false,
        createdBy: null,
        ...base,
      };
    }),
  );
  for (let i = 0; i < questions.length; i += 2_000) {
    await db.collection(collection('Question')).insertMany(questions.slice(i, i + 2_000));
  }
  const solutions = questions
    .filter((_, i) => i % 3 === 0)
    .map((q) => ({
      _id: new Types.ObjectId(),
      questionId: q._id,
      paperId: q.paperId,
      subjectOfferingId: q.subjectOfferingId,
      universityId: q.universityId,
      paperStatus: q.paperStatus,
      visible: q.visible,
      authorId: new Types.ObjectId(),
      content: 'S',
      ...base,
    }));
  await db.collection(collection('Solution')).insertMany(solutions);
  const voter = new Types.ObjectId();
  await db.collection(collection('Vote')).insertMany(
    solutions
      .map((s) => ({
        _id: new Types.ObjectId(),
        solutionId: s._id,
        questionId: s.questionId,
        subjectOfferingId: s.subjectOfferingId,
        userId: new Types.ObjectId(),
        value: 1,
        ...base,
      }))
      .concat(
        solutions.slice(0, 50).map((s) => ({
          _id: new Types.ObjectId(),
          solutionId: s._id,
          questionId: s.questionId,
          subjectOfferingId: s.subjectOfferingId,
          userId: voter,
          value: -1,
          ...base,
        })),
      ),
  );
  const offering = offerings[7]!;
  const paper = papers[7 * PAPERS_PER_OFFERING + 2]!;
  const question = questions.find((q) => q.paperId.equals(paper._id))!;
  const solution = solutions.find((s) => s.subjectOfferingId.equals(offering))!;
  return {
    offering,
    university: universityOf(7),
    branch: branchOf(7),
    semester: paper.semesterId,
    subject: paper.subjectId,
    syllabus: syllabi[7]!._id,
    module: question.moduleId,
    topic: question.topicId,
    paper: paper._id,
    question: question._id,
    solution: solution._id,
    voter,
  };
}
