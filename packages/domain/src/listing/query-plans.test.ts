// Every hot query shape of the services and loaders, explained by the embedded engine: each must
// be pushed down to PostgreSQL and answered by an index scan (the GIN expression indexes that
// @qpc/ferretdb makes for the fields the models index). Runs on the embedded PostgreSQL engine
// only: MongoDB and FerretDB's SQLite backend return no PostgreSQL plan.
import type {} from '@qpc/ferretdb/vitest-global-setup';
import {
  analyzeDatabase,
  explainAggregate,
  explainFind,
  isAnsweredByIndex,
  isCountedInPostgres,
  isIndexedPage,
  nodeTypesOf,
} from '@qpc/ferretdb';
import { Types } from 'mongoose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { mongoose } from '../db.js';
import { SORT_FIELDS } from './list-query.js';
import { findByIds } from './loading.js';
import { orderOf } from './pagination.js';
import { PAPER_ORDER } from '../paper/model.js';
import { QUESTION_ORDER } from '../question/model.js';
import { SUBJECT_ORDER } from '../subject/model.js';
import { UNIVERSITY_ORDER } from '../university/model.js';
import { USER_ORDER } from '../user/model.js';
import { QuestionModel } from '../question/model.js';
import { fieldOf } from '../search/tokens.js';
import { findSimilar, MAX_CANDIDATES_PER_BAND } from '../similar/lookup.js';
import { BAND_PROJECTION, bandFields, keysOf } from '../similar/plugin.js';
import { BANDS, bandKeys } from '../similar/signature.js';
import type { ModelName } from '../writing/reference-table.js';
import { useTestDatabase } from '../test-support/database.js';

const postgresUrl = inject('postgresUrl');
const { uri } = useTestDatabase();

const OFFERINGS = 300;
const PAPERS_PER_OFFERING = 4;
const QUESTIONS_PER_PAPER = 5;
const ids = (n: number) => Array.from({ length: n }, () => new Types.ObjectId());

const collection = (name: ModelName) => mongoose.model(name).collection.collectionName;

/** A catalog of 6,000 questions in 300 offerings (and their parents, solutions and votes), inserted directly. */
async function seedLargeCatalog(): Promise<Record<string, Types.ObjectId>> {
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

let catalog: Promise<Record<string, Types.ObjectId>> | undefined;
/** The large catalog, seeded once for this file's blocks. */
const largeCatalog = () => (catalog ??= seedLargeCatalog());

describe.skipIf(!postgresUrl)('hot query shapes on the embedded PostgreSQL engine', () => {
  let keys: Record<string, Types.ObjectId>;

  beforeAll(async () => {
    keys = await largeCatalog();
    // Statistics as a running server would have them after autovacuum.
    await analyzeDatabase(postgresUrl, new URL(uri()).pathname.slice(1));
  }, 120_000);

  // [collection, filter] of every equality the services and loaders send with a hot read.
  const shapes = (): [ModelName, string, Record<string, unknown>][] => [
    [
      'Paper',
      'papers of an offering (public)',
      { subjectOfferingId: keys.offering, visible: true },
    ],
    ['Paper', 'papers of a university', { universityId: keys.university, visible: true }],
    ['Paper', 'papers of a branch', { branchId: keys.branch }],
    ['Paper', 'papers of a semester', { semesterId: keys.semester }],
    ['Paper', 'papers of a subject', { subjectId: keys.subject }],
    ['Question', 'questions of a module (public)', { moduleId: keys.module, visible: true }],
    ['Question', 'questions of a topic', { topicId: keys.topic }],
    ['Question', 'questions of a paper', { paperId: keys.paper }],
    [
      'Question',
      'questions of an offering (tree)',
      { subjectOfferingId: keys.offering, visible: true },
    ],
    ['Solution', 'solutions of a question', { questionId: keys.question, visible: true }],
    ['Solution', 'solutions of an offering (tree)', { subjectOfferingId: keys.offering }],
    ['Vote', 'votes of a solution', { solutionId: keys.solution }],
    ['Vote', 'votes of an offering (tree)', { subjectOfferingId: keys.offering }],
    [
      'Vote',
      "the caller's votes in an offering",
      { subjectOfferingId: keys.offering, userId: keys.voter },
    ],
    ['Syllabus', 'syllabus of an offering', { subjectOfferingId: keys.offering }],
    ['Module', 'modules of a syllabus', { syllabusId: keys.syllabus }],
    ['Topic', 'topics of a syllabus', { syllabusId: keys.syllabus }],
    [
      'Question',
      'search: a key of the rarest word (public)',
      { visible: true, [fieldOf('hashi')]: 'hashi' },
    ],
    [
      'Question',
      'similar questions: one band key',
      { similarBand3: bandKeys(String(keys.subject), 'explain topic 9 of paper 3')[3]! },
    ],
    [
      'Paper',
      'search: a key of the rarest word (public)',
      { visible: true, [fieldOf('algor')]: 'algor' },
    ],
  ];

  it('when each hot shape is explained, then it is pushed down and answered by an index scan', async () => {
    const db = mongoose.connection.db!;
    const failures: string[] = [];
    for (const [model, label, filter] of shapes()) {
      const explained = await explainFind(db, collection(model), filter);
      if (!explained.filterPushdown || !isAnsweredByIndex(explained.plan)) {
        failures.push(
          `${label}: pushdown ${explained.filterPushdown}, plan ${JSON.stringify(explained.plan)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('when a filter adds an operator the engine cannot push down, then its equality is still pushed down to an index', async () => {
    const db = mongoose.connection.db!;
    const hidden = [new Types.ObjectId()];
    const explained = await explainFind(db, collection('Question'), {
      subjectOfferingId: keys.offering,
      visible: true,
      universityId: { $nin: hidden },
    });
    expect(explained.filterPushdown).toBe(true);
    expect(isAnsweredByIndex(explained.plan)).toBe(true);
  });

  it('when similar questions are looked up, then one query unites the bands, each an indexed equality, with its limit pushed down', async () => {
    const db = mongoose.connection.db!;
    const question = await QuestionModel.findById(keys.question, BAND_PROJECTION).lean();
    const sent: { filter: Record<string, unknown>; options: Record<string, unknown> }[] = [];
    mongoose.set(
      'debug',
      (_collection: string, method: string, filter: unknown, options: unknown) => {
        if (method === 'find') sent.push({ filter: filter as never, options: options as never });
      },
    );
    try {
      await findSimilar({ keys: keysOf(question), text: 'explain topic 9 of paper 3' });
    } finally {
      mongoose.set('debug', false);
    }
    expect(sent).toHaveLength(1);
    const [{ filter, options }] = sent as [(typeof sent)[number]];
    const branches = filter.$or as Record<string, unknown>[];
    expect(branches).toHaveLength(BANDS);
    for (const branch of branches) expect(Object.keys(branch)).toHaveLength(1);
    const limit = MAX_CANDIDATES_PER_BAND * BANDS;
    expect(options).toMatchObject({ limit, sort: { _id: 1 } });
    expect(options.projection).toMatchObject({ paperId: 1, text: 1 });
    const explained = await explainFind(db, collection('Question'), filter, {
      sort: { _id: 1 },
      limit,
    });
    expect(explained.filterPushdown).toBe(true);
    expect(explained.limitPushdown).toBe(true);
    expect(isAnsweredByIndex(explained.plan), nodeTypesOf(explained.plan).join(' > ')).toBe(true);
  });

  it("when a tree's loader reads one parent by id, then its filter is pushed down and answered by an index", async () => {
    const db = mongoose.connection.db!;
    const sent: Record<string, unknown>[] = [];
    mongoose.set('debug', (_collection: string, method: string, filter: unknown) => {
      if (method === 'find') sent.push(filter as Record<string, unknown>);
    });
    try {
      await findByIds(QuestionModel, [String(keys.question)]);
    } finally {
      mongoose.set('debug', false);
    }
    expect(sent).toHaveLength(1);
    const explained = await explainFind(db, collection('Question'), sent[0]!);
    expect(explained.filterPushdown).toBe(true);
    expect(isAnsweredByIndex(explained.plan)).toBe(true);
  });
});

/** `n` documents of a small list (users, subjects, universities), inserted directly. */
async function seedSmallLists(n: number): Promise<void> {
  const db = mongoose.connection.db!;
  const now = Date.now();
  const at = (i: number) => new Date(now - i * 1_000);
  const rows = (make: (i: number) => Record<string, unknown>) =>
    Array.from({ length: n }, (_, i) => ({ _id: new Types.ObjectId(), ...make(i) }));
  await db.collection(collection('User')).insertMany(
    rows((i) => ({
      externalId: `user_${i}`,
      role: ['normal', 'editor', 'admin'][i % 3],
      isActive: i % 10 !== 0,
      name: `User ${(i * 7919) % n}`,
      email: null,
      createdAt: at(i),
      updatedAt: at(i),
    })),
  );
  await db.collection(collection('Subject')).insertMany(
    rows((i) => ({
      name: `Subject ${(i * 7919) % n}`,
      slug: `subject-${i}`,
      createdAt: at(i),
      updatedAt: at(i),
    })),
  );
  await db.collection(collection('University')).insertMany(
    rows((i) => ({
      name: `University ${(i * 7919) % n}`,
      shortName: `U${i}`,
      slug: `university-${i}`,
      isActive: true,
      deletedAt: null,
      contentSweep: null,
      createdAt: at(i),
      updatedAt: at(i),
    })),
  );
}

describe.skipIf(!postgresUrl)('every list order on the embedded PostgreSQL engine', () => {
  beforeAll(async () => {
    await largeCatalog();
    await seedSmallLists(3_000);
    await analyzeDatabase(postgresUrl, new URL(uri()).pathname.slice(1));
  }, 180_000);

  // [model, sortable fields, default order, visibility filters the list is read with]
  const lists: [ModelName, readonly string[], Record<string, 1 | -1>, Record<string, unknown>[]][] =
    [
      ['Question', SORT_FIELDS.questions, QUESTION_ORDER, [{ visible: true }, {}]],
      ['Paper', SORT_FIELDS.papers, PAPER_ORDER, [{ visible: true }, {}]],
      ['User', SORT_FIELDS.users, USER_ORDER, [{}]],
      ['Subject', SORT_FIELDS.subjects, SUBJECT_ORDER, [{}]],
      ['University', SORT_FIELDS.universities, UNIVERSITY_ORDER, [{ isActive: true }]],
    ];

  it('when any list is read in its default order or by any sortable field either way, then PostgreSQL answers its page from an index under a LIMIT', async () => {
    const db = mongoose.connection.db!;
    const failures: string[] = [];
    for (const [model, fields, defaultOrder, filters] of lists) {
      const sorts = [
        undefined,
        ...fields.flatMap((field) => [{ [field]: 1 as const }, { [field]: -1 as const }]),
      ];
      for (const filter of filters) {
        for (const sort of sorts) {
          const order = orderOf({ sort }, defaultOrder) as Record<string, 1 | -1>;
          const explained = await explainFind(db, collection(model), filter, {
            sort: order,
            skip: 40,
            limit: 21,
          });
          if (!isIndexedPage(explained)) {
            failures.push(
              `${model} ${JSON.stringify(filter)} ${JSON.stringify(order)}: ${nodeTypesOf(explained.plan).join(' > ')}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('when a public list counts its total, then PostgreSQL counts it (count(*)), not FerretDB document by document', async () => {
    const db = mongoose.connection.db!;
    for (const model of ['Question', 'Paper'] as const) {
      const explained = await explainAggregate(db, collection(model), [
        { $match: { visible: true } },
        { $group: { _id: 1, n: { $sum: 1 } } },
      ]);
      expect(isCountedInPostgres(explained)).toBe(true);
    }
  });
});
