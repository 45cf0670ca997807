// Large catalog trees for the round-trip tests, written straight through the models in bulk.
import { Types } from 'mongoose';
import { BranchModel } from '../branch/model.js';
import { PaperModel } from '../paper/model.js';
import { QuestionModel } from '../question/model.js';
import { SemesterModel } from '../semester/model.js';
import { SolutionModel, VoteModel } from '../solution/model.js';
import { SubjectModel } from '../subject/model.js';
import { SubjectOfferingModel } from '../subject-offering/model.js';
import { ModuleModel, SyllabusModel, TopicModel } from '../syllabus/model.js';
import { UniversityModel } from '../university/model.js';
import { UserModel } from '../user/model.js';
import { uid } from './service-fixtures.js';

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
