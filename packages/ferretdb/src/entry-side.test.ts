// The side table of the search entries (entry-side.ts) on the embedded engine: its triggers keep
// one row per entry through every kind of write, a catalog without it is answered the same and
// gets it at the next start, and a dropped collection leaves no stale rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIDE_COMMENT, SIDE_TRIGGERS } from './entry-side.js';
import { SEARCH_ENTRIES_COLLECTION } from './gin-indexes.js';
import { installIndexers } from './indexers.js';
import { withPostgres } from './pg-client.js';
import { startFerretDB } from './server.js';
import { HASH_ARMS, searchEntry } from './test-support/search-entries.js';
import type { FerretDBServer } from './server.js';

let server: FerretDBServer;
let client: MongoClient;

beforeAll(async () => {
  server = await startFerretDB({ dataDir: mkdtempSync(join(tmpdir(), 'qpc-side-')) });
  client = new MongoClient(server.uri);
  await client.connect();
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

const university = new ObjectId();

function entry(fields: Record<string, unknown>) {
  return searchEntry(new ObjectId(), university, { k: 'tehash', ...fields });
}

/** "hash" without its body-prefix arm. */
const hashTerm = { arms: HASH_ARMS.slice(0, 3) };

/** The command for `hashTerm` over visible questions and papers of any university but one. */
function search(db: Db, where: Record<string, unknown> = { v: true }) {
  return db.command({
    searchEntries: SEARCH_ENTRIES_COLLECTION,
    terms: [hashTerm],
    coverage: 0.2,
    types: [
      { type: 'question', where },
      { type: 'paper', where: { ...where, u: { $nin: [new ObjectId()] } } },
    ],
    visibleOnly: true,
    limit: 50,
  });
}

interface Side {
  /** The side table's name and oid, its entries table's name and oid, and its comment. */
  name: string;
  oid: number;
  entriesOid: number;
  entries: string;
  comment: string;
  /** Its column names, in order. */
  columns: string[];
  /** Its rows, and the rows computed from the entries table now (both ordered by id). */
  rows: unknown[];
  computed: unknown[];
  triggers: string[];
}

/** The side table of a database's entries, or null when it has none. */
async function sideOf(schema: string): Promise<Side | null> {
  return withPostgres(server.postgres!.url, async (pg) => {
    const { rows } = await pg.query<{
      name: string;
      oid: number;
      entries: string;
      entriesOid: number;
      comment: string;
    }>(
      `SELECT c.relname AS name, c.oid::integer AS oid, t.relname AS entries,
              t.oid::integer AS "entriesOid", obj_description(c.oid, 'pg_class') AS comment
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_class t
           ON t.oid::text = substring(obj_description(c.oid, 'pg_class') FROM '([0-9]+)$')
        WHERE n.nspname = $1 AND obj_description(c.oid, 'pg_class') LIKE 'qpc-side:%'`,
      [schema],
    );
    if (rows.length === 0) return null;
    expect(rows).toHaveLength(1);
    const { name, oid, entries, entriesOid, comment } = rows[0]!;
    // as arrays: the computed columns have no names of their own
    const side = await pg.query({
      text: `SELECT * FROM "${schema}"."${name}" ORDER BY id`,
      rowMode: 'array',
    });
    const select = await pg.query<{ sql: string }>(`SELECT public.qpc_entry_side_rows($1) AS sql`, [
      `"${schema}"."${entries}"`,
    ]);
    const computed = await pg.query({
      text: `${select.rows[0]!.sql} ORDER BY 1`,
      rowMode: 'array',
    });
    const triggers = await pg.query<{ tgname: string }>(
      `SELECT tgname FROM pg_trigger WHERE tgrelid = to_regclass($1) AND tgname LIKE 'qpc\\_side\\_%'
        ORDER BY tgname`,
      [`"${schema}"."${entries}"`],
    );
    return {
      name,
      oid,
      entries,
      entriesOid,
      comment,
      columns: side.fields.map((field) => field.name),
      rows: side.rows,
      computed: computed.rows,
      triggers: triggers.rows.map((row) => row.tgname),
    };
  });
}

/** kt's expression in qpc_entry_side_rows, which the first shape of the side did not have. */
const KT_EXPRESSION = String.raw`regexp_replace(' ' || (w._jsonb ->> 'k') || ' ', '( [^t ][^ ]*)+', '', 'g'),`;

/**
 * Makes a database's side table what the first version of entry-side.ts made: no kt column, the
 * comment `qpc-side:<oid>`, and its trigger function writing rows without kt.
 */
async function toFirstShape(schema: string): Promise<void> {
  const side = (await sideOf(schema))!;
  const table = `"${schema}"."${side.name}"`;
  await withPostgres(server.postgres!.url, async (pg) => {
    const { rows } = await pg.query<{ def: string }>(
      `SELECT pg_get_functiondef(to_regproc($1)) AS def`,
      [`"${schema}"."${side.name}_sync"`],
    );
    const definition = rows[0]!.def;
    expect(definition).toContain(KT_EXPRESSION);
    await pg.query(definition.replace(KT_EXPRESSION, ''));
    await pg.query(`ALTER TABLE ${table} DROP COLUMN kt`);
    await pg.query(`COMMENT ON TABLE ${table} IS 'qpc-side:${side.entriesOid}'`);
  });
}

/** Entries whose title and body lexemes come in either order, and a body lexeme holding "tshash". */
const MIXED_KEYS = [
  'twhashing bshash tsmap',
  'bshash twhashing',
  'bwhashed bstshash bshash',
  'tehash',
  'tshashx bshash',
  'tshash bshash tehash',
];

describe('the side table of the search entries', () => {
  it('when entries are inserted, updated, replaced and deleted, then the side holds exactly their rows', async () => {
    const db = client.db('side_writes');
    const entries = db.collection(SEARCH_ENTRIES_COLLECTION);
    const made = [
      entry({}),
      entry({ k: 'bshash', y: 'paper', e: null, o: new ObjectId() }),
      entry({ v: false, s: 'pending' }),
      entry({ k: 'tsother' }),
    ];
    await entries.insertMany(made);
    await entries.updateOne({ _id: made[0]!._id }, { $set: { k: 'twhashing tshash', e: 2024 } });
    await entries.replaceOne({ _id: made[2]!._id }, { ...made[2]!, v: true, s: 'approved' });
    await entries.deleteOne({ _id: made[3]!._id });

    const side = await sideOf('side_writes');
    expect(side!.triggers).toEqual([...SIDE_TRIGGERS].sort());
    expect(side!.rows).toHaveLength(3);
    expect(side!.rows).toEqual(side!.computed);
    expect((await search(db)).total).toBe(3);

    await entries.deleteMany({});
    expect((await sideOf('side_writes'))!.rows).toEqual([]);
  });

  it('when the side table is missing (a catalog an older version made), then the command answers the same, and the next start makes and fills it', async () => {
    const db = client.db('side_missing');
    await db
      .collection(SEARCH_ENTRIES_COLLECTION)
      .insertMany([
        entry({}),
        entry({ k: 'twhashing bechain', e: 2019 }),
        entry({ k: 'bshash', y: 'paper' }),
        entry({ v: false }),
      ]);
    const withSide = await search(db);
    expect(withSide.total).toBe(3);
    const { name } = (await sideOf('side_missing'))!;
    await withPostgres(server.postgres!.url, (pg) =>
      pg.query(`SELECT public.qpc_entry_side_drop('side_missing', $1)`, [name]),
    );
    expect(await sideOf('side_missing')).toBeNull();
    // the command saw the side before: it finds it gone and reads the entries table
    expect(await search(db)).toEqual(withSide);

    await withPostgres(server.postgres!.url, (pg) => installIndexers(pg));
    const side = await sideOf('side_missing');
    expect(side!.rows).toHaveLength(4);
    expect(side!.rows).toEqual(side!.computed);
    expect(side!.triggers).toEqual([...SIDE_TRIGGERS].sort());
    expect(await search(db)).toEqual(withSide);
  });

  it('when a condition tests a field the side does not hold, then the entries table answers it', async () => {
    const db = client.db('side_fields');
    await db
      .collection(SEARCH_ENTRIES_COLLECTION)
      .insertMany([entry({ n: 1 }), entry({ n: 2 }), entry({ n: 2, k: 'tsother' })]);
    const answer = await search(db, { n: 2 });
    expect(answer.total).toBe(1);
  });

  it('when the entries collection is dropped and made again, then its side holds only the new entries, and a start drops a side whose table is gone', async () => {
    const db = client.db('side_dropped');
    const entries = db.collection(SEARCH_ENTRIES_COLLECTION);
    await entries.insertMany([entry({}), entry({})]);
    expect((await search(db)).total).toBe(2);
    await entries.drop();
    const again = entry({});
    await entries.insertOne(again);
    const side = await sideOf('side_dropped');
    expect(side!.rows).toEqual(side!.computed);
    expect(side!.rows).toHaveLength(1);
    const answer = await search(db);
    expect(answer.hits.map((hit: { _id: ObjectId }) => hit._id)).toEqual([again._id]);

    await entries.drop();
    await withPostgres(server.postgres!.url, (pg) => installIndexers(pg));
    expect(await sideOf('side_dropped')).toBeNull();
  });
  it('when entries mix title and body lexemes in any order, then kt holds the title ones alone and the side answers as the table does', async () => {
    const db = client.db('side_titles');
    await db
      .collection(SEARCH_ENTRIES_COLLECTION)
      .insertMany(MIXED_KEYS.map((k, i) => entry({ k, c: new Date(Date.UTC(2026, 0, 1 + i)) })));
    const side = (await sideOf('side_titles'))!;
    expect(side.comment).toBe(`${SIDE_COMMENT}${side.entriesOid}`);
    const kt = side.columns.indexOf('kt');
    const c = side.columns.indexOf('c');
    const titles = (side.rows as unknown[][])
      .sort((a, b) => Number(a[c]) - Number(b[c]))
      .map((row) => row[kt]);
    expect(titles).toEqual([
      ' twhashing tsmap ',
      ' twhashing ',
      ' ',
      ' tehash ',
      ' tshashx ',
      ' tshash tehash ',
    ]);

    const fromSide = await search(db);
    // every arm weighs some hit: title exact, title prefix and body exact
    const scores = new Set(fromSide.hits.map((hit: { score: number }) => hit.score));
    expect(scores.size).toBeGreaterThanOrEqual(3);
    await withPostgres(server.postgres!.url, (pg) =>
      pg.query(`SELECT public.qpc_entry_side_drop('side_titles', $1)`, [side.name]),
    );
    // the entries table answers now: every arm looked for in ' k '
    expect(await search(db)).toEqual(fromSide);
  });

  it('when the side table has its first shape (no kt), then the command reads the table, and the next start remakes the side, which answers the same', async () => {
    const db = client.db('side_first_shape');
    const entries = db.collection(SEARCH_ENTRIES_COLLECTION);
    await entries.insertMany(MIXED_KEYS.map((k) => entry({ k })));
    await toFirstShape('side_first_shape');
    // written through the first shape's trigger
    await entries.insertOne(entry({ k: 'bshash tshash' }));
    const old = (await sideOf('side_first_shape'))!;
    expect(old.columns).not.toContain('kt');
    expect(old.rows).toHaveLength(7);
    const fromTable = await search(db);
    expect(fromTable.total).toBe(7);

    await withPostgres(server.postgres!.url, (pg) => installIndexers(pg));
    const side = (await sideOf('side_first_shape'))!;
    expect(side.comment).toBe(`${SIDE_COMMENT}${side.entriesOid}`);
    expect(side.columns).toContain('kt');
    expect(side.rows).toHaveLength(7);
    expect(side.rows).toEqual(side.computed);
    expect(side.triggers).toEqual([...SIDE_TRIGGERS].sort());
    expect(await search(db)).toEqual(fromTable);
    await entries.insertOne(entry({ k: 'tshash' }));
    expect((await search(db)).total).toBe(8);

    // a side of this shape is kept by the next start, not remade
    await withPostgres(server.postgres!.url, (pg) => installIndexers(pg));
    expect((await sideOf('side_first_shape'))!.oid).toBe(side.oid);

    // and a side of the first shape whose table is gone is dropped
    await toFirstShape('side_first_shape');
    await entries.drop();
    await withPostgres(server.postgres!.url, (pg) => installIndexers(pg));
    expect(await sideOf('side_first_shape')).toBeNull();
  });
});
