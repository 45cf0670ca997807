// Loads the benchmark catalog (bench/catalog.mjs) into a fresh database: the documents as the app
// stores them (model defaults, search keys, the `visible` copy where the models have it),
// a sample checked against the domain's mongoose models, then bulk-inserted with the driver (large
// insertMany batches, several in flight), the indexes built once after.
import { buildCatalog } from './catalog.mjs';
import { importBuilt, round } from './lib.mjs';

export { catalogSize, SEARCH_COMMON_QUERY, SEARCH_RARE_QUERY } from './catalog.mjs';

/** [catalog key, model name], in insertion order. */
const ORDER = (
  'users:User universities:University branches:Branch semesters:Semester subjects:Subject ' +
  'offerings:SubjectOffering syllabi:Syllabus modules:Module topics:Topic papers:Paper ' +
  'questions:Question solutions:Solution votes:Vote'
)
  .split(' ')
  .map((pair) => pair.split(':'))
  .map(([key, model]) => [key, `${model}Model`]);

/** Every path the model gives a default (`file: null`, ...) present, the generated values kept. */
function withDefaults(Model, list) {
  const { _id, createdAt: _created, updatedAt: _updated, ...defaults } = new Model({}).toObject();
  return list.map((doc) => ({ ...defaults, ...doc }));
}

/**
 * The fields the domain derives on its writes: the exam year questions copy from their paper,
 * the search keys (the domain's own function), and `visible` (paper approved, university active:
 * every generated university is) where the models carry it.
 */
async function addDerivedFields(domain, docs) {
  const yearOf = new Map(docs.papers.map((p) => [String(p._id), p.examYear]));
  for (const q of docs.questions) q.examYear = yearOf.get(String(q.paperId));
  if (domain.PaperModel.schema.path('visible')) {
    for (const p of docs.papers) p.visible = p.status === 'approved';
    for (const q of docs.questions) q.visible = q.paperStatus === 'approved';
    for (const s of docs.solutions) s.visible = s.paperStatus === 'approved';
  }
  const indexing = await importBuilt('packages/domain/dist/search/indexing.js');
  for (const [key, modelName] of ORDER) {
    const fields = indexing.searchableFieldsOf(domain[modelName].schema);
    if (!fields) continue;
    for (const doc of docs[key])
      Object.assign(doc, indexing.indexOf(fields, (path) => doc[path]).fields);
  }
}

/** Generates and inserts the catalog into the (empty) database mongoose is connected to. */
async function generateCatalog({ seed, scale, domain, batchSize = 2_000, inFlight = 4 }) {
  const started = performance.now();
  const { Types } = domain.mongoose;
  const catalog = buildCatalog({ seed, scale, Types, userIdFor: domain.userIdFor });
  for (const [key, modelName] of ORDER)
    catalog.docs[key] = withDefaults(domain[modelName], catalog.docs[key]);
  await addDerivedFields(domain, catalog.docs);
  // Casting, required fields, enums, strict paths: the first document of each kind.
  for (const [key, modelName] of ORDER)
    await new domain[modelName](catalog.docs[key][0]).validate();
  for (const [key, modelName] of ORDER) {
    const list = catalog.docs[key];
    const { collection } = domain[modelName];
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const batch = list.slice(next, next + batchSize);
        next += batchSize;
        await collection.insertMany(batch, { ordered: false });
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
  }
  const counts = Object.fromEntries(ORDER.map(([key]) => [key, catalog.docs[key].length]));
  return { counts, seconds: (performance.now() - started) / 1000, catalog };
}

/** The app's startup migrations, run here once so that the apps find them done. */
async function runMigrations() {
  const steps = [
    ['packages/domain/dist/migrations.js', 'backfillAncestorKeys'],
    ['packages/domain/dist/search/backfill.js', 'backfillSearch'],
  ];
  let updated = 0;
  for (const [file, name] of steps) updated += (await (await importBuilt(file))[name]()).updated;
  return updated;
}

/**
 * Loads the catalog into the bench database (bench/database.mjs), builds the indexes, runs the
 * startup migrations (`backfilled`: what they had to fill, 0 when the generator wrote the real
 * shape) and disconnects. Returns the catalog, the collection names and the figures.
 */
export async function loadCatalog(db, seed, scale) {
  const { domain } = db;
  const { catalog, counts, seconds } = await generateCatalog({ seed, scale, domain });
  const indexStarted = performance.now();
  await db.finishLoad();
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  const backfilled = await runMigrations();
  const { PaperModel, QuestionModel, SolutionModel } = domain;
  const name = (Model) => Model.collection.collectionName;
  const collections = {
    papers: name(PaperModel),
    questions: name(QuestionModel),
    solutions: name(SolutionModel),
  };
  await domain.disconnectDatabase();
  return {
    catalog,
    collections,
    counts,
    insertSeconds: round(seconds, 1),
    indexSeconds: round(indexSeconds, 1),
    backfilled,
    visibleFlag: Boolean(PaperModel.schema.path('visible')),
  };
}
