import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Binary, BSONRegExp, MongoClient, ObjectId, Timestamp } from 'mongodb';
import type { Db, Document, Sort } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainFind, planNodes } from './explain.js';
import { CollationMismatchError } from './collation.js';
import { analyzeDatabase, withPostgres } from './pg-client.js';
import { startPostgres } from './postgres.js';
import { startFerretDB } from './server.js';
import type { FerretDBServer } from './server.js';
import { startEnginePair } from './test-support/engines.js';
import type { EnginePair } from './test-support/engines.js';

const HEX = '00000000000000000000002a';

/** Documents with small integer ids, easy to read in assertions. */
type Numbered = Document & { _id: number };

/** The same find on both engines: the patched page, which must equal the oracle's. */
async function samePage(
  engines: EnginePair,
  collection: string,
  filter: Document,
  sort: Sort,
  skip = 0,
  limit = 0,
): Promise<Document[]> {
  const read = (db: Db) =>
    db.collection(collection).find(filter).sort(sort).skip(skip).limit(limit).toArray();
  const patched = await read(engines.patched.db);
  expect(patched).toEqual(await read(engines.upstream.db));
  return patched;
}

/** The same countDocuments and count on both engines: the patched count. */
async function sameCount(
  engines: EnginePair,
  collection: string,
  filter: Document,
): Promise<number> {
  const count = async (db: Db): Promise<[number, number]> => [
    await db.collection(collection).countDocuments(filter),
    (await db.command({ count: collection, query: filter })).n as number,
  ];
  const patched = await count(engines.patched.db);
  expect(patched).toEqual(await count(engines.upstream.db));
  expect(patched[0]).toBe(patched[1]);
  return patched[0];
}

async function loadBoth(engines: EnginePair, collection: string, docs: Document[]) {
  for (const db of [engines.patched.db, engines.upstream.db]) {
    await db.collection(collection).insertMany(docs);
  }
}

describe('the traps of pushing sort, limit, skip and count into PostgreSQL', () => {
  let engines: EnginePair;

  beforeAll(async () => {
    engines = await startEnginePair('qpc-pitfalls', 'pitfalls');
  });

  afterAll(async () => {
    await engines?.stop();
  });

  it('when a stored value has the JSON form of the filter value but another type, then a pushed count and limit leave it out, as MongoDB does', async () => {
    await loadBoth(engines, 'exact', [
      { _id: 1, n: 5, s: 'x' },
      { _id: 2, n: new Date(5), s: new BSONRegExp('x') },
      { _id: 3, n: new Timestamp({ t: 0, i: 5 }), s: new Binary(Buffer.from('x')) },
      { _id: 4, n: [new Date(5)], s: [new ObjectId(HEX)] },
      { _id: 5, n: [new Date(5), 5], s: ['y', 'x'] },
      { _id: 6, n: 5.0, s: HEX },
      { _id: 7, n: '5', s: new ObjectId(HEX) },
    ]);
    const explained = await explainFind(
      engines.patched.db,
      'exact',
      { n: 5 },
      { sort: { _id: 1 }, limit: 10 },
    );
    expect(explained).toMatchObject({
      filterPushdown: true,
      sortPushdown: true,
      limitPushdown: true,
    });

    const ids = (docs: Document[]) => docs.map((doc) => doc._id as number);
    expect(ids(await samePage(engines, 'exact', { n: 5 }, { _id: 1 }, 0, 10))).toEqual([1, 5, 6]);
    expect(await sameCount(engines, 'exact', { n: 5 })).toBe(3);
    expect(ids(await samePage(engines, 'exact', { n: new Date(5) }, { _id: 1 }, 0, 10))).toEqual([
      2, 4, 5,
    ]);
    expect(await sameCount(engines, 'exact', { s: 'x' })).toBe(2);
    expect(ids(await samePage(engines, 'exact', { s: 'eA==' }, { _id: -1 }, 0, 10))).toEqual([]);
    expect(ids(await samePage(engines, 'exact', { s: HEX }, { _id: 1 }, 0, 10))).toEqual([6]);
    expect(
      ids(await samePage(engines, 'exact', { s: new ObjectId(HEX) }, { _id: 1 }, 0, 10)),
    ).toEqual([4, 7]);
  });

  it('when a boolean filter meets arrays, then [true] matches {visible: true} and nothing else does', async () => {
    await loadBoth(engines, 'flags', [
      { _id: 1, visible: true },
      { _id: 2, visible: [true] },
      { _id: 3, visible: [false, true] },
      { _id: 4, visible: { a: true } },
      { _id: 5, visible: 'true' },
      { _id: 6, visible: 1 },
      { _id: 7 },
    ]);
    const page = await samePage(engines, 'flags', { visible: true }, { _id: 1 }, 0, 10);
    expect(page.map((doc) => doc._id)).toEqual([1, 2, 3]);
  });

  it("when an inclusion keeps more fields than one jsonb_build_object takes (50 pairs), then every kept field comes back, in the document's order", async () => {
    // Field i is missing from every document whose id divides i + 1: some kept fields are absent.
    const docs = [1, 2, 3].map((id) => {
      const doc: Document = { _id: id, visible: true };
      for (let i = 59; i >= 0; i -= 1) if ((i + 1) % id !== 0 || id === 1) doc[`f${i}`] = i * id;
      return doc;
    });
    await loadBoth(engines, 'wide', docs);
    const projection = Object.fromEntries(
      Array.from({ length: 55 }, (_, i) => [`f${i * 2 - (i >= 30 ? 59 : 0)}`, 1]),
    );
    const read = (db: Db) =>
      db.collection('wide').find({ visible: true }, { projection }).sort({ _id: 1 }).toArray();
    const patched = await read(engines.patched.db);
    const upstream = await read(engines.upstream.db);
    expect(patched).toEqual(upstream);
    expect(patched.map((doc) => Object.keys(doc))).toEqual(upstream.map((doc) => Object.keys(doc)));
    expect(Object.keys(patched[0]!)).toHaveLength(56);
    expect(Object.keys(patched[0]!)[1]).toBe('f58');
  });

  describe('null order against the indexes', () => {
    const ROWS = 3_000;

    beforeAll(async () => {
      const docs = Array.from({ length: ROWS }, (_, i) => ({
        _id: i,
        visible: i % 3 !== 0,
        // Every seventh has no date, every eleventh an explicit null.
        ...(i % 7 === 0
          ? {}
          : { createdAt: i % 11 === 0 ? null : new Date(Date.UTC(2024, 0, 1) + (i % 50) * 1000) }),
      }));
      for (const db of [engines.patched.db, engines.upstream.db])
        await db.collection('dated').createIndex({ createdAt: -1, _id: -1 });
      // Partial indexes are the patch's (FerretDB as released refuses them).
      await engines.patched.db
        .collection('dated')
        .createIndex(
          { createdAt: -1, _id: -1 },
          { name: 'visible_createdAt', partialFilterExpression: { visible: true } },
        );
      await loadBoth(engines, 'dated', docs);
      await analyzeDatabase(engines.patched.server.postgres!.url, 'pitfalls');
    });

    it.each<[string, Document, Sort]>([
      ['everything, newest first', {}, { createdAt: -1, _id: -1 }],
      ['everything, oldest first', {}, { createdAt: 1, _id: 1 }],
      ['the visible, newest first', { visible: true }, { createdAt: -1, _id: -1 }],
      ['the visible, oldest first', { visible: true }, { createdAt: 1, _id: 1 }],
    ])(
      'when reading %s, then a btree scan answers without a sort, and missing and null sort together',
      async (_name, filter, sort) => {
        const explained = await explainFind(engines.patched.db, 'dated', filter, {
          sort,
          limit: 20,
        });
        const types = planNodes(explained.plan).map((node) => node['Node Type']);
        expect(types).toContain('Index Scan');
        expect(types).not.toContain('Sort');

        const first = await samePage(engines, 'dated', filter, sort, 0, 20);
        const total = await sameCount(engines, 'dated', filter);
        const last = await samePage(engines, 'dated', filter, sort, total - 20, 20);
        const ascending = Object.values(sort)[0] === 1;
        const nullEnd = ascending ? first : last;
        // Missing and null dates together at MongoDB's end, in _id order, not grouped by kind.
        expect(nullEnd.every((doc) => doc.createdAt === undefined || doc.createdAt === null)).toBe(
          true,
        );
        expect(nullEnd.some((doc) => doc.createdAt === null)).toBe(true);
        expect(nullEnd.some((doc) => doc.createdAt === undefined)).toBe(true);
      },
    );
  });

  it("when a filter cannot be pushed exactly, then finds and counts stay on FerretDB's own path and answer the same", async () => {
    await loadBoth(
      engines,
      'inexact',
      Array.from({ length: 30 }, (_, i) => ({ _id: i, visible: i % 3 !== 0, tag: `t${i % 4}` })),
    );
    for (const filter of [
      { visible: true, tag: { $nin: ['t1', 't2'] } },
      { visible: { $ne: false } },
      { 'nested.field': 1 },
    ]) {
      const explained = await explainFind(engines.patched.db, 'inexact', filter, {
        sort: { _id: -1 },
        limit: 5,
      });
      expect(explained).toMatchObject({ sortPushdown: false, limitPushdown: false });
      await samePage(engines, 'inexact', filter, { _id: -1 }, 2, 5);
      await sameCount(engines, 'inexact', filter);
    }
    expect(
      await sameCount(engines, 'inexact', { visible: true, tag: { $nin: ['t1', 't2'] } }),
    ).toBe(9);
  });

  it('when the skip is pushed as OFFSET, then it is not applied again', async () => {
    await loadBoth(
      engines,
      'skipped',
      Array.from({ length: 30 }, (_, i) => ({ _id: i, visible: i % 2 === 0 })),
    );
    const explained = await explainFind(
      engines.patched.db,
      'skipped',
      { visible: true },
      { sort: { _id: 1 }, skip: 5, limit: 3 },
    );
    expect(explained).toMatchObject({ sortPushdown: true, limitPushdown: true });
    const page = await samePage(engines, 'skipped', { visible: true }, { _id: 1 }, 5, 3);
    expect(page.map((doc) => doc._id)).toEqual([10, 12, 14]);
    const rest = await samePage(engines, 'skipped', { visible: true }, { _id: -1 }, 12, 0);
    expect(rest.map((doc) => doc._id)).toEqual([4, 2, 0]);
  });

  it('when counts are answered by count(*), then the backend iterator is closed and FerretDB keeps running', async () => {
    const db = engines.patched.db;
    await db.collection<Numbered>('counted').insertMany(
      Array.from({ length: 2_000 }, (_, i) => ({
        _id: i,
        visible: i % 4 !== 0,
        text: 'x'.repeat(200),
      })),
    );
    for (let i = 0; i < 150; i += 1) {
      expect(await db.collection('counted').countDocuments({ visible: true })).toBe(1_500);
      expect((await db.command({ count: 'counted', query: { visible: false } })).n).toBe(500);
    }
    // Reading every document makes Go collect garbage: an unclosed iterator's finalizer panics.
    for (let i = 0; i < 5; i += 1) await db.collection('counted').find({}).toArray();
    expect(engines.patched.server.process.exitCode).toBeNull();
    expect(await db.collection('counted').countDocuments({})).toBe(2_000);
    expect(engines.patched.server.process.exitCode).toBeNull();
  });
});

describe('a data directory made before the patch', () => {
  let dataDir: string;
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const btrees = (server: FerretDBServer) =>
    withPostgres(server.postgres!.url, async (pg) => {
      const rows = await pg.query<{ name: string; definition: string }>(
        `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
          WHERE schemaname = 'remake' AND indexdef NOT LIKE '%USING gin%' ORDER BY indexname`,
      );
      return rows.rows;
    });

  it('when the patched engine starts on indexes FerretDB as released made, then they are remade with its sort keys, under the same names, and the partial twins of earlier versions are dropped', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'qpc-remake-'));
    let server = await startFerretDB({ dataDir, variant: 'upstream' });
    let client = new MongoClient(`${server.uri}remake`);
    const papers = client.db().collection<Numbered>('papers');
    await papers.createIndex({ visible: 1, createdAt: -1, _id: -1 });
    await papers.createIndex({ code: 1 }, { unique: true });
    await papers.insertMany([
      { _id: 1, visible: true, createdAt: new Date(1), code: 'a' },
      { _id: 2, visible: true, code: 'b' },
      { _id: 3, visible: false, createdAt: new Date(2), code: 'c' },
    ]);
    const before = await btrees(server);
    expect(before.map((i) => i.definition).join('\n')).not.toContain('COALESCE');
    // A twin as earlier versions of the sort indexer made them (recognised by its comment).
    await withPostgres(server.postgres!.url, async (pg) => {
      const table = await pg.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'remake' AND tablename LIKE 'papers%'`,
      );
      const papersTable = pg.escapeIdentifier(table.rows[0]!.name);
      await pg.query(
        `CREATE INDEX old_twin ON remake.${papersTable} ((_jsonb -> 'createdAt')) WHERE (_jsonb -> 'visible') @> 'true'`,
      );
      await pg.query(`COMMENT ON INDEX remake.old_twin IS 'qpc-true:some_btree'`);
    });
    expect((await btrees(server)).map((i) => i.name)).toContain('old_twin');
    await client.close();
    await server.stop();

    server = await startFerretDB({ dataDir });
    client = new MongoClient(`${server.uri}remake`);
    try {
      const after = await btrees(server);
      const byName = new Map(after.map((i) => [i.name, i.definition]));
      for (const { name } of before) expect(byName.has(name)).toBe(true);
      const compound = before.find((i) => i.definition.includes("'visible'"))!.name;
      expect(byName.get(compound)).toContain(
        "(COALESCE((_jsonb -> 'visible'::text), 'null'::jsonb), COALESCE((_jsonb -> 'createdAt'::text), 'null'::jsonb) DESC, ((_jsonb -> '_id'::text)) DESC)",
      );
      const unique = before.find((i) => i.definition.includes("'code'"))!;
      expect(byName.get(unique.name)).toBe(unique.definition);
      expect(after.filter((i) => i.definition.includes('WHERE'))).toEqual([]);
      const page = await client
        .db()
        .collection('papers')
        .find({ visible: true })
        .sort({ createdAt: -1, _id: -1 })
        .toArray();
      expect(page.map((doc) => doc._id)).toEqual([1, 2]);
      expect((await client.db().collection('papers').listIndexes().toArray()).length).toBe(3);
    } finally {
      await client.close();
      await server.stop();
    }
  });

  it('when its database does not compare strings in byte order, then the start is refused, saying why, and the data is left as it was', async () => {
    const pgDir = join(dataDir, 'pg');
    const admin = async (sql: string[]) => {
      const postgres = await startPostgres({ dataDir: pgDir });
      try {
        const url = postgres.url.replace(/\/ferretdb$/, '/postgres');
        return await withPostgres(url, async (pg) => {
          const results = [];
          for (const statement of sql) results.push((await pg.query(statement)).rows);
          return results;
        });
      } finally {
        await postgres.stop();
      }
    };
    await admin([
      'ALTER DATABASE ferretdb RENAME TO ferretdb_kept',
      "CREATE DATABASE ferretdb TEMPLATE template0 LC_COLLATE 'C.utf8' LC_CTYPE 'C.utf8'",
    ]);
    await expect(startFerretDB({ dataDir })).rejects.toThrow(CollationMismatchError);
    await expect(startFerretDB({ dataDir })).rejects.toThrow(
      /"C\.utf8".*byte order.*Nothing was changed/,
    );
    const [databases] = await admin([
      "SELECT datname, datcollate FROM pg_database WHERE datname LIKE 'ferretdb%' ORDER BY 1",
    ]);
    expect(databases).toEqual([
      { datname: 'ferretdb', datcollate: 'C.utf8' },
      { datname: 'ferretdb_kept', datcollate: 'C' },
    ]);
  });
});
