// Loads the benchmark catalog (bench/catalog.mjs) into a fresh database: the documents as the app
// stores them (model defaults, ancestor keys, search keys), checked against the domain's mongoose
// models, then inserted with the driver's insertMany in batches.
//
//   node bench/generate.mjs                      # embedded FerretDB in a temp dir, then stops it
//   MONGODB_URI=mongodb://127.0.0.1:27017/qpc_bench node bench/generate.mjs   # that database, dropped first
//   BENCH_ENGINE=sqlite node bench/generate.mjs  # the embedded FerretDB on SQLite (default postgresql)
//   BENCH_SCALE=0.1 BENCH_SEED=7 ...             # smaller catalog, other seed
//
import { buildCatalog } from './catalog.mjs';
import { createProgress, importBuilt } from './lib.mjs';

export { buildCatalog, catalogSize, SEARCH_COMMON_QUERY, SEARCH_RARE_QUERY } from './catalog.mjs';

const ORDER = [
  ['users', 'UserModel'],
  ['universities', 'UniversityModel'],
  ['branches', 'BranchModel'],
  ['semesters', 'SemesterModel'],
  ['subjects', 'SubjectModel'],
  ['offerings', 'SubjectOfferingModel'],
  ['syllabi', 'SyllabusModel'],
  ['modules', 'ModuleModel'],
  ['topics', 'TopicModel'],
  ['papers', 'PaperModel'],
  ['questions', 'QuestionModel'],
  ['solutions', 'SolutionModel'],
  ['votes', 'VoteModel'],
];

/**
 * The documents as the app stores them: every path the model gives a default (`file: null`,
 * `isVerified: false`, ...) present, the generated values kept. (The raw insert below does not
 * apply mongoose defaults.)
 */
function withDefaults(Model, list) {
  const { _id, createdAt: _created, updatedAt: _updated, ...defaults } = new Model({}).toObject();
  return list.map((doc) => ({ ...defaults, ...doc }));
}

/**
 * The fields search keeps on documents, where the domain has search: the exam year questions
 * copy from their paper, and the search keys of every searchable model, computed by the
 * domain's own function (the raw insert bypasses the schema plugin that computes them on the
 * app's writes). The document frequencies are the startup migration's work (derived data).
 */
async function addSearchFields(domain, docs) {
  if (domain.QuestionModel.schema.path('examYear')) {
    const yearOf = new Map(docs.papers.map((p) => [String(p._id), p.examYear]));
    for (const q of docs.questions) q.examYear = yearOf.get(String(q.paperId));
  }
  const indexing = await importBuilt('packages/domain/dist/search/indexing.js').catch(() => null);
  if (typeof indexing?.searchableFieldsOf !== 'function') return false;
  for (const [key, modelName] of ORDER) {
    const fields = indexing.searchableFieldsOf(domain[modelName].schema);
    if (!fields) continue;
    for (const doc of docs[key])
      Object.assign(doc, indexing.indexOf(fields, (path) => doc[path]).fields);
  }
  return true;
}

/**
 * Checks documents against their mongoose model (casting, required fields, enums, and strict
 * paths: an unknown field throws), so the fast raw insert below cannot store a shape the app
 * would not write: every document of the small collections, and an even sample of the large ones.
 */
async function validateSample(Model, list, sampleSize = 2_000) {
  const step = Math.max(1, Math.floor(list.length / sampleSize));
  for (let i = 0; i < list.length; i += step) {
    try {
      await new Model(list[i]).validate();
    } catch (error) {
      throw new Error(`generated ${Model.modelName} ${list[i]._id} is invalid: ${error.message}`);
    }
  }
}

/**
 * Generates and inserts the catalog into the database mongoose is connected to, which must be
 * empty (a fresh database). Documents are validated (a sample of the large collections), then
 * inserted with the driver's insertMany in batches, a few batches in flight. Returns counts,
 * timing and the handles the scenarios need.
 */
export async function generateCatalog({
  seed = 42,
  scale = 1,
  batchSize = 1000,
  inFlight = 3,
  domain,
  progress = true,
}) {
  const started = performance.now();
  for (const [, modelName] of ORDER) {
    if (await domain[modelName].exists({}))
      throw new Error(`the database is not empty (${modelName}); the benchmark needs a fresh one`);
  }
  const catalog = buildCatalog({
    seed,
    scale,
    Types: domain.mongoose.Types,
    userIdFor: domain.userIdFor,
  });
  for (const [key, modelName] of ORDER)
    catalog.docs[key] = withDefaults(domain[modelName], catalog.docs[key]);
  const searchable = await addSearchFields(domain, catalog.docs);
  for (const [key, modelName] of ORDER) await validateSample(domain[modelName], catalog.docs[key]);
  const total = ORDER.reduce((sum, [key]) => sum + catalog.docs[key].length, 0);
  const bar = progress ? createProgress(total) : null;
  for (const [key, modelName] of ORDER) {
    const list = catalog.docs[key];
    const collection = domain[modelName].collection;
    bar?.label(key);
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const batch = list.slice(next, next + batchSize);
        next += batchSize;
        await collection.insertMany(batch, { ordered: false });
        bar?.tick(batch.length);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
  }
  bar?.finish();
  const counts = Object.fromEntries(ORDER.map(([key]) => [key, catalog.docs[key].length]));
  return { counts, seconds: (performance.now() - started) / 1000, catalog, searchable };
}

// Run directly: generate into MONGODB_URI (dropped first) or a throwaway embedded FerretDB.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { openBenchDatabase } = await import('./database.mjs');
  const seed = Number(process.env.BENCH_SEED ?? 42);
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const db = await openBenchDatabase({ engine: process.env.BENCH_ENGINE ?? 'postgresql' });
  try {
    const { counts, seconds } = await generateCatalog({ seed, scale, domain: db.domain });
    await db.finishLoad();
    console.log(`generated in ${seconds.toFixed(1)} s on ${db.engine}: ${JSON.stringify(counts)}`);
  } finally {
    await db.close();
  }
}
