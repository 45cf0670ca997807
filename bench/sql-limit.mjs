// The physical limit: the same page (and count) a list scenario reads, asked of PostgreSQL
// straight with SQL against FerretDB's own tables (the ORDER BY ... LIMIT on the jsonb
// expressions the model's btree indexes are made of), timed in the bench process.
import { BENCH_DATABASE_NAME } from './database.mjs';
import { importFrom, stats } from './lib.mjs';

const field = (name) => `(_jsonb->'${name}')`;
// The patched engine's sort key (packages/ferretdb/README.md): missing as JSON null, `_id` as is.
const key = (name) => (name === '_id' ? field(name) : `COALESCE(${field(name)}, 'null'::jsonb)`);
const order = (spec) =>
  Object.entries(spec)
    .map(([name, dir]) => `${key(name)} ${dir < 0 ? 'DESC' : 'ASC'}`)
    .join(', ');

/** Each list scenario as SQL: its collection, extra filter, order, page and whether it counts. */
const NEWEST = { collection: 'questions', sort: { createdAt: -1, _id: -1 } };
const PAGES = {
  questions: NEWEST,
  // The predicate of the partial index the model declares for the type (visiblePartIndexes):
  // the clause the patched engine sends, which lets PostgreSQL count from that index alone.
  'questions-type': { ...NEWEST, partialIndex: 'visible_type_long' },
  'questions-marks': { collection: 'questions', sort: { marks: -1, _id: -1 } },
  'questions-page-500': { ...NEWEST, page: 500 },
  papers: { collection: 'papers', sort: { examYear: -1, createdAt: -1, _id: 1 } },
};
PAGES['graphql.papers'] = PAGES.papers;

/** Which scenarios have a physical limit, the `-no-total` twins included. */
const hasSqlLimit = (name) => name.replace(/-no-total$/, '') in PAGES;

/** Times each scenario's SQL for `seconds` (a few warm-up queries first). `collections`:
 * collection names by kind. */
export async function measureSqlLimits({ db, names, collections, seconds }) {
  const pg = await importFrom('packages/ferretdb', 'pg');
  const client = new pg.Client({ connectionString: db.postgresUrl });
  await client.connect();
  const schema = BENCH_DATABASE_NAME;
  const tableOf = async (collection) => {
    const { rows } = await client.query(
      `SELECT _jsonb->>'table' AS t FROM "${schema}"._ferretdb_database_metadata WHERE _jsonb->>'_id' = $1`,
      [collections[collection]],
    );
    return `"${schema}"."${rows[0].t}"`;
  };
  // FerretDB names a PostgreSQL index `<table>_<index name>_<hash>_idx`.
  const predicateOf = async (table, indexName) => {
    const { rows } = await client.query(
      `SELECT pg_get_expr(i.indpred, i.indrelid) AS p FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = $1::regclass AND c.relname LIKE '%' || $2 || '%'`,
      [table, indexName],
    );
    if (rows.length !== 1) throw new Error(`no partial index ${indexName} on ${table}`);
    return rows[0].p;
  };
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
      const times = [];
      const deadline = performance.now() + seconds * 1000;
      while (performance.now() < deadline || times.length < 3) times.push(await once());
      out[name] = { ...stats(times), sql: counted ? `${page}; ${count}` : page };
    }
  } finally {
    await client.end();
  }
  return out;
}
