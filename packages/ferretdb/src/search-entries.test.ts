// Patch 0009's searchEntries command on the embedded engine: the word indexes and the vocabulary
// our indexer keeps for the entries' table, the command's answer, and its refusals. The domain's engine.test.ts
// compares its answers with the in-process search on random catalogs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOCABULARY_TRIGGERS } from './entry-vocabulary.js';
import { SEARCH_ENTRIES_COLLECTION } from './gin-indexes.js';
import { installIndexers } from './indexers.js';
import { withPostgres } from './pg-client.js';
import { startFerretDB } from './server.js';
import { HASH_ARMS, searchEntry } from './test-support/search-entries.js';
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
  return searchEntry(ids[i]!, university, {
    c: new Date(Date.UTC(2026, 0, 1 + i)),
    e: 2020 + i,
    ...fields,
  });
}

const hashTerm = { arms: HASH_ARMS };

/** A term of one prefix arm (a word `prefix` starts). */
const prefixTerm = (prefix: string) => ({
  arms: [{ lexemes: [prefix], prefix: true, title: true, weight: 1 }],
});

/** The ids of the entries a search of `terms` finds, every entry visible or not. */
async function found(terms: unknown[], on: Db = db): Promise<string[]> {
  const answer = await on.command({
    searchEntries: SEARCH_ENTRIES_COLLECTION,
    terms,
    coverage: 0.2,
    types: [{ type: 'question' }],
    limit: 1000,
  });
  return answer.hits.map((hit: { _id: ObjectId }) => hit._id.toHexString()).sort();
}

/** The vocabularies of the entries tables (schema, table, lexemes) and their tables' triggers. */
async function vocabularies() {
  return withPostgres(server.postgres!.url, async (pg) => {
    const { rows } = await pg.query<{ nspname: string; relname: string; entries: string }>(
      `SELECT n.nspname, c.relname, substr(obj_description(c.oid, 'pg_class'), 16) AS entries
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE obj_description(c.oid, 'pg_class') LIKE 'qpc-vocabulary:%'`,
    );
    return Promise.all(
      rows.map(async ({ nspname, relname, entries }) => {
        const lexemes = await pg.query<{ lexeme: string }>(
          `SELECT DISTINCT lexeme FROM "${nspname}"."${relname}" ORDER BY lexeme`,
        );
        const triggers = await pg.query<{ tgname: string }>(
          `SELECT tgname FROM pg_trigger WHERE tgrelid = to_regclass($1) AND tgname LIKE 'qpc\\_vocabulary\\_%' ORDER BY tgname`,
          [`"${nspname}"."${entries}"`],
        );
        return {
          schema: nspname,
          name: relname,
          entries,
          lexemes: lexemes.rows.map((row) => row.lexeme),
          triggers: triggers.rows.map((row) => row.tgname),
        };
      }),
    );
  });
}

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

  it('when entries are written, then only their side table has word indexes, one over its visible entries and one over the others, and a start drops a lexeme index the table still has, with its former function', async () => {
    const lexemeIndexes = () =>
      withPostgres(server.postgres!.url, (pg) =>
        pg.query<{ name: string; table: string; def: string }>(
          `SELECT i.indexrelid::regclass::text AS name, i.indrelid::regclass::text AS table,
                  pg_get_indexdef(i.indexrelid) AS def
             FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE n.nspname = 'entries' AND pg_get_indexdef(i.indexrelid) LIKE '%array_to_tsvector%'
            ORDER BY 1`,
        ),
      );
    const sideIndexes = (await lexemeIndexes()).rows;
    expect(sideIndexes.map((index) => index.def.replace(/^.* WHERE /, ''))).toEqual([
      "(f_v IS DISTINCT FROM 'true'::jsonb)",
      "(f_v = 'true'::jsonb)",
    ]);
    const only = sideIndexes[0];
    for (const index of sideIndexes) {
      expect(index.table).toMatch(/_k_[0-9a-f]{8}_side"?$/);
      expect(index.def).toContain('USING gin');
    }
    // a catalog made before the side table has the table's own index (as it was made then)
    const table = only!.table.replace(/_k_[0-9a-f]{8}_side("?)$/, '$1');
    await withPostgres(server.postgres!.url, async (pg) => {
      const name = (
        await pg.query<{ name: string }>(
          `SELECT public.qpc_field_object_name('entries', $1, 'k', 'lexemes') AS name`,
          [table.replace(/^entries\./, '').replaceAll('"', '')],
        )
      ).rows[0]!.name;
      await pg.query(
        `CREATE INDEX "${name}" ON ${table} USING gin ((array_to_tsvector(array_remove(string_to_array(_jsonb ->> 'k', ' '), '')))) WITH (fastupdate = off)`,
      );
      // and the function that made it, under its name of then
      await pg.query(
        `CREATE FUNCTION public.qpc_lexeme_index_for(text, text) RETURNS integer LANGUAGE sql AS 'SELECT 0'`,
      );
    });
    const formerFunction = () =>
      withPostgres(
        server.postgres!.url,
        async (pg) =>
          (await pg.query(`SELECT to_regprocedure('public.qpc_lexeme_index_for(text, text)') AS f`))
            .rows[0]!.f,
      );
    expect((await lexemeIndexes()).rows).toHaveLength(3);
    expect(await formerFunction()).not.toBeNull();
    await withPostgres(server.postgres!.url, (pg) => installIndexers(pg));
    expect((await lexemeIndexes()).rows.map((row) => row.name)).toEqual(
      sideIndexes.map((index) => index.name),
    );
    expect(await formerFunction()).toBeNull();
    // the side answers: the group of entries 0 and 1 (led by 1, the newer), 2 and the hidden 3
    expect(await found([hashTerm])).toEqual(
      [ids[1]!, ids[2]!, ids[3]!].map((id) => id.toHexString()).sort(),
    );
  });

  it('when entries are written, then their vocabulary holds every lexeme, kept by both triggers', async () => {
    const [vocabulary, ...others] = (await vocabularies()).filter((v) => v.schema === 'entries');
    expect(others).toHaveLength(0);
    expect(vocabulary!.triggers).toEqual([...VOCABULARY_TRIGGERS].sort());
    expect(vocabulary!.lexemes).toEqual(
      expect.arrayContaining(['tehash', 'tetable', 'twhashing', 'tshash', 'bechain', 'bwhashes']),
    );
  });

  it('when an entry is inserted or rewritten with a new word, then a prefix of it finds the entry at once', async () => {
    const id = new ObjectId();
    const entries = db.collection(SEARCH_ENTRIES_COLLECTION);
    await entries.insertOne({
      ...entry(0, { k: 'twmappings tsmap' }),
      _id: id,
      g: id.toHexString(),
    });
    expect(await found([prefixTerm('twmapp')])).toEqual([id.toHexString()]);
    await entries.updateOne({ _id: id }, { $set: { k: 'bwrehashed bsrehash' } });
    expect(await found([prefixTerm('bwreha')])).toEqual([id.toHexString()]);
    expect(await found([prefixTerm('twmapp')])).toEqual([]);
  });

  it('when more words start a prefix than it is expanded into, then each entry is still found', async () => {
    const made = Array.from({ length: 60 }, (_, i) => {
      const id = new ObjectId();
      return {
        ...entry(0, { k: `twmany${String(i).padStart(2, '0')}x` }),
        _id: id,
        g: id.toHexString(),
      };
    });
    await db.collection(SEARCH_ENTRIES_COLLECTION).insertMany(made);
    expect(await found([prefixTerm('twmany')])).toEqual(
      made.map((e) => e._id.toHexString()).sort(),
    );
    expect(await found([prefixTerm('twmany4')])).toHaveLength(10);
  });

  it('when the vocabulary is missing (a database an older version made), then prefixes are still searched, and the next start makes it again', async () => {
    const id = new ObjectId();
    await db
      .collection(SEARCH_ENTRIES_COLLECTION)
      .insertOne({ ...entry(0, { k: 'twdropped' }), _id: id, g: id.toHexString() });
    const [before] = (await vocabularies()).filter((v) => v.schema === 'entries');
    await withPostgres(server.postgres!.url, async (pg) => {
      for (const trigger of VOCABULARY_TRIGGERS) {
        await pg.query(`DROP TRIGGER ${trigger} ON "entries"."${before!.entries}"`);
      }
      await pg.query(`DROP TABLE "entries"."${before!.name}"`);
    });
    expect(await found([prefixTerm('twdrop')])).toEqual([id.toHexString()]);
    await withPostgres(server.postgres!.url, (pg) => installIndexers(pg));
    const [after] = (await vocabularies()).filter((v) => v.schema === 'entries');
    expect(after!.triggers).toEqual([...VOCABULARY_TRIGGERS].sort());
    // made again from the entries: every lexeme they hold now
    const held = (await db.collection(SEARCH_ENTRIES_COLLECTION).find().toArray()).flatMap((e) =>
      (e.k as string).split(' '),
    );
    expect(after!.lexemes).toEqual([...new Set(held)].filter(Boolean).sort());
    expect(await found([prefixTerm('twdrop')])).toEqual([id.toHexString()]);
  });

  it('when the entries collection is dropped, then the next start drops its vocabulary', async () => {
    const other = client.db('entries_dropped');
    await other.collection(SEARCH_ENTRIES_COLLECTION).insertOne(entry(0, { k: 'tsgone' }));
    expect((await vocabularies()).map((v) => v.schema)).toContain('entries_dropped');
    await other.collection(SEARCH_ENTRIES_COLLECTION).drop();
    await withPostgres(server.postgres!.url, (pg) => installIndexers(pg));
    expect((await vocabularies()).map((v) => v.schema)).not.toContain('entries_dropped');
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
