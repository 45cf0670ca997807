import { Binary, BSON, BSONRegExp, ObjectId, Timestamp } from 'mongodb';
import type { Db, Document, Sort } from 'mongodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainFind } from './explain.js';
import { startEnginePair } from './test-support/engines.js';
import type { EnginePair } from './test-support/engines.js';

// Fixed seed and bounded runs: the same 40 data sets (10-40 documents, 4-8 queries each, so
// 160-320 comparisons of a page, a countDocuments and a count) on every run of the suite.
const SEED = 20_261_127;
const RUNS = 40;

const MISSING = Symbol('missing');
const HEX = '00000000000000000000002a';

/**
 * Values whose stored JSON collides with the filter values below while MongoDB's equality
 * does not match them: dates and timestamps (numbers), ObjectIds, binaries and regexes (strings).
 */
const storedScalars = (): unknown[] => [
  1,
  2,
  1.5,
  new Date(1),
  new Date(2),
  'x',
  'X',
  'eA==',
  HEX,
  new ObjectId(HEX),
  true,
  false,
  new Binary(Buffer.from('x')),
  new BSONRegExp('x'),
  new Timestamp({ t: 0, i: 1 }),
];
const filterScalars = (): unknown[] => [
  1,
  2,
  1.5,
  new Date(1),
  new Date(2),
  'x',
  'eA==',
  HEX,
  new ObjectId(HEX),
  true,
  false,
];

const pick = <T>(values: () => T[]) =>
  fc.integer({ min: 0, max: values().length - 1 }).map((i) => values()[i]!);
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(fc.constant(MISSING), fc.constant(null), arb, arb);

/** A mixed-type filter field: scalars, arrays of them, null or missing. */
const mixed = maybe(fc.oneof(pick(storedScalars), fc.array(pick(storedScalars), { maxLength: 3 })));

// Sort fields hold one type (plus missing and null), as the schemas guarantee; few values, so
// equal keys are common.
const docArb = fc.record({
  f: mixed,
  g: mixed,
  visible: fc.constantFrom<unknown>(true, true, false, [true], [false, true], null, MISSING),
  n: maybe(fc.constantFrom(0, 1, 2, 2.5, -1)),
  d: maybe(fc.integer({ min: 0, max: 3 }).map((ms) => new Date(ms))),
  // Escapes (quote, backslash, control character) and a 4-byte character: decoded each its own way.
  s: maybe(fc.constantFrom('a', 'B', 'é', 'ab', '', 'a ', 'Z', 'a"b', 'a\\b', 'a\nb', '😀')),
  // Never filtered or sorted on: what an exclusion projection drops in PostgreSQL.
  t: maybe(
    fc.oneof(fc.array(fc.constantFrom('p', 'q'), { maxLength: 3 }), fc.record({ x: fc.nat() })),
  ),
});

const filterValue = fc.oneof(
  pick(filterScalars),
  pick(filterScalars).map((v) => ({ $eq: v })),
  fc.array(pick(filterScalars), { maxLength: 4 }).map((values) => ({ $in: values })),
);
const visibleValue = fc.boolean();
const numberValue = fc.constantFrom(1, 2, 2.5);
const stringValue = fc.constantFrom('a', 'é');
const orArb = fc
  .array(
    fc.oneof(
      fc.record({ f: filterValue }),
      fc.record({ g: filterValue }),
      fc.record({ visible: visibleValue, s: stringValue }),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((branches) => ({ $or: branches }));
// Mostly zero to two keys, so that filters match some of the documents.
const filterArb = fc.oneof(
  { arbitrary: orArb, weight: 1 },
  { arbitrary: fc.tuple(visibleValue, orArb).map(([v, or]) => ({ visible: v, ...or })), weight: 1 },
  { arbitrary: fc.constant({}), weight: 2 },
  { arbitrary: fc.record({ visible: visibleValue }), weight: 3 },
  { arbitrary: fc.record({ f: filterValue }), weight: 2 },
  { arbitrary: fc.record({ g: filterValue }), weight: 2 },
  { arbitrary: fc.record({ visible: visibleValue, f: filterValue }), weight: 1 },
  { arbitrary: fc.record({ visible: visibleValue, n: numberValue }), weight: 1 },
  { arbitrary: fc.record({ s: stringValue, g: filterValue }), weight: 1 },
  { arbitrary: fc.record({ f: filterValue, g: filterValue }), weight: 1 },
);

const direction = fc.constantFrom<1 | -1>(1, -1);
const sortArb = fc
  .tuple(
    fc.shuffledSubarray(['n', 'd', 's'], { maxLength: 3 }),
    fc.array(direction, { minLength: 4, maxLength: 4 }),
  )
  .map(([keys, dirs]) => {
    const sort: Record<string, 1 | -1> = {};
    keys.forEach((key, i) => (sort[key] = dirs[i]!));
    sort._id = dirs[3]!;
    return sort;
  });

const queryArb = fc.record({
  filter: filterArb,
  sort: sortArb,
  skip: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 6 })),
  limit: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 12 })),
  // An exclusion or inclusion projection, on fields the filter or sort may name too.
  projection: fc.oneof(
    fc.constant(undefined),
    fc
      .tuple(
        fc.subarray(['t', 'f', 'n', 's', 'visible', '_id'], { minLength: 1 }),
        fc.boolean(),
        fc.nat(1),
      )
      // `_id` may be left out of an inclusion; an exclusion cannot include it.
      .map(([keys, keep, id]) =>
        Object.fromEntries(
          keys.map((key) => [key, key === '_id' ? (keep ? id : 0) : Number(keep)]),
        ),
      ),
  ),
});

function withoutMissing(doc: Record<string, unknown>, id: number): Document {
  const out: Document = { _id: new ObjectId(id.toString(16).padStart(24, '0')) };
  for (const [key, value] of Object.entries(doc)) if (value !== MISSING) out[key] = value;
  return out;
}

interface Query {
  filter: Document;
  sort: Sort;
  skip: number;
  limit: number;
  projection?: Document;
}

/**
 * What one engine answers: the page (Extended JSON, types kept, projected), countDocuments and count, and
 * every match of an unsorted find (FerretDB's own pushdown, `$in` included, projected), in `_id` order.
 */
async function answer(db: Db, collection: string, q: Query): Promise<string[]> {
  const coll = db.collection(collection);
  const page = await coll
    .find(q.filter, q.projection ? { projection: q.projection } : {})
    .sort(q.sort)
    .skip(q.skip)
    .limit(q.limit)
    .toArray();
  const all = (
    await coll.find(q.filter, q.projection ? { projection: q.projection } : {}).toArray()
  ).sort((a, b) => String(a._id).localeCompare(String(b._id)));
  const counted = await coll.countDocuments(q.filter, {
    ...(q.skip ? { skip: q.skip } : {}),
    ...(q.limit ? { limit: q.limit } : {}),
  });
  const count = await db.command({
    count: collection,
    query: q.filter,
    skip: q.skip,
    limit: q.limit,
  });
  return [
    BSON.EJSON.stringify(page, { relaxed: false }),
    BSON.EJSON.stringify(all, { relaxed: false }),
    `countDocuments ${counted}`,
    `count ${count.n}`,
  ];
}

async function load(db: Db, collection: string, docs: Document[]): Promise<void> {
  const coll = db.collection(collection);
  await coll.createIndex({ visible: 1, n: -1, _id: -1 });
  await coll.createIndex({ s: 1, d: -1, _id: 1 });
  await coll.insertMany(docs);
}

describe('the patched engine answers like FerretDB as released (differential, property-based)', () => {
  let engines: EnginePair;

  beforeAll(async () => {
    engines = await startEnginePair('qpc-diff', 'differential');
  });

  afterAll(async () => {
    await engines?.stop();
  });

  it(`when random documents are sorted, skipped, limited and counted, then the pages and counts are the same (seed ${SEED}, ${RUNS} data sets)`, async () => {
    let run = 0;
    let compared = 0;
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(docArb, { minLength: 10, maxLength: 40 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 40, maxLength: 40 }),
        fc.array(queryArb, { minLength: 4, maxLength: 8 }),
        async (raw, ids, queries) => {
          run += 1;
          const collection = `run${run}`;
          const docs = raw.map((doc, i) => withoutMissing(doc, ids[i]!));
          await load(engines.patched.db, collection, docs);
          await load(engines.upstream.db, collection, docs);
          // Every filter here is exact, so every find is sorted, skipped and limited in SQL.
          const first = queries[0]!;
          const explained = await explainFind(engines.patched.db, collection, first.filter, first);
          expect(explained.sortPushdown).toBe(true);
          for (const q of queries) {
            const expected = await answer(engines.upstream.db, collection, q);
            expect(await answer(engines.patched.db, collection, q)).toEqual(expected);
            compared += 1;
            if (expected[0] !== '[]') nonEmpty += 1;
          }
          await engines.patched.db.collection(collection).drop();
          await engines.upstream.db.collection(collection).drop();
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // Not vacuous: most runs compare several queries, and many pages hold documents.
    expect(compared).toBeGreaterThanOrEqual(4 * RUNS);
    expect(nonEmpty).toBeGreaterThan(compared / 4);
  });

  it('when documents are read by _id $in (the SQL is then an IN list alone), with or without a projection, then the same documents are found', async () => {
    // The string of an ObjectId's hex, looked for below, is stored as that ObjectId is (FerretDB's
    // unique _id index refuses both in one collection): SQL finds the ObjectId, FerretDB drops it.
    type Id = ObjectId | string | number | { a: string };
    const stored: Id[] = [new ObjectId(HEX), 'x', 'X', 1, { a: HEX }, new ObjectId(), 'eA=='];
    // Fields in two stored orders, one of them a document, so a projection's order shows.
    const docs = stored.map((_id, i) =>
      i % 2 ? { _id, i, t: ['p'], s: 'a' } : { _id, i, s: 'b', t: { x: i } },
    );
    const lists: Id[][] = [
      [HEX],
      [new ObjectId(HEX)],
      [HEX, 'x', 'y'],
      [new ObjectId(HEX), 'X', stored[5]!],
      ['eA==', 'x', HEX, new ObjectId(HEX)],
      [HEX, 1],
      [{ a: HEX }, 'x'],
      [],
    ];
    // Inclusions and exclusions the SQL applies alone (the filter names only _id) or with the
    // filter's `i` kept for FerretDB's own filter, and ones FerretDB applies itself.
    const projections: (Document | undefined)[] = [
      undefined,
      { s: 1 },
      { t: 1, s: 1 },
      { s: 1, i: 1, _id: 1 },
      { _id: 1 },
      { absent: 1 },
      { t: 0 },
      { i: 0, s: 0 },
      { s: 1, _id: 0 },
      { 't.x': 1 },
    ];
    const byIds = (db: Db) => db.collection<{ _id: Id; i: number }>('byids');
    for (const engine of [engines.patched, engines.upstream])
      await byIds(engine.db).insertMany(docs);
    const key = (doc: Document) => BSON.EJSON.stringify({ id: doc._id }, { relaxed: false });
    let found = 0;
    for (const list of lists) {
      for (const filter of [{ _id: { $in: list } }, { i: { $gte: 1 }, _id: { $in: list } }]) {
        for (const projection of projections) {
          const read = async (db: Db) =>
            BSON.EJSON.stringify(
              (
                await byIds(db)
                  .find(filter, { batchSize: 2, ...(projection ? { projection } : {}) })
                  .toArray()
              ).sort((a, b) => key(a).localeCompare(key(b))),
              { relaxed: false },
            );
          const expected = await read(engines.upstream.db);
          const what = JSON.stringify({ list, filter: Object.keys(filter), projection });
          expect(await read(engines.patched.db), what).toBe(expected);
          if (expected !== '[]') found += 1;
        }
      }
    }
    expect(found).toBeGreaterThanOrEqual(lists.length * projections.length);
  });
});
