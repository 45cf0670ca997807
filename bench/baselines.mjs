// The two baselines every scenario is compared with, in the same run:
//   (a) ceiling: a bare Express 5 app answering a constant JSON of the same size as the
//       scenario's real response (HTTP + routing + JSON serialisation, no work);
//   (b) floor:   a bare Express 5 route running the queries the answer needs, with lean(), no
//       middleware, no validation, no DTO mapping (the database work the service cannot avoid).
// The floor issues the same filters, sorts and limits as the domain services, so the ratio of
// the app to (b) is what our layers (middleware, validation, mapping, framework) cost.

/** (a) One route per scenario, same method and path shape as the real one; bodies are parsed. */
export function createCeilingApp(express, constants) {
  const app = express();
  app.disable('x-powered-by');
  const send = (name) => (_req, res) => res.json(constants[name]);
  app.get('/api/v1/papers', send('rest.papers'));
  app.get('/api/v1/universities', send('rest.universities'));
  app.get('/api/v1/questions/:id', send('rest.question'));
  app.get('/api/v1/subject-offerings/:id/syllabus', send('rest.syllabus'));
  app.patch('/api/v1/solutions/:id/vote', express.json(), send('rest.vote'));
  app.post('/graphql/:name', express.json(), (req, res) =>
    res.json(constants[`graphql.${req.params.name}`]),
  );
  return app;
}

const PAPER_ORDER = { examYear: -1, createdAt: -1, _id: 1 };
const SYLLABUS_ITEM_ORDER = { order: 1, createdAt: 1, _id: 1 };

function page(limit, total) {
  const totalPages = Math.ceil(total / limit);
  return { page: 1, limit, total, totalPages, hasNextPage: totalPages > 1, hasPrevPage: false };
}

function escapeRegex(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** (b) The same queries as the services, lean, no middleware at all. */
export function createFloorApp(express, domain) {
  const {
    PaperModel,
    UniversityModel,
    QuestionModel,
    SyllabusModel,
    ModuleModel,
    TopicModel,
    SolutionModel,
    VoteModel,
    SubjectOfferingModel,
    SubjectModel,
  } = domain;
  const app = express();
  app.disable('x-powered-by');
  const handle = (fn) => (req, res, next) => fn(req, res).catch(next);

  async function papers(subjectOfferingId, limit) {
    const filter = { status: 'approved', ...(subjectOfferingId ? { subjectOfferingId } : {}) };
    const [total, docs] = await Promise.all([
      PaperModel.countDocuments(filter),
      PaperModel.find(filter).sort(PAPER_ORDER).limit(limit).lean(),
    ]);
    for (const doc of docs) delete doc.statusHistory; // anonymous callers do not see it
    return { docs, total };
  }

  async function syllabus(subjectOfferingId) {
    const found = await SyllabusModel.findOne({ subjectOfferingId }).lean();
    if (!found) return null;
    const modules = await ModuleModel.find({ syllabusId: found._id })
      .sort(SYLLABUS_ITEM_ORDER)
      .lean();
    const topics = await TopicModel.find({ moduleId: { $in: modules.map((m) => m._id) } })
      .sort(SYLLABUS_ITEM_ORDER)
      .lean();
    const byModule = new Map();
    for (const topic of topics) {
      const key = String(topic.moduleId);
      if (!byModule.has(key)) byModule.set(key, []);
      byModule.get(key).push(topic);
    }
    return {
      ...found,
      modules: modules.map((m) => ({ ...m, topics: byModule.get(String(m._id)) ?? [] })),
    };
  }

  // The service's visibility check, as it is: `exists({_id, status})` (on the embedded engine a
  // scan of the papers, see docs/benchmarks.md).
  async function isApprovedPaper(paperId) {
    return Boolean(await PaperModel.exists({ _id: paperId, status: 'approved' }));
  }

  async function question(id) {
    const doc = await QuestionModel.findById(id).lean();
    if (!doc || !(await isApprovedPaper(doc.paperId))) return null;
    return doc;
  }

  app.get(
    '/api/v1/papers',
    handle(async (req, res) => {
      const limit = Number(req.query.limit ?? 20);
      const { docs, total } = await papers(req.query.subjectOfferingId, limit);
      res.json({ success: true, data: docs, pagination: page(limit, total) });
    }),
  );

  app.get(
    '/api/v1/universities',
    handle(async (req, res) => {
      const regex = new RegExp(escapeRegex(String(req.query.search ?? '')), 'i');
      const filter = { isActive: true, $or: [{ name: regex }, { shortName: regex }] };
      const [total, docs] = await Promise.all([
        UniversityModel.countDocuments(filter),
        UniversityModel.find(filter).sort({ name: 1, _id: 1 }).limit(20).lean(),
      ]);
      res.json({ success: true, data: docs, pagination: page(20, total) });
    }),
  );

  app.get(
    '/api/v1/questions/:id',
    handle(async (req, res) => {
      const doc = await question(req.params.id);
      if (!doc) return res.status(404).json({ success: false });
      res.json({ success: true, data: doc });
    }),
  );

  app.get(
    '/api/v1/subject-offerings/:id/syllabus',
    handle(async (req, res) => {
      const tree = await syllabus(req.params.id);
      if (!tree) return res.status(404).json({ success: false });
      res.json({ success: true, data: tree });
    }),
  );

  // The vote's unavoidable work: find the solution, check its question's paper is approved,
  // write the vote (insert; on the unique index's refusal, update), count the votes.
  // Who votes comes from a header: identifying the caller is the auth middleware's job.
  app.patch(
    '/api/v1/solutions/:id/vote',
    express.json(),
    handle(async (req, res) => {
      const userId = req.get('x-bench-user-id');
      const solutionId = req.params.id;
      const { value } = req.body;
      const solution = await SolutionModel.findById(solutionId).lean();
      if (!solution) return res.status(404).json({ success: false });
      const q = await QuestionModel.findById(solution.questionId, { paperId: 1 }).lean();
      if (!q || !(await isApprovedPaper(q.paperId)))
        return res.status(404).json({ success: false });
      try {
        await VoteModel.create({ solutionId, userId, value });
      } catch (error) {
        if (error?.code !== 11000) throw error;
        await VoteModel.updateOne({ solutionId, userId }, { $set: { value } });
      }
      const rows = await VoteModel.aggregate([
        { $match: { solutionId: { $in: [solution._id] } } },
        { $group: { _id: { solutionId: '$solutionId', value: '$value' }, count: { $sum: 1 } } },
      ]);
      const upvotes = rows.find((r) => r._id.value === 1)?.count ?? 0;
      const downvotes = rows.find((r) => r._id.value === -1)?.count ?? 0;
      // myVote is the value just recorded (as the service does): no read back.
      res.json({
        success: true,
        data: { ...solution, upvotes, downvotes, score: upvotes - downvotes, myVote: value },
      });
    }),
  );

  // GraphQL equivalents: the same data, in the shape of a GraphQL response.
  app.post(
    '/graphql/syllabus',
    express.json(),
    handle(async (req, res) => {
      res.json({ data: { syllabus: await syllabus(req.body.variables.id) } });
    }),
  );
  app.post(
    '/graphql/papers',
    express.json(),
    handle(async (req, res) => {
      const limit = req.body.variables?.limit ?? 20;
      const { docs, total } = await papers(undefined, limit);
      const offerings = await SubjectOfferingModel.find({
        _id: { $in: [...new Set(docs.map((d) => String(d.subjectOfferingId)))] },
      }).lean();
      const subjects = await SubjectModel.find({
        _id: { $in: [...new Set(offerings.map((o) => String(o.subjectId)))] },
      }).lean();
      const offeringById = new Map(offerings.map((o) => [String(o._id), o]));
      const subjectById = new Map(subjects.map((s) => [String(s._id), s]));
      const items = docs.map((d) => {
        const offering = offeringById.get(String(d.subjectOfferingId));
        return {
          ...d,
          subjectOffering: offering && {
            ...offering,
            subject: subjectById.get(String(offering.subjectId)),
          },
        };
      });
      res.json({ data: { papers: { items, pagination: page(limit, total) } } });
    }),
  );

  app.use((error, _req, res, _next) => {
    process.stderr.write(`floor baseline error: ${error?.stack ?? error}\n`);
    res.status(500).json({ success: false });
  });
  return app;
}
