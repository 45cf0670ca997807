// Property tests of every create and update that takes a name or a text (contract, fourth
// release, "No write is half done"): arbitrary Unicode through the real services on the real
// database. Each answer is the resource, whole, or a 400/409 refusal that changed nothing; never
// another error (a 500 at the edge). fast-check prints the seed and path of a failing run.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access.js';
import { BranchModel } from '../branch/model.js';
import { createBranch, updateBranch } from '../branch/service.js';
import { PaperModel } from '../paper/model.js';
import { createPaper, updatePaper } from '../paper/service.js';
import { QuestionModel } from '../question/model.js';
import { createQuestion, updateQuestion } from '../question/service.js';
import { SemesterModel } from '../semester/model.js';
import { createSemester, updateSemester } from '../semester/service.js';
import { SolutionModel } from '../solution/model.js';
import { createSolution, updateSolution } from '../solution/service.js';
import { SubjectModel } from '../subject/model.js';
import { createSubject, updateSubject } from '../subject/service.js';
import { ModuleModel, TopicModel } from '../syllabus/model.js';
import { createModule, createTopic, updateModule, updateTopic } from '../syllabus/service.js';
import { useTestActors } from '../test-support/database.js';
import { makeTree } from '../test-support/service-fixtures.js';
import { PROPERTY_RUNS, unicodeText } from '../test-support/unicode-text.js';
import { UniversityModel } from '../university/model.js';
import { createUniversity, updateUniversity } from '../university/service.js';
import {
  expectWholeCreate,
  expectWholeUpdate,
  expectAnswered,
  expectSearchKeys,
  expectBands,
  expectNameKeys,
} from '../test-support/whole-write-checks.js';

const { actors } = useTestActors();
let tree: Awaited<ReturnType<typeof makeTree>>;
let admin: Actor;
beforeAll(async () => {
  admin = actors.admin;
  tree = await makeTree(admin);
});

/** Many writes per test: 30 runs of one or two writes each, on a loaded machine. */
const PROPERTY_TIMEOUT = 180_000;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const optional = (text: fc.Arbitrary<string>) => fc.option(text, { nil: undefined });

describe('writes of arbitrary Unicode names and texts', () => {
  it(
    'when universities are created and renamed, then each is whole with its slug and name keys, or refused unchanged',
    async () => {
      const checkUniversity = async (
        u: { id: string; slug: string },
        doc: Record<string, unknown>,
      ) => {
        expect(u.slug).toMatch(SLUG);
        expectAnswered(u, doc, ['name', 'shortName', 'slug']);
        await expectNameKeys(u.id);
      };
      await fc.assert(
        fc.asyncProperty(unicodeText(), unicodeText(20), async (name, shortName) => {
          await expectWholeCreate(
            UniversityModel,
            () => createUniversity({ actor: admin, input: { name, shortName } }),
            checkUniversity,
          );
        }),
        PROPERTY_RUNS,
      );
      const id = tree.university.id;
      await fc.assert(
        fc.asyncProperty(
          optional(unicodeText()),
          optional(unicodeText(20)),
          async (name, shortName) => {
            await expectWholeUpdate(
              UniversityModel,
              id,
              () => updateUniversity({ actor: admin, id, input: { name, shortName } }),
              checkUniversity,
            );
          },
        ),
        PROPERTY_RUNS,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'when subjects are created and edited, then each is whole with its slug and search keys, or refused unchanged',
    async () => {
      const checkSubject = async (
        s: { id: string; slug: string },
        doc: Record<string, unknown>,
      ) => {
        expect(s.slug).toMatch(SLUG);
        expectAnswered(s, doc, ['name', 'code', 'description', 'slug']);
        await expectSearchKeys(SubjectModel, s.id);
      };
      const fields = fc.record(
        { name: unicodeText(), code: unicodeText(10), description: unicodeText(80) },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(unicodeText(), fields, async (name, rest) => {
          await expectWholeCreate(
            SubjectModel,
            () => createSubject({ actor: admin, input: { ...rest, name } }),
            checkSubject,
          );
        }),
        PROPERTY_RUNS,
      );
      const id = tree.subject.id;
      await fc.assert(
        fc.asyncProperty(fields, async (input) => {
          await expectWholeUpdate(
            SubjectModel,
            id,
            () => updateSubject({ actor: admin, id, input }),
            checkSubject,
          );
        }),
        PROPERTY_RUNS,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'when branches and semesters are created and renamed, then each is stored as answered, or refused unchanged',
    async () => {
      const universityId = tree.university.id;
      await fc.assert(
        fc.asyncProperty(unicodeText(), optional(unicodeText(10)), async (name, code) => {
          await expectWholeCreate(
            BranchModel,
            () => createBranch({ actor: admin, input: { universityId, name, code } }),
            async (b, doc) => expectAnswered(b, doc, ['name', 'code']),
          );
        }),
        PROPERTY_RUNS,
      );
      await fc.assert(
        fc.asyncProperty(unicodeText(), async (name) => {
          await expectWholeUpdate(
            BranchModel,
            tree.branch.id,
            () => updateBranch({ actor: admin, id: tree.branch.id, input: { name } }),
            async (b, doc) => expectAnswered(b, doc, ['name', 'code']),
          );
        }),
        PROPERTY_RUNS,
      );
      let number = 1;
      await fc.assert(
        fc.asyncProperty(unicodeText(), async (name) => {
          number += 1;
          await expectWholeCreate(
            SemesterModel,
            () =>
              createSemester({ actor: admin, input: { branchId: tree.branch.id, number, name } }),
            async (s, doc) => expectAnswered(s, doc, ['name']),
          );
          await expectWholeUpdate(
            SemesterModel,
            tree.semester.id,
            () => updateSemester({ actor: admin, id: tree.semester.id, input: { name } }),
            async (s, doc) => expectAnswered(s, doc, ['name']),
          );
        }),
        PROPERTY_RUNS,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'when papers are created and retitled, then each is whole with its slug and search keys, or refused unchanged',
    async () => {
      const checkPaper = async (p: { id: string; slug: string }, doc: Record<string, unknown>) => {
        expect(p.slug).toMatch(SLUG);
        expectAnswered(p, doc, ['title', 'slug', 'examYear']);
        await expectSearchKeys(PaperModel, p.id);
      };
      await fc.assert(
        fc.asyncProperty(optional(unicodeText(60)), async (title) => {
          await expectWholeCreate(
            PaperModel,
            () =>
              createPaper({
                actor: admin,
                input: {
                  subjectOfferingId: tree.offering.id,
                  examYear: 2020,
                  examType: 'quiz',
                  title,
                },
              }),
            checkPaper,
          );
        }),
        PROPERTY_RUNS,
      );
      await fc.assert(
        fc.asyncProperty(
          unicodeText(60),
          fc.integer({ min: 2000, max: 2024 }),
          async (title, examYear) => {
            await expectWholeUpdate(
              PaperModel,
              tree.paper.id,
              () => updatePaper({ actor: admin, id: tree.paper.id, input: { title, examYear } }),
              async (p, doc) => {
                await checkPaper(p, doc);
                const questions = await QuestionModel.find(
                  { paperId: tree.paper.id },
                  { examYear: 1 },
                ).lean();
                for (const q of questions) expect(q.examYear).toBe(examYear);
              },
            );
          },
        ),
        PROPERTY_RUNS,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'when questions are created and edited, then each is whole with its slug, search keys and similarity bands, or refused unchanged',
    async () => {
      const checkQuestion = async (
        q: { id: string; slug: string },
        doc: Record<string, unknown>,
      ) => {
        expect(q.slug).toMatch(SLUG);
        expectAnswered(q, doc, ['text', 'answer', 'options', 'slug']);
        await expectSearchKeys(QuestionModel, q.id);
        await expectBands(q.id);
      };
      const content = fc.oneof(
        fc.record({
          type: fc.constant('short'),
          text: unicodeText(120),
          answer: optional(unicodeText()),
        }),
        fc.record({
          type: fc.constant('mcq'),
          text: unicodeText(120),
          options: fc.array(unicodeText(20), { minLength: 2, maxLength: 4 }),
        }),
      );
      await fc.assert(
        fc.asyncProperty(content, async (input) => {
          await expectWholeCreate(
            QuestionModel,
            () =>
              createQuestion({
                actor: admin,
                input: { ...input, paperId: tree.paper.id, difficulty: 'easy' },
              }),
            checkQuestion,
          );
        }),
        PROPERTY_RUNS,
      );
      const id = tree.question.id;
      await fc.assert(
        fc.asyncProperty(unicodeText(120), optional(unicodeText()), async (text, answer) => {
          await expectWholeUpdate(
            QuestionModel,
            id,
            () => updateQuestion({ actor: admin, id, input: { text, answer } }),
            checkQuestion,
          );
        }),
        PROPERTY_RUNS,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'when solutions, modules and topics are written, then each is stored as answered, or refused unchanged',
    async () => {
      await fc.assert(
        fc.asyncProperty(unicodeText(80), async (content) => {
          await expectWholeCreate(
            SolutionModel,
            () =>
              createSolution({ actor: admin, input: { questionId: tree.question.id, content } }),
            async (s, doc) => expectAnswered(s, doc, ['content']),
          );
          await expectWholeUpdate(
            SolutionModel,
            tree.solution.id,
            () => updateSolution({ actor: admin, id: tree.solution.id, input: { content } }),
            async (s, doc) => expectAnswered(s, doc, ['content']),
          );
        }),
        PROPERTY_RUNS,
      );
      const subjectOfferingId = tree.offering.id;
      await fc.assert(
        fc.asyncProperty(unicodeText(), async (title) => {
          await expectWholeCreate(
            ModuleModel,
            () => createModule({ actor: admin, input: { subjectOfferingId, title } }),
            async (m, doc) => expectAnswered(m, doc, ['title']),
          );
          await expectWholeCreate(
            TopicModel,
            () => createTopic({ actor: admin, input: { moduleId: tree.module.id, title } }),
            async (t, doc) => expectAnswered(t, doc, ['title']),
          );
          await expectWholeUpdate(
            ModuleModel,
            tree.module.id,
            () => updateModule({ actor: admin, id: tree.module.id, input: { title } }),
            async (m, doc) => expectAnswered(m, doc, ['title']),
          );
          await expectWholeUpdate(
            TopicModel,
            tree.topic.id,
            () => updateTopic({ actor: admin, id: tree.topic.id, input: { title } }),
            async (t, doc) => expectAnswered(t, doc, ['title']),
          );
        }),
        PROPERTY_RUNS,
      );
    },
    PROPERTY_TIMEOUT,
  );
});
