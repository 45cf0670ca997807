// Loads the benchmark catalog (catalog-generator/catalog.mjs) into a fresh database as the app stores it
// (model defaults, search and band keys, group keys, `visible`) with its search entries,
// bulk-inserted with the driver, indexed after.
import { buildCatalog } from '../catalog-generator/catalog.mjs';
import { importBuilt, round } from './lib.mjs';

export {
  SEARCH_COMMON_QUERY,
  SEARCH_RARE_QUERY,
  SUGGEST_QUERIES,
} from '../catalog-generator/catalog.mjs';

const fromDomain = (file) => importBuilt(`packages/domain/dist/${file}.js`);

/** [catalog key, model name], in insertion order. */
const ORDER = (
  'users:User universities:University branches:Branch semesters:Semester subjects:Subject ' +
  'offerings:SubjectOffering syllabi:Syllabus modules:Module topics:Topic papers:Paper ' +
  'questions:Question solutions:Solution votes:Vote'
)
  .split(' ')
  .map((pair) => pair.split(':'))
  .map(([key, model]) => [key, `${model}Model`]);

/** Catalog key -> search entry kind. */
const ENTRY_KINDS = {
  questions: 'question',
  papers: 'paper',
  subjects: 'subject',
  topics: 'topic',
};

/** Every path the model gives a default (`file: null`, ...) present, the generated values kept. */
function withDefaults(Model, list) {
  const { _id, createdAt: _created, updatedAt: _updated, ...defaults } = new Model({}).toObject();
  return list.map((doc) => ({ ...defaults, ...doc }));
}

/** What the domain derives on its writes (exam year, search and band keys, group keys, `visible`),
 * with its own functions; returns the stems of each searchable document. */
async function addDerivedFields(domain, docs) {
  const yearOf = new Map(docs.papers.map((p) => [String(p._id), p.examYear]));
  for (const q of docs.questions) q.examYear = yearOf.get(String(q.paperId));
  const copies = 'papers:status questions:paperStatus solutions:paperStatus'; // every university active
  for (const [key, status] of copies.split(' ').map((c) => c.split(':'))) {
    for (const doc of docs[key]) doc.visible = doc[status] === 'approved';
  }
  const subjectOf = new Map(docs.papers.map((p) => [String(p._id), String(p.subjectId)]));
  const plugin = await fromDomain('similar/plugin');
  const { bandKeys } = await fromDomain('similar/signature');
  for (const q of docs.questions)
    Object.assign(q, plugin.bandFields(bandKeys(subjectOf.get(String(q.paperId)), q.text)));
  // Group keys in bulk, as each question's write would give it (search/group-key.ts).
  const groups = (await fromDomain('search/group-key')).groupKeysInBulk(docs.questions);
  for (const q of docs.questions) q.searchGroup = groups.get(String(q._id));
  const indexing = await fromDomain('search/indexing');
  const stems = []; // each searchable document's, for the term counts
  for (const [key, modelName] of ORDER) {
    const fields = indexing.searchableFieldsOf(domain[modelName].schema);
    for (const doc of fields ? docs[key] : []) {
      const index = indexing.indexOf(fields, (path) => doc[path]);
      stems.push(index.stems);
      Object.assign(doc, index.fields);
    }
  }
  return stems;
}

/** Generates and inserts the catalog, builds the indexes, runs the start-up work (`backfilled`:
 * what it had to fill); returns the catalog, the collections the writes read, and the figures. */
export async function loadCatalog(db, seed, scale, { batchSize = 2_000, inFlight = 4 } = {}) {
  const { domain } = db;
  const started = performance.now();
  const { userIdFor, mongoose } = domain;
  const catalog = buildCatalog({ seed, scale, Types: mongoose.Types, userIdFor });
  for (const [key, modelName] of ORDER)
    catalog.docs[key] = withDefaults(domain[modelName], catalog.docs[key]);
  const stems = await addDerivedFields(domain, catalog.docs);
  // Casting, required fields, enums, strict paths: the first document of each kind.
  for (const [key, modelName] of ORDER)
    await new domain[modelName](catalog.docs[key][0]).validate();
  // The search entries of questions, papers, subjects and topics, built as the domain's writes
  // build them (entryOf), inserted after the documents.
  const entries = Object.entries(ENTRY_KINDS).flatMap(([key, type]) =>
    catalog.docs[key].map((doc) => domain.entryOf(type, doc)),
  );
  const lists = [...ORDER.map(([key, modelName]) => [catalog.docs[key], domain[modelName]])];
  lists.push([entries, domain.SearchEntryModel]);
  for (const [list, Model] of lists) {
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const from = next;
        next += batchSize;
        await Model.collection.insertMany(list.slice(from, from + batchSize));
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
  }
  // The universities' name keys, before the indexes and statistics (their own backfill is recorded).
  await (await fromDomain('university/name-keys')).rebuildNameKeys();
  const insertSeconds = round((performance.now() - started) / 1000, 1);
  await db.finishLoad();
  const indexSeconds = round((performance.now() - started) / 1000 - insertSeconds, 1);
  // The term counts, and the backfills recorded as done: every document already holds what they
  // derive (their scans of every collection took minutes at scale 5). Then the app's start-up work.
  await (await fromDomain('search/terms')).replaceTermCounts(stems);
  await (await fromDomain('storage/backfill-markers')).recordBackfillsDone();
  const backfilled = await domain.prepareDatabase();
  const collectionOf = (name) => domain[`${name}Model`].collection.collectionName;
  const [papers, questions, solutions] = ['Paper', 'Question', 'Solution'].map(collectionOf);
  await domain.disconnectDatabase();
  const counts = Object.fromEntries(ORDER.map(([key]) => [key, catalog.docs[key].length]));
  const figures = { counts, insertSeconds, indexSeconds, backfilled, diskMiB: await db.diskMiB() };
  return { catalog, collections: { papers, questions, solutions }, ...figures };
}
