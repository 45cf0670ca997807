// Baseline (b) for search and coverage (issue 14): the database commands of searchCatalog and of
// getSubjectOfferingCoverage, with the query words turned into keys by the domain's own
// tokenizer. Search answers what the route answers: the rows it reads ranked by the domain's own
// ranking (search/rank.js: terms checked, scores, order, facets, the page's snippets), so the
// CPU the app spends above (b) is what the service's layers add, not the ranking any
// implementation needs. Coverage answers the raw rows. Routes answer 501 where the domain has
// no search.
import { importBuilt } from './lib.mjs';

/**
 * Drops the fields no answer shows (the search keys `searchKeys0`...), as the app's mapping does:
 * the floor reads what the service reads but does not send more than the app.
 */
export function stripInternal(doc) {
  if (doc) {
    for (const key of Object.keys(doc)) if (/^searchKeys\d*$/.test(key)) delete doc[key];
  }
  return doc;
}

// What searchCatalog reads of each kind: the searched fields and these.
const SEARCH_KINDS = [
  ['Question', 'question', ['universityId', 'paperStatus', 'examYear'], 'question'],
  ['Paper', 'paper', ['universityId', 'status', 'examYear'], 'paper'],
  ['Subject', 'academic', [], 'subject'],
];
const MAX_CANDIDATES = 2_000;

/** Adds GET /api/v1/search and GET /api/v1/subject-offerings/:id/coverage to the floor app. */
export async function addSearchFloor(app, { domain, handle, hiddenUniversities, visible }) {
  const tokens = await importBuilt('packages/domain/dist/search/tokens.js').catch(() => null);
  const terms = await importBuilt('packages/domain/dist/search/terms.js').catch(() => null);
  const plan = await importBuilt('packages/domain/dist/search/plan.js').catch(() => null);
  const indexing = await importBuilt('packages/domain/dist/search/indexing.js').catch(() => null);
  const rank = await importBuilt('packages/domain/dist/search/rank.js').catch(() => null);
  if (typeof rank?.rankCandidates !== 'function' || typeof plan?.pushedFilters !== 'function')
    return;
  const { mongoose } = domain;
  const db = () => mongoose.connection.db;
  const status = { paper: { status: 'approved' }, question: { paperStatus: 'approved' } };

  app.get(
    '/api/v1/search',
    handle(async (req, res) => {
      // The counted documents of each word's stem and of the catalog (one `_id` read each), then
      // the candidates of the pushed equalities, per kind (prefix probes for words no document
      // holds whole are left out: the bench's queries are whole words).
      const words = tokens.queryTerms(String(req.query.q ?? ''));
      const keys = [...new Set([...words.map((t) => terms.stemKey(t.stem)), terms.DOCUMENTS_KEY])];
      const [hidden, ...found] = await Promise.all([
        hiddenUniversities(),
        ...keys.map((key) =>
          db()
            .collection(terms.SEARCH_TERMS_COLLECTION)
            .findOne({ _id: key }, { projection: { n: 1 } }),
        ),
      ]);
      const count = new Map(keys.map((key, i) => [key, found[i]?.n ?? 0]));
      const frequencies = words.map((t) => count.get(terms.stemKey(t.stem)) ?? 0);
      const pushed = plan.pushedFilters(words, frequencies);
      const lists = await Promise.all(
        SEARCH_KINDS.map(async ([model, kind, extra, type]) => {
          const fields = indexing.searchableFieldsOf(mongoose.model(model).schema);
          const read = ['slug', 'createdAt', ...fields.title, ...fields.body, ...extra];
          const projection = Object.fromEntries(read.map((f) => [f, 1]));
          const filter = kind === 'academic' ? {} : visible(hidden, status[kind]);
          const rows = await Promise.all(
            pushed.map((keys) =>
              mongoose
                .model(model)
                .find({ ...filter, ...keys }, projection)
                .limit(MAX_CANDIDATES)
                .batchSize(MAX_CANDIDATES)
                .lean(),
            ),
          );
          // United as the service unites them: by id, when several equalities were pushed.
          const docs =
            rows.length === 1
              ? rows[0]
              : [...new Map(rows.flat().map((doc) => [String(doc._id), doc])).values()];
          return { type, fields, docs };
        }),
      );
      const page = Number(req.query.page ?? 1);
      const limit = Number(req.query.limit ?? 20);
      const result = frequencies.some((n) => n === 0)
        ? rank.rankCandidates({ terms: words, rarity: [], lists: [], page, limit })
        : rank.rankCandidates({
            terms: words,
            rarity: rank.rarityOf(frequencies, count.get(terms.DOCUMENTS_KEY) ?? 0),
            lists,
            page,
            limit,
          });
      res.json({ success: true, data: result });
    }),
  );

  app.get(
    '/api/v1/subject-offerings/:id/coverage',
    handle(async (req, res) => {
      const id = req.params.id;
      const hidden = await hiddenUniversities();
      const offering = await mongoose
        .model('SubjectOffering')
        .findById(id, { universityId: 1 })
        .lean();
      if (!offering) return res.status(404).json({ success: false });
      const objectId = new mongoose.Types.ObjectId(String(id));
      const [papers, groups, modules, topics] = await Promise.all([
        mongoose
          .model('Paper')
          .find(
            { subjectOfferingId: id, ...visible(hidden, status.paper) },
            { examYear: 1, examType: 1, status: 1, universityId: 1 },
          )
          .lean(),
        mongoose.model('Question').aggregate([
          { $match: { subjectOfferingId: objectId, ...visible(hidden, status.question) } },
          {
            $group: {
              _id: {
                paperId: '$paperId',
                moduleId: '$moduleId',
                topicId: '$topicId',
                marks: '$marks',
              },
              n: { $sum: 1 },
            },
          },
        ]),
        mongoose
          .model('Module')
          .find({ subjectOfferingId: id }, { title: 1, order: 1 })
          .sort({ order: 1, _id: 1 })
          .lean(),
        mongoose
          .model('Topic')
          .find({ subjectOfferingId: id }, { moduleId: 1, title: 1, order: 1 })
          .sort({ order: 1, _id: 1 })
          .lean(),
      ]);
      res.json({ success: true, data: { papers, groups, modules, topics } });
    }),
  );
}
