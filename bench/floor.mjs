// Baseline (b), the floor: a bare Express 5 app running, for each scenario, the database commands
// the domain service issues for that answer (same filters, sorts, limits, counts, the same
// visibility read), with lean(), no middleware, no validation, no DTO mapping. The gap between
// the app and this is what our layers cost. A scenario the floor does not know answers 501
// (reported as "no baseline").

import { addSearchFloor, stripInternal } from './floor-search.mjs';

const PAPER_ORDER = { examYear: -1, createdAt: -1, _id: 1 };
const QUESTION_ORDER = { createdAt: -1, _id: -1 };
const SYLLABUS_ITEM_ORDER = { order: 1, createdAt: 1, _id: 1 };

function escapeRegex(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const key = (id) => String(id);

function groupBy(list, field) {
  const groups = new Map();
  for (const item of list) {
    const k = key(item[field]);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(item);
  }
  return groups;
}

/** (b) The same queries as the services, lean, no middleware at all. */
export async function createFloorApp(express, domain) {
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
    BranchModel,
    SemesterModel,
    UserModel,
    mongoose,
  } = domain;
  const app = express();
  app.disable('x-powered-by');
  const handle = (fn) => (req, res, next) => fn(req, res).catch(next);
  const notFound = (res) => res.status(404).json({ success: false });

  // The viewer of an anonymous or normal caller (visibility.ts): the inactive universities,
  // read once per request; their content is excluded (none in the bench catalog).
  async function hiddenUniversities() {
    const inactive = await UniversityModel.find({ isActive: false }, { _id: 1 }).lean();
    return inactive.map((u) => u._id);
  }
  const visible = (hidden, extra) => ({
    ...extra,
    ...(hidden.length ? { universityId: { $nin: hidden } } : {}),
  });
  const isVisible = (hidden, doc) => !hidden.some((id) => key(id) === key(doc.universityId));

  /** Page 1: a count and a page, or (includeTotal=false) the page and one item more. */
  async function firstPage(model, filter, sort, limit, includeTotal) {
    if (!includeTotal) {
      const docs = await model
        .find(filter)
        .sort(sort)
        .limit(limit + 1)
        .lean();
      return {
        docs: docs.slice(0, limit),
        pagination: {
          page: 1,
          limit,
          total: null,
          totalPages: null,
          hasNextPage: docs.length > limit,
          hasPrevPage: false,
        },
      };
    }
    const [total, docs] = await Promise.all([
      model.countDocuments(filter),
      model.find(filter).sort(sort).limit(limit).lean(),
    ]);
    const totalPages = Math.ceil(total / limit);
    return {
      docs,
      pagination: {
        page: 1,
        limit,
        total,
        totalPages,
        hasNextPage: totalPages > 1,
        hasPrevPage: false,
      },
    };
  }
  const limitOf = (req) => Number(req.query.limit ?? 20);
  const includeTotalOf = (req) => req.query.includeTotal !== 'false';

  async function papers(query, limit, includeTotal) {
    const hidden = await hiddenUniversities();
    const wanted = {};
    if (query.subjectOfferingId) wanted.subjectOfferingId = query.subjectOfferingId;
    const filter = { ...visible(hidden, { status: 'approved' }), ...wanted };
    if (query.universityId) filter.universityId = query.universityId;
    const page = await firstPage(PaperModel, filter, PAPER_ORDER, limit, includeTotal);
    for (const doc of page.docs) {
      delete doc.statusHistory; // anonymous callers do not see it
      stripInternal(doc);
    }
    return page;
  }

  async function questions(hidden, wanted, req) {
    const filter = { ...visible(hidden, { paperStatus: 'approved' }), ...wanted };
    if (req.query.type) filter.type = req.query.type;
    const page = await firstPage(
      QuestionModel,
      filter,
      QUESTION_ORDER,
      limitOf(req),
      includeTotalOf(req),
    );
    for (const doc of page.docs) {
      delete doc.paperStatus;
      stripInternal(doc);
    }
    return page;
  }

  async function syllabus(subjectOfferingId) {
    const hidden = await hiddenUniversities();
    const found = await SyllabusModel.findOne({ subjectOfferingId }).lean();
    if (!found || !isVisible(hidden, found)) return null;
    const [modules, topics] = await Promise.all([
      ModuleModel.find({ syllabusId: found._id }).sort(SYLLABUS_ITEM_ORDER).lean(),
      TopicModel.find({ syllabusId: found._id }).sort(SYLLABUS_ITEM_ORDER).lean(),
    ]);
    const byModule = groupBy(topics, 'moduleId');
    return {
      ...found,
      modules: modules.map((m) => ({ ...m, topics: byModule.get(key(m._id)) ?? [] })),
    };
  }

  async function tally(match) {
    const rows = await VoteModel.aggregate([
      { $match: match },
      { $group: { _id: { solutionId: '$solutionId', value: '$value' }, count: { $sum: 1 } } },
    ]);
    const counts = new Map();
    for (const row of rows) {
      const k = key(row._id.solutionId);
      const entry = counts.get(k) ?? { upvotes: 0, downvotes: 0 };
      if (row._id.value === 1) entry.upvotes += row.count;
      else entry.downvotes += row.count;
      counts.set(k, entry);
    }
    return counts;
  }

  app.get(
    '/api/v1/papers',
    handle(async (req, res) => {
      const { docs, pagination } = await papers(req.query, limitOf(req), includeTotalOf(req));
      res.json({ success: true, data: docs, pagination });
    }),
  );

  app.get(
    '/api/v1/universities',
    handle(async (req, res) => {
      const regex = new RegExp(escapeRegex(String(req.query.search ?? '')), 'i');
      const filter = { isActive: true, $or: [{ name: regex }, { shortName: regex }] };
      const { docs, pagination } = await firstPage(
        UniversityModel,
        filter,
        { name: 1, _id: 1 },
        20,
        true,
      );
      res.json({ success: true, data: docs, pagination });
    }),
  );

  app.get(
    '/api/v1/questions',
    handle(async (req, res) => {
      const { docs, pagination } = await questions(await hiddenUniversities(), {}, req);
      res.json({ success: true, data: docs, pagination });
    }),
  );

  app.get(
    '/api/v1/modules/:id/questions',
    handle(async (req, res) => {
      const hidden = await hiddenUniversities();
      const module = await ModuleModel.findById(req.params.id, { universityId: 1 }).lean();
      if (!module || !isVisible(hidden, module)) return notFound(res);
      const { docs, pagination } = await questions(hidden, { moduleId: req.params.id }, req);
      res.json({ success: true, data: docs, pagination });
    }),
  );

  app.get(
    '/api/v1/questions/:id',
    handle(async (req, res) => {
      const doc = await QuestionModel.findOne({ _id: req.params.id }).lean();
      const hidden = await hiddenUniversities();
      if (!doc || doc.paperStatus !== 'approved' || !isVisible(hidden, doc)) return notFound(res);
      delete doc.paperStatus;
      res.json({ success: true, data: stripInternal(doc) });
    }),
  );

  app.get(
    '/api/v1/subject-offerings/:id/syllabus',
    handle(async (req, res) => {
      const tree = await syllabus(req.params.id);
      if (!tree) return notFound(res);
      res.json({ success: true, data: tree });
    }),
  );

  // The vote's database work: the caller's user record (auth reads it by id; the token itself
  // is not verified here: who votes comes from a header), the solution and the viewer
  // (visibility), the vote (insert; on the unique index's refusal, update), the solution's tally.
  app.patch(
    '/api/v1/solutions/:id/vote',
    express.json(),
    handle(async (req, res) => {
      const userId = req.get('x-bench-user-id');
      const user = await UserModel.findById(userId).lean();
      if (!user?.isActive) return res.status(401).json({ success: false });
      const { value } = req.body;
      const solution = await SolutionModel.findById(req.params.id).lean();
      const hidden = await hiddenUniversities();
      if (!solution || solution.paperStatus !== 'approved' || !isVisible(hidden, solution))
        return notFound(res);
      const solutionId = solution._id;
      try {
        await VoteModel.create({
          solutionId,
          questionId: solution.questionId,
          subjectOfferingId: solution.subjectOfferingId,
          userId,
          value,
        });
      } catch (error) {
        if (error?.code !== 11000 && !/duplicate|unique/i.test(String(error?.message))) throw error;
        await VoteModel.updateOne({ solutionId, userId }, { $set: { value } });
      }
      const counts = (await tally({ solutionId })).get(key(solutionId)) ?? {
        upvotes: 0,
        downvotes: 0,
      };
      delete solution.paperStatus;
      res.json({
        success: true,
        data: { ...solution, ...counts, score: counts.upvotes - counts.downvotes, myVote: value },
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
      const { docs, pagination } = await papers({}, limit, true);
      const offerings = await SubjectOfferingModel.find({
        _id: { $in: [...new Set(docs.map((d) => key(d.subjectOfferingId)))] },
      }).lean();
      const subjects = await SubjectModel.find({
        _id: { $in: [...new Set(offerings.map((o) => key(o.subjectId)))] },
      }).lean();
      subjects.forEach(stripInternal);
      const offeringById = new Map(offerings.map((o) => [key(o._id), o]));
      const subjectById = new Map(subjects.map((s) => [key(s._id), s]));
      const items = docs.map((d) => {
        const offering = offeringById.get(key(d.subjectOfferingId));
        return {
          ...d,
          subjectOffering: offering && {
            ...offering,
            subject: subjectById.get(key(offering.subjectId)),
          },
        };
      });
      res.json({ data: { papers: { items, pagination } } });
    }),
  );

  // The README's full offering tree: every level by the key of the root it hangs from.
  app.post(
    '/graphql/tree',
    express.json(),
    handle(async (req, res) => {
      const id = req.body.variables.id;
      const [hidden, offering] = await Promise.all([
        hiddenUniversities(),
        SubjectOfferingModel.findById(id).lean(),
      ]);
      if (!offering || !isVisible(hidden, offering))
        return res.json({ data: { subjectOffering: null } });
      const paperFilter = visible(hidden, { status: 'approved' });
      const contentFilter = visible(hidden, { paperStatus: 'approved' });
      const [subject, university, branch, semester, found, paperDocs, questionDocs, solutions] =
        await Promise.all([
          SubjectModel.findById(offering.subjectId).lean(),
          UniversityModel.findById(offering.universityId).lean(),
          BranchModel.findById(offering.branchId).lean(),
          SemesterModel.findById(offering.semesterId).lean(),
          SyllabusModel.findOne({ subjectOfferingId: id }).lean(),
          PaperModel.find({ ...paperFilter, subjectOfferingId: id })
            .sort(PAPER_ORDER)
            .lean(),
          QuestionModel.find({ ...contentFilter, subjectOfferingId: id })
            .sort(QUESTION_ORDER)
            .lean(),
          SolutionModel.find({ ...contentFilter, subjectOfferingId: id })
            .sort({ _id: 1 })
            .lean(),
        ]);
      for (const doc of [subject, ...paperDocs, ...questionDocs]) stripInternal(doc);
      const [modules, topics, counts] = await Promise.all([
        found ? ModuleModel.find({ syllabusId: found._id }).sort(SYLLABUS_ITEM_ORDER).lean() : [],
        found ? TopicModel.find({ syllabusId: found._id }).sort(SYLLABUS_ITEM_ORDER).lean() : [],
        tally({ subjectOfferingId: new mongoose.Types.ObjectId(String(id)) }),
      ]);
      const solutionsOf = groupBy(
        solutions.map((s) => {
          const c = counts.get(key(s._id)) ?? { upvotes: 0, downvotes: 0 };
          return { ...s, score: c.upvotes - c.downvotes, myVote: null };
        }),
        'questionId',
      );
      // The tree asks only for the ids of a module's and a paper's questions.
      const idOnly = (q) => ({ _id: q._id });
      const withSolutions = (q) => ({ ...q, solutions: solutionsOf.get(key(q._id)) ?? [] });
      const byTopic = groupBy(questionDocs, 'topicId');
      const byModule = groupBy(questionDocs, 'moduleId');
      const byPaper = groupBy(questionDocs, 'paperId');
      const topicsOf = groupBy(topics, 'moduleId');
      res.json({
        data: {
          subjectOffering: {
            ...offering,
            subject,
            university,
            branch,
            semester,
            syllabus: found && {
              ...found,
              modules: modules.map((m) => ({
                ...m,
                topics: (topicsOf.get(key(m._id)) ?? []).map((t) => ({
                  ...t,
                  questions: (byTopic.get(key(t._id)) ?? []).map(withSolutions),
                })),
                questions: (byModule.get(key(m._id)) ?? []).map(idOnly),
              })),
            },
            papers: paperDocs.map((p) => ({
              ...p,
              questions: (byPaper.get(key(p._id)) ?? []).map(idOnly),
            })),
          },
        },
      });
    }),
  );

  await addSearchFloor(app, { domain, handle, hiddenUniversities, visible });
  app.use((_req, res) => res.status(501).json({ success: false, floor: 'no baseline' }));
  app.use((error, _req, res, _next) => {
    process.stderr.write(`floor baseline error: ${error?.stack ?? error}\n`);
    res.status(500).json({ success: false });
  });
  return app;
}
