// Baseline (b) for search and coverage (issue 14): the database commands of searchCatalog and of
// getSubjectOfferingCoverage, with the query words turned into keys by the domain's own
// tokenizer, and no ranking, snippets, facets or folding of the answer (the floor answers the
// raw rows). Routes answer 501 where the domain has no search.
import { importBuilt } from './lib.mjs';

/**
 * Drops the fields no answer shows (search keys: hundreds of strings per document), as the app's
 * mapping does: the floor reads what the service reads but does not send more than the app.
 */
export function stripInternal(doc) {
  if (doc) {
    delete doc.searchKeys;
    delete doc.searchTitleKeys;
  }
  return doc;
}

const SEARCH_KINDS = [
  ['Question', 'question', ['text', 'universityId', 'paperStatus', 'examYear']],
  ['Paper', 'paper', ['title', 'universityId', 'status', 'examYear']],
  ['Subject', 'academic', ['name', 'description']],
];
const SHARED_FIELDS = ['slug', 'createdAt', 'searchKeys', 'searchTitleKeys'];
const MAX_CANDIDATES = 2_000;

/** Adds GET /api/v1/search and GET /api/v1/subject-offerings/:id/coverage to the floor app. */
export async function addSearchFloor(app, { domain, handle, hiddenUniversities, visible }) {
  const tokens = await importBuilt('packages/domain/dist/search/tokens.js').catch(() => null);
  const terms = await importBuilt('packages/domain/dist/search/terms.js').catch(() => null);
  if (typeof tokens?.queryTerms !== 'function' || !terms?.SEARCH_TERMS_COLLECTION) return;
  const { mongoose } = domain;
  const db = () => mongoose.connection.db;
  const status = { paper: { status: 'approved' }, question: { paperStatus: 'approved' } };

  app.get(
    '/api/v1/search',
    handle(async (req, res) => {
      // The counted documents of each word's stem and of the catalog (one `_id` read each), then
      // the candidates of the rarest word, per kind (prefix probes for words no document holds
      // whole are left out: the bench's queries are whole words).
      const words = tokens.queryTerms(String(req.query.q ?? ''));
      const keys = [
        ...new Set([...words.map((t) => tokens.STEM_MARK + t.stem), terms.DOCUMENTS_KEY]),
      ];
      const [hidden, ...found] = await Promise.all([
        hiddenUniversities(),
        ...keys.map((key) =>
          db()
            .collection(terms.SEARCH_TERMS_COLLECTION)
            .findOne({ _id: key }, { projection: { n: 1 } }),
        ),
      ]);
      const count = new Map(keys.map((key, i) => [key, found[i]?.n ?? 0]));
      const frequency = (t) => count.get(tokens.STEM_MARK + t.stem) ?? 0;
      const rarest = words.reduce((best, t) => (frequency(t) < frequency(best) ? t : best));
      const lists = await Promise.all(
        SEARCH_KINDS.flatMap(([model, kind, fields]) => {
          const projection = Object.fromEntries([...SHARED_FIELDS, ...fields].map((f) => [f, 1]));
          const filter = kind === 'academic' ? {} : visible(hidden, status[kind]);
          return rarest.lookups.map((key) =>
            mongoose
              .model(model)
              .find({ ...filter, searchKeys: key }, projection)
              .limit(MAX_CANDIDATES)
              .lean(),
          );
        }),
      );
      const hits = lists.flat();
      res.json({
        success: true,
        data: hits.slice(0, 20).map(stripInternal),
        total: hits.length,
      });
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
