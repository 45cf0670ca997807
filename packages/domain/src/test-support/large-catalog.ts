// A large catalog written straight into the collections (no models, no hooks), for the tests
// that ask the embedded engine how it answers the hot queries at a realistic size.
import { Types } from 'mongoose';
import { mongoose } from '../db.js';
import {
  ModuleModel,
  PaperModel,
  QuestionModel,
  SolutionModel,
  SyllabusModel,
  TopicModel,
  UniversityModel,
  VoteModel,
} from '../models.js';
import { bandFields } from '../similar/plugin.js';
import { bandKeys } from '../similar/signature.js';
import type { AnyModel } from '../storage/model-helpers.js';

const OFFERINGS = 300;
const PAPERS_PER_OFFERING = 4;
const QUESTIONS_PER_PAPER = 5;
const ids = (n: number) => Array.from({ length: n }, () => new Types.ObjectId());

/** Writes documents into a model's collection directly: no validation, no hooks. */
const insert = (model: AnyModel, docs: object[]) =>
  mongoose.connection.db!.collection(model.collection.collectionName).insertMany(docs);

const now = new Date();

/** The offering and university a content document copies from its parent. */
const placeOf = (parent: { subjectOfferingId: Types.ObjectId; universityId: Types.ObjectId }) => ({
  subjectOfferingId: parent.subjectOfferingId,
  universityId: parent.universityId,
});

/** A document with a new id and the timestamps. */
const stamped = <T extends object>(fields: T) => ({
  _id: new Types.ObjectId(),
  ...fields,
  createdAt: now,
  updatedAt: now,
});

/** `count` documents under each parent, each made from its parent, its rank under it and the parent's index. */
const under = <P, T extends object>(
  parents: readonly P[],
  count: number,
  make: (parent: P, rank: number, index: number) => T,
) =>
  parents.flatMap((parent, index) =>
    Array.from({ length: count }, (_, rank) => stamped(make(parent, rank, index))),
  );

/** Seeds the large catalog and returns the ids of one of each kind of thing in it. */
export async function seedLargeCatalog(): Promise<Record<string, Types.ObjectId>> {
  const universities = ids(30);
  const offerings = ids(OFFERINGS);
  const universityOf = (i: number) => universities[i % universities.length]!;
  const branches = ids(100);
  const branchOf = (i: number) => branches[i % branches.length]!;
  await insert(
    UniversityModel,
    universities.map((_id, i) => ({
      _id,
      name: `U${i}`,
      shortName: `U${i}`,
      slug: `u-${i}-${_id}`,
      isActive: i !== 0,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const syllabi = offerings.map((offering, i) =>
    stamped({ subjectOfferingId: offering, universityId: universityOf(i) }),
  );
  await insert(SyllabusModel, syllabi);
  const modules = under(syllabi, 4, (s, m) => ({
    syllabusId: s._id,
    ...placeOf(s),
    title: `M${m}`,
    order: m,
  }));
  await insert(ModuleModel, modules);
  const topics = under(modules, 3, (m, t) => ({
    moduleId: m._id,
    syllabusId: m.syllabusId,
    ...placeOf(m),
    title: `T${t}`,
    order: t,
  }));
  await insert(TopicModel, topics);
  const papers = under(offerings, PAPERS_PER_OFFERING, (offering, p, i) => ({
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
  }));
  await insert(PaperModel, papers);
  let n = 0;
  const questions = under(papers, QUESTIONS_PER_PAPER, (paper, q) => {
    n += 1;
    const module = modules[(n * 7) % modules.length]!;
    return {
      paperId: paper._id,
      ...placeOf(paper),
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
    };
  });
  for (let i = 0; i < questions.length; i += 2_000) {
    await insert(QuestionModel, questions.slice(i, i + 2_000));
  }
  const solutions = questions
    .filter((_, i) => i % 3 === 0)
    .map((q) =>
      stamped({
        questionId: q._id,
        paperId: q.paperId,
        ...placeOf(q),
        paperStatus: q.paperStatus,
        visible: q.visible,
        authorId: new Types.ObjectId(),
        content: 'S',
      }),
    );
  await insert(SolutionModel, solutions);
  const voter = new Types.ObjectId();
  const vote = (s: (typeof solutions)[number], userId: Types.ObjectId, value: number) =>
    stamped({
      solutionId: s._id,
      questionId: s.questionId,
      subjectOfferingId: s.subjectOfferingId,
      userId,
      value,
    });
  await insert(VoteModel, [
    ...solutions.map((s) => vote(s, new Types.ObjectId(), 1)),
    ...solutions.slice(0, 50).map((s) => vote(s, voter, -1)),
  ]);
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
