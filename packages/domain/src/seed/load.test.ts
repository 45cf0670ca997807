import { describe, expect, it } from 'vitest';
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
  UserModel,
  VoteModel,
} from '../models.js';
import { listPapers } from '../paper/service.js';
import { seedSampleCatalog } from './load.js';
import { paperDraftsSettled } from '../drafts/compute.js';
import { getPaperDrafts } from '../drafts/service.js';
import { listSolutions } from '../solution/service.js';
import { useTestDatabase } from '../test-support/database.js';

useTestDatabase();

// The two tests share this file's database and run in order: the first needs it empty.
describe('seedSampleCatalog', () => {
  it(
    'when the database is empty, then a consistent catalog is loaded and the counts are reported',
    { timeout: 120_000 },
    async () => {
      const { created } = await seedSampleCatalog();

      expect(created).toEqual({
        users: await UserModel.countDocuments(),
        universities: await UniversityModel.countDocuments(),
        branches: await BranchModel.countDocuments(),
        semesters: await SemesterModel.countDocuments(),
        subjects: await SubjectModel.countDocuments(),
        subjectOfferings: await SubjectOfferingModel.countDocuments(),
        syllabi: await SyllabusModel.countDocuments(),
        modules: await ModuleModel.countDocuments(),
        topics: await TopicModel.countDocuments(),
        papers: await PaperModel.countDocuments(),
        paperFiles: await PaperModel.countDocuments({ file: { $ne: null } }),
        questions: await QuestionModel.countDocuments(),
        solutions: await SolutionModel.countDocuments(),
        votes: await VoteModel.countDocuments(),
      });
      expect(created.universities).toBe(2);
      expect(created.subjects).toBeGreaterThanOrEqual(4);
      expect(created.subjects).toBeLessThanOrEqual(6);
      expect(created.syllabi).toBe(created.subjectOfferings);
      expect(created.paperFiles).toBeGreaterThanOrEqual(3);
      expect(await UserModel.findOne({ externalId: 'seed_admin' }).lean()).toMatchObject({
        role: 'admin',
        isActive: true,
      });

      const papers = await PaperModel.find().lean();
      expect(new Set(papers.map((p) => p.status))).toEqual(
        new Set(['draft', 'pending', 'approved', 'rejected']),
      );
      for (const paper of papers) {
        const last = paper.statusHistory.at(-1);
        if (paper.status === 'draft') expect(paper.statusHistory).toEqual([]);
        else expect(last?.to).toBe(paper.status);
      }

      const questions = await QuestionModel.find().lean();
      expect(new Set(questions.map((q) => q.type))).toEqual(
        new Set(['mcq', 'short', 'long', 'numerical', 'coding']),
      );
      expect(new Set(questions.map((q) => q.difficulty))).toEqual(
        new Set(['easy', 'medium', 'hard']),
      );
      const paperById = new Map(papers.map((p) => [String(p._id), p]));
      const modules = new Map((await ModuleModel.find().lean()).map((m) => [String(m._id), m]));
      const topics = new Map((await TopicModel.find().lean()).map((t) => [String(t._id), t]));
      for (const q of questions) {
        const paper = paperById.get(String(q.paperId))!;
        expect(String(q.subjectOfferingId)).toBe(String(paper.subjectOfferingId));
        if (q.type === 'mcq') expect(q.options!.length).toBeGreaterThanOrEqual(2);
        else expect(q.options ?? []).toEqual([]);
        if (q.moduleId)
          expect(String(modules.get(String(q.moduleId))!.subjectOfferingId)).toBe(
            String(q.subjectOfferingId),
          );
        if (q.topicId)
          expect(String(topics.get(String(q.topicId))!.moduleId)).toBe(String(q.moduleId));
      }

      const solutions = new Map((await SolutionModel.find().lean()).map((s) => [String(s._id), s]));
      const votes = await VoteModel.find().lean();
      expect(votes.some((v) => v.value === -1)).toBe(true);
      for (const vote of votes)
        expect(String(vote.userId)).not.toBe(
          String(solutions.get(String(vote.solutionId))!.authorId),
        );
      expect(new Set(votes.map((v) => `${v.solutionId}:${v.userId}`)).size).toBe(votes.length);
      expect(new Set(votes.map((v) => String(v.userId))).size).toBeGreaterThanOrEqual(3);

      // The services read the seeded catalog as they would their own data.
      const visible = await listPapers({ actor: null, query: { limit: 100 } });
      expect(visible.items.length).toBe(papers.filter((p) => p.status === 'approved').length);
      const ranked = await listSolutions({ actor: null, query: { limit: 100 } });
      expect(ranked.items.length).toBeGreaterThan(0);
      expect(ranked.items.some((s) => s.score !== 0)).toBe(true);
    },
  );

  it('when the seeded papers have PDFs, then each has several pages and its drafts are its questions', async () => {
    const admin = await UserModel.findOne({ externalId: 'seed_admin' }).lean();
    const actor = {
      id: String(admin!._id),
      externalId: 'seed_admin',
      role: 'admin' as const,
      isActive: true,
    };
    const withFiles = await PaperModel.find({ file: { $ne: null } }, { _id: 1 }).lean();
    expect(withFiles.length).toBeGreaterThan(0);
    for (const { _id } of withFiles) {
      const id = String(_id);
      await paperDraftsSettled(id);
      const read = await getPaperDrafts({ actor, id });
      expect(read).toMatchObject({ status: 'ready', textLayer: true });
      expect(read.pages).toBeGreaterThanOrEqual(2);
      // The PDF prints the questions in the order they were created.
      const questions = await QuestionModel.find({ paperId: _id })
        .sort({ createdAt: 1, _id: 1 })
        .lean();
      expect(read.drafts.map((d) => d.number)).toEqual(questions.map((_, i) => String(i + 1)));
      expect(read.drafts.map((d) => [d.text, d.marks, d.options])).toEqual(
        questions.map((q) => [q.text, q.marks, q.options?.length ? q.options : null]),
      );
    }
  });

  it('when the database already holds data, then seeding is refused with a 409 and nothing is added', async () => {
    const before = await PaperModel.countDocuments();
    await expect(seedSampleCatalog()).rejects.toMatchObject({ status: 409 });
    expect(await PaperModel.countDocuments()).toBe(before);
    expect(await UserModel.countDocuments({ externalId: 'seed_admin' })).toBe(1);
  });
});
