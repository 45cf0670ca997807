// Every hot query shape of the services and loaders, explained by the embedded engine: each must
// be pushed down to PostgreSQL and answered by an index scan (the GIN expression indexes that
// @qpc/ferretdb makes for the fields the models index). Runs on the embedded PostgreSQL engine
// only: MongoDB and FerretDB's SQLite backend return no PostgreSQL plan.
import type {} from '@qpc/ferretdb/vitest-global-setup';
import { analyzeDatabase, explainFind, isAnsweredByIndex, nodeTypesOf } from '@qpc/ferretdb';
import { Types } from 'mongoose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { mongoose } from '../db.js';
import { findByIds } from './loading.js';
import { QuestionModel } from '../question/model.js';
import { MAX_CANDIDATES, searchPageBy } from '../search/service.js';
import { fieldOf } from '../search/tokens.js';
import { findSimilar, MAX_CANDIDATES_PER_BAND } from '../similar/lookup.js';
import { BAND_PROJECTION, keysOf } from '../similar/plugin.js';
import { BANDS, bandKeys } from '../similar/signature.js';
import type { AnyModel } from '../storage/model-helpers.js';
import { SolutionModel, VoteModel } from '../solution/model.js';
import { ModuleModel, SyllabusModel, TopicModel } from '../syllabus/model.js';
import { PaperModel } from '../paper/model.js';
import { useTestDatabase } from '../test-support/database.js';
import { seedLargeCatalog } from '../test-support/large-catalog.js';

const postgresUrl = inject('postgresUrl');
const { uri } = useTestDatabase();

const collection = (model: AnyModel) => model.collection.collectionName;

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
  const shapes = (): [AnyModel, string, Record<string, unknown>][] => [
    [
      PaperModel,
      'papers of an offering (public)',
      { subjectOfferingId: keys.offering, visible: true },
    ],
    [PaperModel, 'papers of a university', { universityId: keys.university, visible: true }],
    [PaperModel, 'papers of a branch', { branchId: keys.branch }],
    [PaperModel, 'papers of a semester', { semesterId: keys.semester }],
    [PaperModel, 'papers of a subject', { subjectId: keys.subject }],
    [QuestionModel, 'questions of a module (public)', { moduleId: keys.module, visible: true }],
    [QuestionModel, 'questions of a topic', { topicId: keys.topic }],
    [QuestionModel, 'questions of a paper', { paperId: keys.paper }],
    [
      QuestionModel,
      'questions of an offering (tree)',
      { subjectOfferingId: keys.offering, visible: true },
    ],
    [SolutionModel, 'solutions of a question', { questionId: keys.question, visible: true }],
    [SolutionModel, 'solutions of an offering (tree)', { subjectOfferingId: keys.offering }],
    [VoteModel, 'votes of a solution', { solutionId: keys.solution }],
    [VoteModel, 'votes of an offering (tree)', { subjectOfferingId: keys.offering }],
    [
      VoteModel,
      "the caller's votes in an offering",
      { subjectOfferingId: keys.offering, userId: keys.voter },
    ],
    [SyllabusModel, 'syllabus of an offering', { subjectOfferingId: keys.offering }],
    [ModuleModel, 'modules of a syllabus', { syllabusId: keys.syllabus }],
    [TopicModel, 'topics of a syllabus', { syllabusId: keys.syllabus }],
    [
      QuestionModel,
      'search: a key of the rarest word (public)',
      { visible: true, [fieldOf('hashi')]: 'hashi' },
    ],
    [
      QuestionModel,
      'similar questions: one band key',
      { similarBand3: bandKeys(String(keys.subject), 'explain topic 9 of paper 3')[3]! },
    ],
    [
      PaperModel,
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
    const explained = await explainFind(db, collection(QuestionModel), {
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
    const explained = await explainFind(db, collection(QuestionModel), filter, {
      sort: { _id: 1 },
      limit,
    });
    expect(explained.filterPushdown).toBe(true);
    expect(explained.limitPushdown).toBe(true);
    expect(isAnsweredByIndex(explained.plan), nodeTypesOf(explained.plan).join(' > ')).toBe(true);
  });

  it('when a search reads its candidates in process (an engine without searchEntries), then the find is sorted by id and limited, and PostgreSQL answers it from an index under the LIMIT', async () => {
    const db = mongoose.connection.db!;
    // Through the model, so that the word has its keys and its count.
    await QuestionModel.create({
      ...{ paperId: keys.paper, subjectOfferingId: keys.offering, universityId: keys.university },
      ...{ paperStatus: 'approved', visible: true, type: 'short', difficulty: 'easy' },
      ...{ text: 'State the quokkaesque lemma', slug: 'state-the-quokkaesque-lemma' },
    });
    const sent: { filter: Record<string, unknown>; options: Record<string, unknown> }[] = [];
    const questions = collection(QuestionModel);
    mongoose.set('debug', (name: string, method: string, filter: unknown, options: unknown) => {
      if (name === questions && method === 'find')
        sent.push({ filter: filter as never, options: options as never });
    });
    let found;
    try {
      found = (
        await searchPageBy('in-process', {
          actor: null,
          query: { q: 'quokkaesque', type: 'question' },
        })
      ).result;
    } finally {
      mongoose.set('debug', false);
    }
    expect(found.items).toHaveLength(1);
    expect(sent).toHaveLength(1);
    const [{ filter, options }] = sent as [(typeof sent)[number]];
    expect(options).toMatchObject({ limit: MAX_CANDIDATES, sort: { _id: -1 } });
    const explained = await explainFind(db, questions, filter, {
      sort: { _id: -1 },
      limit: MAX_CANDIDATES,
    });
    expect(explained.filterPushdown).toBe(true);
    expect(explained.sortPushdown).toBe(true);
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
    const explained = await explainFind(db, collection(QuestionModel), sent[0]!);
    expect(explained.filterPushdown).toBe(true);
    expect(isAnsweredByIndex(explained.plan)).toBe(true);
  });
});
