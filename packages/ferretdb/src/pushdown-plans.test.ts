import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import type { Db, Document, Sort } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  explainAggregate,
  explainFind,
  isAnsweredByIndex,
  isCountedInPostgres,
  isIndexedPage,
  nodeTypesOf,
  planNodes,
} from './explain.js';
import type { FindExplanation } from './explain.js';
import { analyzeDatabase, withPostgres } from './pg-client.js';
import { startFerretDB } from './server.js';
import type { FerretDBServer } from './server.js';

// A realistic size: at a few hundred rows PostgreSQL rightly reads the whole table.
const ROWS = 20_000;
const TYPES = ['short', 'long', 'mcq'];
/** The documents below whose type is an array holding 'long', and visible. */
const ARRAY_TYPED_VISIBLE = 2;

/** A page served by an index in PostgreSQL: Limit over an index scan, no sort, no table scan. */
function expectIndexedPage(explained: FindExplanation): void {
  expect(explained).toMatchObject({ sortPushdown: true, limitPushdown: true });
  expect(isIndexedPage(explained), nodeTypesOf(explained.plan).join(' > ')).toBe(true);
}

describe('pushed sorts, limits and counts use the model indexes (plan, after ANALYZE)', () => {
  let server: FerretDBServer;
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    server = await startFerretDB({ dataDir: mkdtempSync(join(tmpdir(), 'qpc-plans-')) });
    client = new MongoClient(`${server.uri}plans`);
    await client.connect();
    db = client.db();
    const questions = db.collection('questions');
    // The indexes the models declare for their list sorts (sortIndexes): each order plain, and
    // again partial on `{visible: true}`.
    for (const field of ['createdAt', 'marks', 'examYear']) {
      const order = { [field]: -1, _id: -1 } as const;
      await questions.createIndex(order);
      await questions.createIndex(order, {
        name: `visible_${field}`,
        partialFilterExpression: { visible: true },
      });
    }
    // One partial index per type, as the question model declares (visiblePartIndexes).
    for (const type of TYPES) {
      await questions.createIndex(
        { createdAt: -1, _id: -1 },
        { name: `visible_type_${type}`, partialFilterExpression: { visible: true, type } },
      );
    }
    const start = Date.UTC(2020, 0, 1);
    for (let offset = 0; offset < ROWS; offset += 2_000) {
      await questions.insertMany(
        Array.from({ length: 2_000 }, (_, k) => {
          const i = offset + k;
          return {
            _id: new ObjectId(),
            visible: i % 10 !== 0,
            type: TYPES[i % TYPES.length],
            marks: (i * 7) % 20,
            examYear: 2010 + (i % 15),
            createdAt: new Date(start + i * 60_000),
            text: `Question ${i}`,
          };
        }),
      );
    }
    // Array-valued types: MongoDB's equality matches an array holding the value, and the exact
    // clause (and so the partial index) must too; an ObjectId whose hex is not a string is no match.
    await questions.insertMany([
      { visible: true, type: ['long', 'short'], createdAt: new Date(start - 60_000) },
      { visible: true, type: [new ObjectId(), 'long'], createdAt: new Date(start - 120_000) },
      { visible: false, type: ['long'], createdAt: new Date(start - 180_000) },
    ]);
    await analyzeDatabase(server.postgres!.url, 'plans');
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  const pages: [string, Document, Sort, number][] = [
    ['visible, newest first', { visible: true }, { createdAt: -1, _id: -1 }, 0],
    [
      'visible of one type, newest first',
      { visible: true, type: 'long' },
      { createdAt: -1, _id: -1 },
      0,
    ],
    ['visible, most marks first, page 500', { visible: true }, { marks: -1, _id: -1 }, 9_980],
    ['visible, newest first, page 500', { visible: true }, { createdAt: -1, _id: -1 }, 9_980],
    ['visible, latest exam year first', { visible: true }, { examYear: -1, _id: -1 }, 0],
    ['everything (editors), newest first', {}, { createdAt: -1, _id: -1 }, 0],
  ];

  it.each(pages)(
    'when listing %s, then PostgreSQL answers with an index scan under a LIMIT',
    async (_name, filter, sort, skip) => {
      const explained = await explainFind(db, 'questions', filter, { sort, skip, limit: 20 });
      expectIndexedPage(explained);
      const page = await db
        .collection('questions')
        .find(filter)
        .sort(sort)
        .skip(skip)
        .limit(20)
        .toArray();
      expect(page).toHaveLength(20);
    },
  );

  it('when an index is partial on a flag, then the flag gets statistics and no GIN index, and an equality lookup on other fields does not read the partial indexes', async () => {
    const made = await withPostgres(server.postgres!.url, async (pg) => {
      const statistics = await pg.query<{ expression: string }>(
        `SELECT unnest(pg_get_statisticsobjdef_expressions(oid)) AS expression
           FROM pg_statistic_ext WHERE stxnamespace = 'plans'::regnamespace`,
      );
      const gin = await pg.query<{ definition: string }>(
        `SELECT indexdef AS definition FROM pg_indexes
          WHERE schemaname = 'plans' AND indexdef LIKE '%USING gin%'`,
      );
      return {
        statistics: statistics.rows.map((r) => r.expression),
        gin: gin.rows.map((r) => r.definition),
      };
    });
    expect(made.statistics).toContain("(_jsonb -> 'visible'::text)");
    expect(made.gin.join('\n')).toContain("'marks'");
    expect(made.gin.join('\n')).not.toContain("'visible'");

    const filter = { visible: true, marks: 7, examYear: 2011 };
    const explained = await explainFind(db, 'questions', filter);
    expect(explained.filterPushdown).toBe(true);
    const scanned = planNodes(explained.plan).flatMap((node) =>
      node['Index Name'] ? [String(node['Index Name'])] : [],
    );
    expect(scanned.length, nodeTypesOf(explained.plan).join(' > ')).toBeGreaterThan(0);
    expect(
      scanned.every((name) => name.endsWith('_gin')),
      scanned.join(', '),
    ).toBe(true);
    const found = await db.collection('questions').find(filter).toArray();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((q) => q.visible === true && q.marks === 7 && q.examYear === 2011)).toBe(
      true,
    );
  });

  it('when a batch is read by ids ($in, as a DataLoader asks), then PostgreSQL looks them up in an index', async () => {
    const questions = db.collection('questions');
    const ids = (await questions.find({}).skip(100).limit(25).toArray()).map((q) => q._id);
    const filter = { _id: { $in: ids }, visible: true };
    const explained = await explainFind(db, 'questions', filter);
    expect(explained.filterPushdown).toBe(true);
    expect(
      isAnsweredByIndex(explained.plan, { ginOnly: false }),
      nodeTypesOf(explained.plan).join(' > '),
    ).toBe(true);
    const found = await questions.find(filter).toArray();
    expect(found.map((q) => String(q._id)).sort()).toEqual(
      (await questions.find({ visible: true }).toArray())
        .map((q) => String(q._id))
        .filter((id) => ids.some((wanted) => String(wanted) === id))
        .sort(),
    );
    expect(found.length).toBeGreaterThan(0);
  });

  it('when counting the visible documents (countDocuments), then PostgreSQL counts them, from an index once vacuumed', async () => {
    await analyzeDatabase(server.postgres!.url, 'plans', { vacuum: true });
    const explained = await explainAggregate(db, 'questions', [
      { $match: { visible: true } },
      { $group: { _id: 1, n: { $sum: 1 } } },
    ]);
    expect(isCountedInPostgres(explained)).toBe(true);
    expect(nodeTypesOf(explained.plan)).toContain('Index Only Scan');
    expect(await db.collection('questions').countDocuments({ visible: true })).toBe(
      ROWS - ROWS / 10 + ARRAY_TYPED_VISIBLE,
    );
  });

  it("when counting the visible documents of one type, then PostgreSQL counts them from that type's partial index alone, arrays holding the type included", async () => {
    await analyzeDatabase(server.postgres!.url, 'plans', { vacuum: true });
    const filter = { visible: true, type: 'long' };
    const explained = await explainAggregate(db, 'questions', [
      { $match: filter },
      { $group: { _id: 1, n: { $sum: 1 } } },
    ]);
    expect(isCountedInPostgres(explained)).toBe(true);
    const scans = planNodes(explained.plan).filter(
      (node) => node['Node Type'] === 'Index Only Scan',
    );
    expect(scans.map((node) => node['Index Name'])).toEqual([
      expect.stringContaining('visible_type_long'),
    ]);
    // The same filter with a clause FerretDB filters itself: counted document by document.
    const slow = { ...filter, text: { $exists: true } };
    const singles = await db.collection('questions').countDocuments(slow);
    expect(singles).toBe(
      Array.from({ length: ROWS }, (_, i) => i).filter(
        (i) => i % 10 !== 0 && TYPES[i % TYPES.length] === 'long',
      ).length,
    );
    expect(await db.collection('questions').countDocuments(filter)).toBe(
      singles + ARRAY_TYPED_VISIBLE,
    );
  });

  it('when an index has a partialFilterExpression, then listIndexes returns it, the same key with another filter is another index, and a filter the engine cannot express exactly is refused', async () => {
    const questions = db.collection('questions');
    const partial = (await questions.listIndexes().toArray()).filter((index) =>
      String(index.name).startsWith('visible_type_'),
    );
    expect(partial.map((index) => [index.key, index.partialFilterExpression])).toEqual(
      [...TYPES].sort().map((type) => [
        { createdAt: -1, _id: -1 },
        { visible: true, type },
      ]),
    );
    await expect(
      questions.createIndex(
        { marks: 1 },
        { name: 'marked', partialFilterExpression: { marks: { $gt: 5 } } },
      ),
    ).rejects.toMatchObject({
      codeName: 'NotImplemented',
      message: expect.stringContaining(
        'partialFilterExpression is implemented only for top-level equalities',
      ),
    });
    expect((await questions.listIndexes().toArray()).map((index) => index.name)).not.toContain(
      'marked',
    );
  });
});
