// The physical limit: the same page (and count) a list scenario reads, asked of PostgreSQL
// straight with SQL against FerretDB's own tables (the ORDER BY ... LIMIT on the jsonb
// expressions the model's btree indexes are made of), timed in the bench process.
import { BENCH_DATABASE_NAME } from './database.mjs';
import { importFrom, stats, timesOver } from './lib.mjs';

const field = (name) => `(_jsonb->'${name}')`;
// The patched engine's sort key (packages/ferretdb/README.md): missing as JSON null, `_id` as is.
const key = (name) => (name === '_id' ? field(name) : `COALESCE(${field(name)}, 'null'::jsonb)`);
const orderKey = ([f, dir]) => `${key(f)} ${dir < 0 ? 'DESC' : 'ASC'}`;
const order = (spec) => Object.entries(spec).map(orderKey).join(', ');

/** Each list scenario as SQL: its collection, extra filter, order, page and whether it counts. */
const NEWEST = { collection: 'questions', sort: { createdAt: -1, _id: -1 } };
const PAGES = {
  questions: NEWEST,
  // Its partial index's predicate (visiblePartIndexes): what the engine sends, counted index-only.
  'questions-type': { ...NEWEST, partialIndex: 'visible_type_long' },
  'questions-marks': { collection: 'questions', sort: { marks: -1, _id: -1 } },
  'questions-page-500': { ...NEWEST, page: 500 },
  papers: { collection: 'papers', sort: { examYear: -1, createdAt: -1, _id: 1 } },
};
PAGES['graphql.papers'] = PAGES.papers;

/** Which scenarios have a physical limit, the `-no-total` twins included. */
const hasSqlLimit = (name) => name.replace(/-no-total$/, '') in PAGES;

/** Times each scenario's SQL for `seconds`, after 3 warm-up queries (collections: names by kind). */
export async function measureSqlLimits({ db, names, collections, seconds }) {
  const pg = await importFrom('packages/ferretdb', 'pg');
  const client = new pg.Client({ connectionString: db.postgresUrl });
  await client.connect();
  const schema = BENCH_DATABASE_NAME;
  const first = async (sql, args) => Object.values((await client.query(sql, args)).rows[0])[0];
  const tableOf = async (collection) =>
    `"${schema}"."${await first(`SELECT _jsonb->>'table' FROM "${schema}"._ferretdb_database_metadata WHERE _jsonb->>'_id' = $1`, [collections[collection]])}"`;
  // A partial index's predicate; FerretDB names the index `<table>_<name>_<hash>_idx`.
  const predicateOf = (table, name) =>
    first(
      `SELECT pg_get_expr(indpred, indrelid) FROM pg_index WHERE indrelid = $1::regclass AND indexrelid::regclass::text LIKE '%' || $2 || '%'`,
      [table, name],
    );
  const out = {};
  try {
    for (const name of names.filter(hasSqlLimit)) {
      const spec = PAGES[name.replace(/-no-total$/, '')];
      const counted = !name.endsWith('-no-total');
      const table = await tableOf(spec.collection);
      const where = spec.partialIndex
        ? await predicateOf(table, spec.partialIndex)
        : `${field('visible')} @> 'true'`;
      const offset = ((spec.page ?? 1) - 1) * 20;
      const page = `SELECT _jsonb FROM ${table} WHERE ${where} ORDER BY ${order(spec.sort)} LIMIT ${counted ? 20 : 21} OFFSET ${offset}`;
      const count = `SELECT count(*) FROM ${table} WHERE ${where}`;
      const once = async () => {
        const started = performance.now();
        const { rows } = await client.query(page);
        if (counted) await client.query(count);
        if (rows.length === 0) throw new Error(`${name}: the SQL page is empty`);
        return performance.now() - started;
      };
      for (let i = 0; i < 3; i += 1) await once();
      const times = await timesOver(seconds, 3, once);
      out[name] = { ...stats(times), sql: counted ? `${page}; ${count}` : page };
    }
  } finally {
    await client.end();
  }
  return out;
}
