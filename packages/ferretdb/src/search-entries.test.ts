// Patch 0009's searchEntries command on the embedded engine: the lexeme index our indexer makes
// on the entries' table, the command's answer, and its refusals. The domain's engine.test.ts
// compares its answers with the in-process search on random catalogs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_LEXEMES, SEARCH_ENTRIES_COLLECTION } from './gin-indexes.js';
import { withPostgres } from './pg-client.js';
import { startFerretDB } from './server.js';
import type { FerretDBServer } from './server.js';

let server: FerretDBServer;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  server = await startFerretDB({ dataDir: mkdtempSync(join(tmpdir(), 'qpc-entries-')) });
  client = new MongoClient(`${server.uri}entries`);
  await client.connect();
  db = client.db();
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

const university = new ObjectId();
const ids = Array.from({ length: 5 }, () => new ObjectId());

function entry(i: number, fields: Record<string, unknown>) {
  return {
    _id: ids[i]!,
    y: 'question',
    k: '',
    n: 2,
    c: new Date(Date.UTC(2026, 0, 1 + i)),
    u: university,
    o: null,
    e: 2020 + i,
    v: true,
    s: 'approved',
    g: ids[i]!.toHexString(),
    ...fields,
  };
}

const hashTerm = {
  arms: [
    { lexemes: ['tshash', 'tehash'], title: true, weight: 3 },
    { lexemes: ['twhash', 'tehash'], prefix: true, title: true, weight: 1.5 },
    { lexemes: ['bshash', 'behash'], weight: 1 },
    { lexemes: ['bwhash', 'behash'], prefix: true, weight: 0.5 },
  ],
};

describe('searchEntries (patch 0009)', () => {
  beforeAll(async () => {
    await db.collection(SEARCH_ENTRIES_COLLECTION).insertMany([
      entry(0, { k: 'tehash tetable', n: 2 }),
      // the same question a year later: one group, led by the newest
      entry(1, { k: 'tehash tetable', n: 2, g: ids[0]!.toHexString() }),
      entry(2, { k: 'twhashing tshash bechain', n: 1 }),
      entry(3, { k: 'tehash', v: false, s: 'pending' }),
      entry(4, { k: 'betree bwhashes bshash', y: 'paper', e: null }),
    ]);
  });

  it('when entries are written, then their table has the lexeme index of the expression the patch reads', async () => {
    const indexes = await withPostgres(server.postgres!.url, (pg) =>
      pg.query<{ def: string }>(
        `SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
          WHERE obj_description(i.indexrelid, 'pg_class') = 'qpc-lexemes:k'`,
      ),
    );
    expect(indexes.rows).toHaveLength(1);
    expect(indexes.rows[0]!.def).toContain('USING gin');
    expect(indexes.rows[0]!.def.replace(/\s+/g, ' ')).toContain(
      "string_to_array((_jsonb ->> 'k'::text), ' '::text)",
    );
    expect(ENTRY_LEXEMES).toContain("'{~v}'");
  });

  it('when visible entries are searched, then groups are counted once, led by the newest, scored by the best', async () => {
    const answer = await db.command({
      searchEntries: SEARCH_ENTRIES_COLLECTION,
      terms: [hashTerm],
      coverage: 0.2,
      types: [
        { type: 'question', where: { v: true } },
        { type: 'paper', where: { v: true, u: { $nin: [new ObjectId()] } } },
      ],
      visibleOnly: true,
      limit: 2,
    });
    expect(answer.total).toBe(3);
    expect(answer.facets).toEqual({
      type: { paper: 1, question: 2 },
      examYear: { '2021': 1, '2022': 1 },
      universityId: { [university.toHexString()]: 3 },
    });
    expect(answer.hits).toEqual(
      [
        { _id: ids[1], type: 'question', score: 3 * (1 + 0.2 * 0.5), members: [ids[0]] },
        { _id: ids[2], type: 'question', score: 3 * (1 + 0.2 * 1), members: [] },
      ].sort((a, b) => b.score - a.score),
    );
  });

  it('when hidden entries are allowed, then they are found too', async () => {
    const answer = await db.command({
      searchEntries: SEARCH_ENTRIES_COLLECTION,
      terms: [hashTerm],
      coverage: 0.2,
      types: [{ type: 'question', where: { $or: [{ v: true }, { s: 'pending' }] } }],
      skip: 0,
    });
    expect(answer.total).toBe(3);
    expect(answer.hits.map((hit: { _id: ObjectId }) => hit._id.toHexString())).toContain(
      ids[3]!.toHexString(),
    );
  });

  it('when an argument is unknown or of the wrong type, then the command fails saying which', async () => {
    const base = {
      searchEntries: SEARCH_ENTRIES_COLLECTION,
      terms: [hashTerm],
      coverage: 0.2,
      types: [],
    };
    await expect(db.command({ ...base, sort: 1 })).rejects.toMatchObject({
      code: 2,
      message: expect.stringContaining('unknown argument sort'),
    });
    await expect(db.command({ ...base, coverage: '0.2' })).rejects.toMatchObject({
      code: 14,
      message: 'searchEntries: coverage must be a number, not string',
    });
  });

  it('when the collection does not exist, then nothing is found', async () => {
    const answer = await db.command({
      searchEntries: 'nothing',
      terms: [hashTerm],
      coverage: 0.2,
      types: [{ type: 'question' }],
    });
    expect(answer).toMatchObject({ total: 0, hits: [], ok: 1 });
  });

  it('when the engine runs on SQLite, then the command is unknown (CommandNotFound), as on FerretDB as released', async () => {
    const sqlite = await startFerretDB({
      dataDir: mkdtempSync(join(tmpdir(), 'qpc-entries-sqlite-')),
      engine: 'sqlite',
    });
    const other = new MongoClient(`${sqlite.uri}entries`);
    try {
      await other.connect();
      await other
        .db()
        .collection(SEARCH_ENTRIES_COLLECTION)
        .insertOne(entry(0, { k: 'tehash' }));
      await expect(
        other.db().command({
          searchEntries: SEARCH_ENTRIES_COLLECTION,
          terms: [hashTerm],
          coverage: 0.2,
          types: [{ type: 'question' }],
        }),
      ).rejects.toMatchObject({ code: 59 });
    } finally {
      await other.close();
      await sqlite.stop();
      rmSync(sqlite.dataDir, { recursive: true, force: true });
    }
  });
});
