import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainAggregate, explainFind, indexScansOf, isAnsweredByIndex } from './explain.js';
import { analyzeDatabase, withPostgres } from './pg-client.js';
import { startFerretDB } from './server.js';
import type { FerretDBServer } from './server.js';

const MODULES = 200;
const PER_MODULE = 20;

/** Index names and definitions of one collection's table, as PostgreSQL has them. */
async function indexesOf(
  server: FerretDBServer,
  database: string,
  collection: string,
): Promise<{ name: string; definition: string; comment: string | null }[]> {
  return withPostgres(server.postgres!.url, async (client) => {
    const table = await client.query<{ table: string }>(
      `SELECT _jsonb->>'table' AS table FROM ${client.escapeIdentifier(database)}._ferretdb_database_metadata WHERE _jsonb->>'_id' = $1`,
      [collection],
    );
    const rows = await client.query<{ name: string; definition: string; comment: string | null }>(
      `SELECT indexname AS name, indexdef AS definition,
              obj_description(format('%I.%I', schemaname, indexname)::regclass, 'pg_class') AS comment
         FROM pg_indexes WHERE schemaname = $1 AND tablename = $2 ORDER BY indexname`,
      [database, table.rows[0]!.table],
    );
    return rows.rows;
  });
}

describe('GIN indexes for pushed-down equality filters', () => {
  let server: FerretDBServer;
  let client: MongoClient;
  let db: Db;
  const moduleIds = Array.from({ length: MODULES }, () => new ObjectId());

  beforeAll(async () => {
    server = await startFerretDB({ dataDir: mkdtempSync(join(tmpdir(), 'qpc-gin-')) });
    client = new MongoClient(`${server.uri}gin_check`);
    await client.connect();
    db = client.db();
    const questions = db.collection('questions');
    await questions.createIndex({ moduleId: 1 });
    await questions.createIndex({ subjectOfferingId: 1, createdAt: -1 });
    for (let batch = 0; batch < PER_MODULE; batch += 1) {
      await questions.insertMany(
        moduleIds.map((moduleId, i) => ({
          moduleId,
          subjectOfferingId: moduleIds[i % 10],
          status: batch % 2 ? 'approved' : 'pending',
          text: `Question ${batch}.${i} `.repeat(20),
          createdAt: new Date(),
        })),
      );
    }
    await analyzeDatabase(server.postgres!.url, 'gin_check');
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('when the application creates indexes, then each top-level field (and _id) gets a GIN index, marked as ours', async () => {
    const gin = (await indexesOf(server, 'gin_check', 'questions')).filter((i) =>
      i.definition.includes('USING gin'),
    );
    expect(gin.map((i) => i.comment).sort()).toEqual([
      'qpc-gin:_id',
      'qpc-gin:createdAt',
      'qpc-gin:moduleId',
      'qpc-gin:subjectOfferingId',
    ]);
    for (const index of gin) {
      expect(index.name).toMatch(/_gin$/);
      expect(index.definition).toMatch(
        /USING gin \(\(\(_jsonb -> '\w+'::text\)\) jsonb_path_ops\)/,
      );
    }
  });

  it('when finding by an indexed field, then the filter is pushed down and a GIN index scan answers it', async () => {
    const moduleId = moduleIds[42]!;
    const explained = await explainFind(db, 'questions', { moduleId });
    expect(explained.filterPushdown).toBe(true);
    expect(isAnsweredByIndex(explained.plan)).toBe(true);
    expect(indexScansOf(explained.plan)).toEqual([
      { nodeType: 'Bitmap Index Scan', indexName: expect.stringMatching(/moduleid.*_gin$/) },
    ]);
    expect(await db.collection('questions').countDocuments({ moduleId })).toBe(PER_MODULE);
  });

  it('when finding by _id, then a GIN index scan answers it', async () => {
    const one = await db.collection('questions').findOne({ moduleId: moduleIds[7] });
    const explained = await explainFind(db, 'questions', { _id: one!._id });
    expect(explained.filterPushdown).toBe(true);
    expect(isAnsweredByIndex(explained.plan)).toBe(true);
  });

  it('when an equality is mixed with an operator FerretDB cannot push down, then the equality is still pushed down', async () => {
    const explained = await explainFind(db, 'questions', {
      moduleId: moduleIds[3],
      subjectOfferingId: { $nin: [moduleIds[0]] },
    });
    expect(explained.filterPushdown).toBe(true);
    expect(isAnsweredByIndex(explained.plan)).toBe(true);
    expect(JSON.stringify(explained.plan)).not.toContain('subjectOfferingId');
  });

  it('when an aggregation starts with an equality $match, then the $match is pushed down and a GIN index scan answers it', async () => {
    const explained = await explainAggregate(db, 'questions', [
      { $match: { moduleId: moduleIds[9] } },
      { $group: { _id: '$status', n: { $sum: 1 } } },
    ]);
    expect(explained.filterPushdown).toBe(true);
    expect(isAnsweredByIndex(explained.plan)).toBe(true);
  });

  it('when an equality find is sorted and limited, then the patched engine pushes the filter, the sort and the limit', async () => {
    const explained = await explainFind(
      db,
      'questions',
      { moduleId: moduleIds[2] },
      { sort: { createdAt: -1 }, limit: 20 },
    );
    expect(explained).toMatchObject({
      filterPushdown: true,
      sortPushdown: true,
      limitPushdown: true,
    });
    expect(JSON.stringify(explained.plan)).not.toContain('Seq Scan');
  });

  it('when a field has no index, then the pushed-down filter is a sequential scan', async () => {
    const explained = await explainFind(db, 'questions', { text: 'nothing' });
    expect(explained.filterPushdown).toBe(true);
    expect(isAnsweredByIndex(explained.plan)).toBe(false);
  });

  it('when filtering with $in (which FerretDB as released reads whole), then the patch looks each value up in the GIN index', async () => {
    const explained = await explainFind(db, 'questions', {
      moduleId: { $in: [moduleIds[1], moduleIds[2]] },
    });
    expect(explained.filterPushdown).toBe(true);
    expect(isAnsweredByIndex(explained.plan)).toBe(true);
  });

  it('when the application drops its index, then the next start drops the GIN index that served it', async () => {
    const other = db.collection('others');
    await other.createIndex({ code: 1 });
    const ginOf = async () =>
      (await indexesOf(server, 'gin_check', 'others')).map((i) => i.comment).filter(Boolean);
    expect(await ginOf()).toEqual(expect.arrayContaining(['qpc-gin:code']));
    await other.dropIndex('code_1');

    await client.close();
    await server.stop();
    server = await startFerretDB({ dataDir: server.dataDir });
    client = new MongoClient(`${server.uri}gin_check`);
    db = client.db();
    expect(await ginOf()).toEqual(['qpc-gin:_id']);
  });
});
